package io.sluice.hbase;

import java.util.List;

/**
 * One HBase row as {@code sluice plan} samples it: its key and the bytes of its latest cells, for
 * {@link MappingProposer} to guess their encodings from.
 */
record SampledRow(byte[] key, List<Cell> cells) {

  SampledRow {
    cells = List.copyOf(cells);
  }

  /** A cell's family, and its qualifier and value as they are stored. */
  record Cell(String family, byte[] qualifier, byte[] value) {}
}
