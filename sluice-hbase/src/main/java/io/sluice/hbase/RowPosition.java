package io.sluice.hbase;

import java.util.HexFormat;

/**
 * Where a region's reader continues: after the row whose key it names, as {@code ROWS:HEX_KEY} (the
 * rows of the split read before it and through it, and that row's key in hex). The key is all a
 * resume needs; the count keeps the row numbers of rejects the same after a resume.
 *
 * @param rowsDone the split's rows up to and including this one
 * @param rowKey the key of the last row done
 */
record RowPosition(long rowsDone, byte[] rowKey) {

  private static final HexFormat HEX = HexFormat.of();

  String text() {
    return rowsDone + ":" + HEX.formatHex(rowKey);
  }

  /**
   * Reads a position {@link #text} wrote.
   *
   * @throws IllegalArgumentException when the text is not one
   */
  static RowPosition parse(String text) {
    int colon = text.indexOf(':');
    if (colon < 1) {
      throw new IllegalArgumentException("no ':' after the row count");
    }
    long rows = Long.parseLong(text.substring(0, colon));
    if (rows < 0) {
      throw new IllegalArgumentException("a negative row count");
    }
    return new RowPosition(rows, HEX.parseHex(text.substring(colon + 1)));
  }
}
