package io.sluice.core.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How many rejected records a run tolerates before it stops: an absolute count ({@code 100}) or a
 * share of the records read so far ({@code 0.5%}). {@code -1} means unlimited.
 */
public final class ErrorThreshold {

  /**
   * A percentage is only judged once this many records were read, so one early reject of ten
   * records does not stop a run allowed 1%.
   */
  static final long MIN_SAMPLE_FOR_RATIO = 1_000;

  private final long maxCount;
  private final double maxRatio;
  private final String text;

  private ErrorThreshold(long maxCount, double maxRatio, String text) {
    this.maxCount = maxCount;
    this.maxRatio = maxRatio;
    this.text = text;
  }

  @JsonCreator
  public static ErrorThreshold parse(String text) {
    String trimmed = text.trim();
    try {
      if (trimmed.endsWith("%")) {
        double percent = Double.parseDouble(trimmed.substring(0, trimmed.length() - 1).trim());
        if (percent < 0 || percent > 100) {
          throw new NumberFormatException();
        }
        return new ErrorThreshold(-1, percent / 100.0, trimmed);
      }
      long count = Long.parseLong(trimmed);
      if (count < -1) {
        throw new NumberFormatException();
      }
      return new ErrorThreshold(count, -1, trimmed);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "max-errors must be a count such as 100, a percentage such as 0.5%, or -1 for"
              + " unlimited, not '"
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
