package io.sluice.formats.text;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Locale;
import java.util.Map;

/**
 * Reads one CSV column's dates in a pattern the job gives ({@code date-formats}), for text the
 * mapper's ISO-8601 rules would refuse, such as {@code 01/05/2024}. Patterns use java.time letters,
 * are read strictly ({@code 31/02/2024} fails; {@code yyyy} is accepted as well as {@code uuuu})
 * and without locale (month names are English).
 *
 * <p>What the text holds decides the value: a date and time with an offset or zone is that {@code
 * Instant}; a date and time without one is an {@code Instant} in {@code time-zone}; a date alone is
 * midnight UTC as an {@code Instant}, which the mapper writes to {@code date} and {@code timestamp}
 * columns alike; a time alone becomes ISO-8601 time text, which it writes to {@code time} columns.
 */
final class DateColumnFormat {

  private final String pattern;
  private final DateTimeFormatter formatter;
  private final ZoneId timeZone;

  DateColumnFormat(String pattern, ZoneId timeZone) {
    this.pattern = pattern;
    this.formatter = formatter(pattern);
    this.timeZone = timeZone;
  }

  /** Checks every pattern of a {@code date-formats} setting. */
  static void check(Map<String, String> formats) {
    formats.forEach(
        (column, pattern) -> {
          try {
            formatter(pattern);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                "date-formats has an invalid pattern for column '"
                    + column
                    + "': "
                    + e.getMessage());
          }
        });
  }

  private static DateTimeFormatter formatter(String pattern) {
    return new DateTimeFormatterBuilder()
        .appendPattern(pattern)
        .parseDefaulting(ChronoField.ERA, 1)
        .toFormatter(Locale.ROOT)
        .withResolverStyle(ResolverStyle.STRICT)
        .withChronology(IsoChronology.INSTANCE);
  }

  /** The value of {@code text}, or a {@link CellException} saying it does not fit the pattern. */
  Object parse(String text) throws CellException {
    TemporalAccessor parsed;
    try {
      parsed = formatter.parse(text);
    } catch (DateTimeParseException e) {
      throw new CellException("does not match date format '" + pattern + "'");
    }
    LocalDate date = parsed.query(TemporalQueries.localDate());
    LocalTime time = parsed.query(TemporalQueries.localTime());
    ZoneId zone = parsed.query(TemporalQueries.zone());
    if (date != null && time != null) {
      return LocalDateTime.of(date, time).atZone(zone != null ? zone : timeZone).toInstant();
    }
    if (date != null) {
      return date.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    if (time != null) {
      return time.format(DateTimeFormatter.ISO_LOCAL_TIME);
    }
    throw new CellException("date format '" + pattern + "' gives neither a date nor a time");
  }
}
