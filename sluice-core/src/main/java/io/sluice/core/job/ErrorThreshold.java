package io.sluice.core.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How many rejected records a run tolerates before it stops: an absolute count ({@code 100}) or a
 * share of the records read so far ({@code 0.5%}). {@code -1} means unlimited. Followed by {@code
 * per table} ({@code 1% per table}), a job of several tables judges each table on its own counts,
 * so a small table whose every row is refused is not hidden among a large table's good rows.
 */
public final class ErrorThreshold {

  /**
   * A percentage is only judged once this many records were read, so one early reject of ten
   * records does not stop a run allowed 1%.
   */
  static final long MIN_SAMPLE_FOR_RATIO = 1_000;

  private static final String PER_TABLE = " per table";

  private final long maxCount;
  private final double maxRatio;
  private final boolean perTable;
  private final String text;

  private ErrorThreshold(long maxCount, double maxRatio, boolean perTable, String text) {
    this.maxCount = maxCount;
    this.maxRatio = maxRatio;
    this.perTable = perTable;
    this.text = text;
  }

  @JsonCreator
  public static ErrorThreshold parse(String text) {
    String whole = text.trim();
    boolean perTable = whole.endsWith(PER_TABLE);
    String trimmed =
        perTable ? whole.substring(0, whole.length() - PER_TABLE.length()).trim() : whole;
    try {
      if (trimmed.endsWith("%")) {
        double percent = Double.parseDouble(trimmed.substring(0, trimmed.length() - 1).trim());
        if (percent < 0 || percent > 100) {
          throw new NumberFormatException();
        }
        return new ErrorThreshold(-1, percent / 100.0, perTable, whole);
      }
      long count = Long.parseLong(trimmed);
      if (count < -1) {
        throw new NumberFormatException();
      }
      return new ErrorThreshold(count, -1, perTable, whole);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "max-errors must be a count such as 100, a percentage such as 0.5%, or -1 for"
              + " unlimited, optionally followed by 'per table', not '"
              + text
              + "'");
    }
  }

  /** A count of rejects, as a job file writes it without quotes ({@code max-errors: 100}). */
  @JsonCreator
  public static ErrorThreshold ofCount(long count) {
    return parse(Long.toString(count));
  }

  public static ErrorThreshold unlimited() {
    return parse("-1");
  }

  /** Whether each table of a job of several is judged on its own counts. */
  public boolean perTable() {
    return perTable;
  }

  /** Whether {@code errors} rejects out of {@code read} records exceed the threshold. */
  public boolean exceeded(long errors, long read) {
    if (maxRatio >= 0) {
      return read >= MIN_SAMPLE_FOR_RATIO && errors > maxRatio * read;
    }
    return maxCount >= 0 && errors > maxCount;
  }

  @JsonValue
  @Override
  public String toString() {
    return text;
  }
}
