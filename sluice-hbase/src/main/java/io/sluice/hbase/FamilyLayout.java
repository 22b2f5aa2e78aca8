package io.sluice.hbase;

import java.util.Arrays;
import java.util.Locale;

/** How the cells of one column family become record fields ({@code families:} of the options). */
enum FamilyLayout {
  /** A field {@code family:qualifier} per cell: the default. */
  COLUMNS,
  /**
   * One field named after the family: a map of qualifier to value, each entry at its own cell's
   * write time and TTL, for a non-frozen {@code map} column.
   */
  MAP,
  /**
   * A record per cell (the wide-row pattern): its qualifier in field {@code qualifier}, its value
   * in {@code value} and its timestamp in {@code timestamp}, beside the row's other fields, for a
   * table whose clustering key is the qualifier.
   */
  ROWS;

  /**
   * The layout a setting names.
   *
   * @throws IllegalArgumentException naming the setting and the layouts there are
   */
  static FamilyLayout parse(String text, String setting) {
    for (FamilyLayout layout : values()) {
      if (layout.key().equalsIgnoreCase(text)) {
        return layout;
      }
    }
    throw new IllegalArgumentException(
        setting
            + " '"
            + text
            + "' is not one of "
            + Arrays.stream(values()).map(FamilyLayout::key).toList());
  }

  /** The name a job file gives this layout. */
  String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
