package io.sluice.formats.parquet;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * One row group of a file: which rows of the file it holds and how many compressed bytes. Rows are
 * numbered from 0 across the whole file, which makes them positions a split can resume from.
 *
 * @param index the group's position in the file's footer
 * @param firstRow the file row number of its first row
 * @param rowCount how many rows it holds
 * @param compressedBytes the compressed size of all its column chunks
 */
record RowGroup(int index, long firstRow, long rowCount, long compressedBytes) {

  /** The row groups in a footer, in file order. */
  static List<RowGroup> of(List<BlockMetaData> blocks) {
    List<RowGroup> groups = new ArrayList<>(blocks.size());
    long firstRow = 0;
    for (int i = 0; i < blocks.size(); i++) {
      BlockMetaData block = blocks.get(i);
      groups.add(new RowGroup(i, firstRow, block.getRowCount(), block.getCompressedSize()));
      firstRow += block.getRowCount();
    }
    return groups;
  }

  /**
   * The group a split {@code [start, end)} reads: the one holding row {@code start} that ends at
   * {@code end}, or {@code null}. Row counts in a damaged footer can make groups overlap, so the
   * first group holding {@code start} is not always it.
   */
  static RowGroup ofSplit(List<RowGroup> groups, long start, long end) {
    for (RowGroup group : groups) {
      if (start >= group.firstRow && start < group.endRow() && group.endRow() == end) {
        return group;
      }
    }
    return null;
  }

  /** The non-empty group holding file row {@code row}, or {@code null}. */
  static RowGroup holding(List<RowGroup> groups, long row) {
    for (RowGroup group : groups) {
      if (row >= group.firstRow && row < group.endRow()) {
        return group;
      }
    }
    return null;
  }

  /** The file row number right after its last row. */
  long endRow() {
    return firstRow + rowCount;
  }

  /**
   * The share of the group's compressed bytes counted for its rows before file row {@code row}:
   * {@code compressedBytes * (row - firstRow) / rowCount}, rounded down, so that the shares of all
   * rows add up to exactly the group's size.
   */
  long bytesBefore(long row) {
    long rows = row - firstRow;
    if (rows <= 0 || rowCount == 0) {
      return 0;
    }
    if (Math.multiplyHigh(compressedBytes, rows) == 0 && compressedBytes * rows >= 0) {
      return compressedBytes * rows / rowCount;
    }
    return BigInteger.valueOf(compressedBytes)
        .multiply(BigInteger.valueOf(rows))
        .divide(BigInteger.valueOf(rowCount))
        .longValueExact();
  }

  /** The bytes counted for file row {@code row} alone. */
  long bytesOf(long row) {
    return bytesBefore(row + 1) - bytesBefore(row);
  }
}
