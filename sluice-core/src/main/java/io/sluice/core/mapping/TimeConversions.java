package io.sluice.core.mapping;

import io.sluice.core.value.OplogTimestampValue;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Conversions to CQL {@code timestamp}, {@code date} and {@code time}. A CQL timestamp counts
 * milliseconds in a signed 64-bit integer (about ±292 million years) and a date counts days in 32
 * bits (about ±5.8 million years): values outside fail rather than being clamped, and values finer
 * than a millisecond fail unless the column sets {@code truncate} (see {@link InstantOptions}).
 * Text must be ISO-8601 with its offset ({@code 2024-05-01T12:00:00Z}, {@code
 * 1969-07-20T20:17:40.5+01:00}); text without an offset fails, because its zone is unknown. Dates
 * and times of day without a zone ({@link LocalDate}, {@link LocalTime}, as Parquet's DATE and TIME
 * read) fill date and time columns as they are.
 */
final class TimeConversions {

  private TimeConversions() {}

  /** Conversions to timestamp, with a column's {@code epoch-unit} and {@code truncate}. */
  static ValueConverter timestamp(InstantOptions options) {
    return value -> {
      Instant instant = options.truncate(instantOf(value, options));
      epochMillis(instant, "timestamp");
      return instant;
    };
  }

  private static Instant instantOf(Object value, InstantOptions options)
      throws ConversionException {
    if (value instanceof Instant instant) {
      return instant;
    }
    if (value instanceof Integer || value instanceof Long) {
      return options.fromEpoch(((Number) value).longValue(), "timestamp");
    }
    if (value instanceof OplogTimestampValue timestamp) {
      return Instant.ofEpochSecond(timestamp.seconds() & 0xFFFFFFFFL);
    }
    if (value instanceof String text) {
      return parseInstant(text);
    }
    throw ConversionException.cannot(value, "timestamp", null);
  }

  /** Milliseconds since the epoch, failing when the instant is finer or out of range. */
  private static long epochMillis(Instant instant, String target) throws ConversionException {
    long millis;
    try {
      millis = instant.toEpochMilli();
    } catch (ArithmeticException e) {
      throw ConversionException.cannot(instant, target, "out of the range of a CQL timestamp");
    }
    if (instant.getNano() % 1_000_000 != 0) {
      throw ConversionException.cannot(instant, target, InstantOptions.finerThanTimestamp());
    }
    return millis;
  }

  static Object date(Object value) throws ConversionException {
    LocalDate date;
    if (value instanceof LocalDate local) {
      date = local;
    } else if (value instanceof Instant instant) {
      if (instant.getEpochSecond() % 86_400 != 0 || instant.getNano() != 0) {
        throw ConversionException.cannot(value, "date", "not at midnight UTC");
      }
      date = LocalDate.ofInstant(instant, ZoneOffset.UTC);
    } else if (value instanceof String text) {
      try {
        date = LocalDate.parse(text, DateTimeFormatter.ISO_LOCAL_DATE);
      } catch (DateTimeParseException e) {
        throw ConversionException.cannot(value, "date", "not an ISO-8601 date like 2024-05-01");
      }
    } else {
      throw ConversionException.cannot(value, "date", null);
    }
    long days = date.toEpochDay();
    if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
      throw ConversionException.cannot(value, "date", "out of the range of a CQL date");
    }
    return date;
  }

  static Object time(Object value) throws ConversionException {
    if (value instanceof LocalTime) {
      return value;
    }
    if (value instanceof String text) {
      try {
        return LocalTime.parse(text, DateTimeFormatter.ISO_LOCAL_TIME);
      } catch (DateTimeParseException e) {
        throw ConversionException.cannot(value, "time", "not an ISO-8601 time like 13:45:00");
      }
    }
    throw ConversionException.cannot(value, "time", null);
  }

  private static Instant parseInstant(String text) throws ConversionException {
    Instant common = IsoInstants.parseCommonForm(text);
    return common != null ? common : exactInstant(text);
  }

  /** ISO-8601 text with an offset, in any form {@code ISO_OFFSET_DATE_TIME} reads. */
  static Instant exactInstant(String text) throws ConversionException {
    try {
      return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
    } catch (DateTimeParseException e) {
      throw ConversionException.cannot(
          text, "timestamp", "not an ISO-8601 time with offset like 2024-05-01T12:00:00Z");
    }
  }
}
