package io.sluice.hbase;

import java.util.function.Function;
import org.apache.hadoop.hbase.ByteBufferExtendedCell;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What {@link RowRecords} knows of each column a split's cells are in, found from a cell's family
 * and qualifier bytes without copying them: making a cell's {@code family:qualifier} name anew for
 * every cell was a fair share of a row's reading. One per split reader, so not thread-safe. At most
 * {@link #MAX_KEPT} columns are kept (a family of many qualifiers read as a map or as rows has a
 * column per qualifier); the others are described anew for each cell.
 */
final class CellColumns {

  /** How many columns are kept at most. */
  static final int MAX_KEPT = 4096;

  /**
   * A column of the table, as its cells are read.
   *
   * @param family the family's bytes
   * @param qualifier the qualifier's bytes
   * @param familyName the family as text
   * @param name {@code family:qualifier} as text
   * @param layout how its family's cells become fields
   * @param decoding how its values decode
   * @param familyTtlMillis its family's TTL in milliseconds, {@link Long#MAX_VALUE} for none
   */
  record Column(
      byte[] family,
      byte[] qualifier,
      String familyName,
      String name,
      FamilyLayout layout,
      BytesDecoding decoding,
      long familyTtlMillis) {}

  private final Function<Cell, Column> describe;
  private Column[] table = new Column[64];
  private int[] hashes = new int[64];
  private int kept;

  /** Columns described by {@code describe} the first time one of their cells is met. */
  CellColumns(Function<Cell, Column> describe) {
    this.describe = describe;
  }

  /** The column of {@code cell}. */
  Column of(Cell cell) {
    if (cell instanceof ByteBufferExtendedCell) {
      // Its bytes may be off the heap: hashing them in place is not worth a second path.
      return describe.apply(cell);
    }
    int hash = hash(cell);
    int mask = table.length - 1;
    int slot = hash & mask;
    for (Column column = table[slot]; column != null; column = table[slot]) {
      if (hashes[slot] == hash
          && CellUtil.matchingFamily(cell, column.family())
          && CellUtil.matchingQualifier(cell, column.qualifier())) {
        return column;
      }
      slot = (slot + 1) & mask;
    }
    Column column = describe.apply(cell);
    if (kept < MAX_KEPT) {
      table[slot] = column;
      hashes[slot] = hash;
      kept++;
      if (kept * 2 > table.length) {
        grow();
      }
    }
    return column;
  }

  /** How many columns are kept. */
  int kept() {
    return kept;
  }

  private static int hash(Cell cell) {
    return 31
            * Bytes.hashCode(cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength())
        + Bytes.hashCode(
            cell.getQualifierArray(), cell.getQualifierOffset(), cell.getQualifierLength());
  }

  private void grow() {
    Column[] oldTable = table;
    int[] oldHashes = hashes;
    table = new Column[oldTable.length * 2];
    hashes = new int[oldTable.length * 2];
    int mask = table.length - 1;
    for (int i = 0; i < oldTable.length; i++) {
      if (oldTable[i] != null) {
        int slot = oldHashes[i] & mask;
        while (table[slot] != null) {
          slot = (slot + 1) & mask;
        }
        table[slot] = oldTable[i];
        hashes[slot] = oldHashes[i];
      }
    }
  }
}
