package io.sluice.hbase;

import java.util.HexFormat;

/**
 * Where a region's reader continues: after the row whose key it names, as {@code ITEMS:HEX_KEY}
 * (the items of the split read before it and through it, and that row's key in hex); or, when a
 * family's cells are records of their own ({@link FamilyLayout#ROWS}) and only some of a row's are
 * done, as {@code ITEMS:HEX_KEY:CELLS}: that row is read again and its first {@code CELLS} records
 * left out. The key is all a resume needs; the count keeps the numbers of rejects the same after a
 * resume.
 *
 * @param itemsDone the split's items up to and including the last one done
 * @param rowKey the key of the last row done, or of the row partly done
 * @param cellsDone 0 when the row is done; else how many of its records are
 */
record RowPosition(long itemsDone, byte[] rowKey, int cellsDone) {

  private static final HexFormat HEX = HexFormat.of();

  /** The position after a whole row. */
  RowPosition(long itemsDone, byte[] rowKey) {
    this(itemsDone, rowKey, 0);
  }

  /** Whether the row is only partly done: read again from its start. */
  boolean partial() {
    return cellsDone > 0;
  }

  String text() {
    String whole = itemsDone + ":" + HEX.formatHex(rowKey);
    return partial() ? whole + ":" + cellsDone : whole;
  }

  /**
   * Reads a position {@link #text} wrote.
   *
   * @throws IllegalArgumentException when the text is not one
   */
  static RowPosition parse(String text) {
    String[] parts = text.split(":", -1);
    if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty()) {
      throw new IllegalArgumentException("not ITEMS:KEY or ITEMS:KEY:CELLS");
    }
    long items = Long.parseLong(parts[0]);
    int cells = parts.length == 3 ? Integer.parseInt(parts[2]) : 0;
    if (items < 0 || cells < 0) {
      throw new IllegalArgumentException("a negative count");
    }
    return new RowPosition(items, HEX.parseHex(parts[1]), cells);
  }
}
