package io.sluice.core.mapping;

import io.sluice.core.value.Values;

/**
 * A value that cannot be converted faithfully to a column's type. It is data about one record, not
 * a bug: the mapper turns it into a {@link MapResult.Failed}. It carries no stack trace, so failing
 * millions of records stays cheap.
 */
public final class ConversionException extends Exception {

  private final transient Object value;

  /**
   * @param message a short phrase without a final period, such as {@code cannot convert int64 to
   *     int, out of range}
   * @param value the offending value, which callers may quote a short excerpt of
   */
  public ConversionException(String message, Object value) {
    super(message, null, false, false);
    this.value = value;
  }

  /** A failure to convert {@code value} to {@code target}, because of {@code why} (may be null). */
  public static ConversionException cannot(Object value, String target, String why) {
    return new ConversionException(
        "cannot convert "
            + Values.kindOf(value)
            + " to "
            + target
            + (why == null ? "" : ", " + why),
        value);
  }

  /** The value that could not be converted (possibly an element deep inside the source value). */
  public Object value() {
    return value;
  }

  /** The same failure, located inside a larger value: {@code where} is like {@code element 3}. */
  public ConversionException within(String where) {
    return new ConversionException(where + ": " + getMessage(), value);
  }
}
