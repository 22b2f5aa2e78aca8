package io.sluice.core.mapping;

import io.sluice.core.value.DurationValue;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Conversion to CQL {@code duration}: a table source's {@link DurationValue} as it is, and text in
 * the three forms CQL itself reads, each with an optional leading minus: units such as {@code
 * 1h30m} or {@code 2y3mo4w5d6h7m8s9ms10us11ns} ({@code µs} too, any case), ISO-8601 such as {@code
 * PT1H30M} or {@code P2W}, and ISO-8601's alternative form {@code P0001-02-03T04:05:06}. Years are
 * twelve months and weeks seven days, as CQL counts them; a month is never turned into days, nor a
 * day into hours. A part too large for its field (months and days are 32-bit, nanoseconds 64-bit)
 * fails rather than wrapping.
 */
final class DurationConversions {

  private static final String TARGET = "duration";

  // The longer units first, so that "ms" is never read as "m" and then a stray "s".
  private static final String UNIT = "(y|mo|ms|m|us|\u00b5s|ns|w|d|h|s)";
  private static final Pattern UNITS = Pattern.compile("(\\d+)" + UNIT, Pattern.CASE_INSENSITIVE);
  private static final Pattern UNITS_WHOLE =
      Pattern.compile("((\\d+)" + UNIT + ")+", Pattern.CASE_INSENSITIVE);
  private static final Pattern ISO =
      Pattern.compile(
          "P(?:(\\d+)Y)?(?:(\\d+)M)?(?:(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?(?:(\\d+)S)?)?",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern ISO_WEEKS = Pattern.compile("P(\\d+)W", Pattern.CASE_INSENSITIVE);
  private static final Pattern ISO_ALTERNATIVE =
      Pattern.compile(
          "P(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})", Pattern.CASE_INSENSITIVE);

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private DurationConversions() {}

  static Object duration(Object value) throws ConversionException {
    if (value instanceof DurationValue duration) {
      return duration;
    }
    if (value instanceof String text) {
      return parse(text.strip(), value);
    }
    throw ConversionException.cannot(value, TARGET, null);
  }

  private static DurationValue parse(String text, Object value) throws ConversionException {
    boolean negative = text.startsWith("-");
    String body = negative ? text.substring(1) : text;
    Parts parts = new Parts(value);
    Matcher m;
    if (body.length() > 1 && (m = ISO.matcher(body)).matches() && !body.endsWith("T")) {
      parts.months(m.group(1), 12).months(m.group(2), 1).days(m.group(3), 1);
      parts.nanos(m.group(4), 3600 * NANOS_PER_SECOND).nanos(m.group(5), 60 * NANOS_PER_SECOND);
      parts.nanos(m.group(6), NANOS_PER_SECOND);
    } else if ((m = ISO_WEEKS.matcher(body)).matches()) {
      parts.days(m.group(1), 7);
    } else if ((m = ISO_ALTERNATIVE.matcher(body)).matches()) {
      parts.months(m.group(1), 12).months(m.group(2), 1).days(m.group(3), 1);
      parts.nanos(m.group(4), 3600 * NANOS_PER_SECOND).nanos(m.group(5), 60 * NANOS_PER_SECOND);
      parts.nanos(m.group(6), NANOS_PER_SECOND);
    } else if (UNITS_WHOLE.matcher(body).matches()) {
      Matcher unit = UNITS.matcher(body);
      while (unit.find()) {
        String amount = unit.group(1);
        switch (unit.group(2).toLowerCase(Locale.ROOT)) {
          case "y" -> parts.months(amount, 12);
          case "mo" -> parts.months(amount, 1);
          case "w" -> parts.days(amount, 7);
          case "d" -> parts.days(amount, 1);
          case "h" -> parts.nanos(amount, 3600 * NANOS_PER_SECOND);
          case "m" -> parts.nanos(amount, 60 * NANOS_PER_SECOND);
          case "s" -> parts.nanos(amount, NANOS_PER_SECOND);
          case "ms" -> parts.nanos(amount, 1_000_000L);
          case "us", "\u00b5s" -> parts.nanos(amount, 1_000L);
          default -> parts.nanos(amount, 1L);
        }
      }
    } else {
      throw ConversionException.cannot(
          value, TARGET, "not a duration like 1h30m, PT1H30M or P0000-00-00T01:30:00");
    }
    return parts.toValue(negative);
  }

  /** The parts summed so far, each checked against its field's range. */
  private static final class Parts {
    private final Object value;
    private long months;
    private long days;
    private long nanos;

    Parts(Object value) {
      this.value = value;
    }

    Parts months(String amount, long unit) throws ConversionException {
      months = add(months, amount, unit, Integer.MAX_VALUE);
      return this;
    }

    Parts days(String amount, long unit) throws ConversionException {
      days = add(days, amount, unit, Integer.MAX_VALUE);
      return this;
    }

    Parts nanos(String amount, long unit) throws ConversionException {
      nanos = add(nanos, amount, unit, Long.MAX_VALUE);
      return this;
    }

    private long add(long sum, String amount, long unit, long max) throws ConversionException {
      if (amount == null) {
        return sum;
      }
      try {
        long total = Math.addExact(sum, Math.multiplyExact(Long.parseLong(amount), unit));
        if (total > max) {
          throw new ArithmeticException();
        }
        return total;
      } catch (ArithmeticException | NumberFormatException e) {
        throw ConversionException.cannot(value, TARGET, "out of range");
      }
    }

    DurationValue toValue(boolean negative) {
      return negative
          ? new DurationValue((int) -months, (int) -days, -nanos)
          : new DurationValue((int) months, (int) days, nanos);
    }
  }
}
