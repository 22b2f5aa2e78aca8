package io.sluice.core.value;

/**
 * A CQL {@code duration}: months, days and nanoseconds, kept apart as Cassandra keeps them (a month
 * is not a number of days, nor a day a number of hours, across daylight saving changes). The three
 * have one sign. Durations have no order, so two compare equal only when all three parts are.
 *
 * @param months whole months
 * @param days whole days
 * @param nanoseconds the rest, in nanoseconds
 */
public record DurationValue(int months, int days, long nanoseconds) {

  private static final long NANOS_PER_MICRO = 1_000L;
  private static final long NANOS_PER_MILLI = 1_000_000L;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final long NANOS_PER_MINUTE = 60 * NANOS_PER_SECOND;
  private static final long NANOS_PER_HOUR = 60 * NANOS_PER_MINUTE;

  /**
   * @throws IllegalArgumentException when the parts are not all of one sign, as CQL requires
   */
  public DurationValue {
    boolean negative = months < 0 || days < 0 || nanoseconds < 0;
    boolean positive = months > 0 || days > 0 || nanoseconds > 0;
    if (negative && positive) {
      throw new IllegalArgumentException(
          "a duration's months, days and nanoseconds must all have the same sign");
    }
  }

  /**
   * The duration as CQL writes it, which is also a CQL literal of it: {@code
   * 1y2mo3d4h5m6s7ms8us9ns} with the parts that are zero left out, a minus sign before a negative
   * one, {@code 0s} for none.
   */
  @Override
  public String toString() {
    if (months == 0 && days == 0 && nanoseconds == 0) {
      return "0s";
    }
    StringBuilder text = new StringBuilder();
    if (months < 0 || days < 0 || nanoseconds < 0) {
      text.append('-');
    }
    long m = Math.abs((long) months);
    append(text, m / 12, "y");
    append(text, m % 12, "mo");
    append(text, Math.abs((long) days), "d");
    // Long.MIN_VALUE nanoseconds has no positive counterpart: split it before taking the sign off.
    long hours = Math.abs(nanoseconds / NANOS_PER_HOUR);
    long rest = Math.abs(nanoseconds % NANOS_PER_HOUR);
    append(text, hours, "h");
    append(text, rest / NANOS_PER_MINUTE, "m");
    rest %= NANOS_PER_MINUTE;
    append(text, rest / NANOS_PER_SECOND, "s");
    rest %= NANOS_PER_SECOND;
    append(text, rest / NANOS_PER_MILLI, "ms");
    rest %= NANOS_PER_MILLI;
    append(text, rest / NANOS_PER_MICRO, "us");
    append(text, rest % NANOS_PER_MICRO, "ns");
    return text.toString();
  }

  private static void append(StringBuilder text, long amount, String unit) {
    if (amount != 0) {
      text.append(amount).append(unit);
    }
  }
}
