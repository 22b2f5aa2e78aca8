package io.sluice.hbase;

import io.sluice.core.job.ByteSizeText;

/**
 * The {@code split-size} setting of both HBase sources: the store file bytes above which a region
 * is cut into several splits ({@link RegionParts}). Free of HBase's classes, as options records are
 * read where HBase is not (the settings reference).
 */
final class SplitSize {

  static final String DEFAULT = "256MiB";

  static final String HELP =
      "The size of a split: a region whose store files hold more is cut into splits of about"
          + " this size, at rows its files' block indexes name (every cell of a row stays in"
          + " one split); a smaller region is one split. Bytes, or a number with KiB, MiB or"
          + " GiB (K, KB, M, MB, G, GB are read as the same binary units).";

  private SplitSize() {}

  /** {@code text}, or the default when it is null. */
  static String orDefault(String text) {
    String size = text == null ? DEFAULT : text;
    bytes(size);
    return size;
  }

  /**
   * The options line of {@code text} that {@code plan} keeps in its proposal, none for the default.
   */
  static String optionLine(String text) {
    return DEFAULT.equals(text) ? "" : "      split-size: " + text + "\n";
  }

  /**
   * The bytes {@code text} says.
   *
   * @throws IllegalArgumentException when it is not a byte count of at least 1
   */
  static long bytes(String text) {
    return ByteSizeText.parse(text, "split-size");
  }
}
