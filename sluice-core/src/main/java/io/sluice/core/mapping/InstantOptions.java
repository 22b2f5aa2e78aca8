package io.sluice.core.mapping;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How one column's conversions treat instants (dates): what an integer standing for an instant
 * counts, and whether parts finer than a unit are dropped. A column sets them with {@code
 * epoch-unit} and {@code truncate} (see {@link ColumnSpec}); they apply to every {@code timestamp},
 * {@code bigint} and {@code counter} inside the column's type, collection elements included.
 *
 * <p>By default nothing is dropped: an instant finer than what its column holds (a microsecond
 * Parquet timestamp into a CQL {@code timestamp}, which counts milliseconds) fails its record, and
 * the reason names the setting that would take it.
 *
 * @param epochUnit what one step of an epoch integer is: a {@code bigint} written from an instant
 *     holds this many units since 1970-01-01T00:00:00Z, and a {@code timestamp} reads integers in
 *     it; default {@link ChronoUnit#MILLIS}
 * @param truncateTo the unit an instant is cut down to, towards the past, before it is converted
 *     ({@code 12:00:00.123456} to millis is {@code 12:00:00.123}); {@code null}, the default, cuts
 *     nothing
 */
public record InstantOptions(ChronoUnit epochUnit, ChronoUnit truncateTo) {

  /** The units {@code epoch-unit} and {@code truncate} accept, coarsest first. */
  public static final List<ChronoUnit> UNITS =
      List.of(ChronoUnit.SECONDS, ChronoUnit.MILLIS, ChronoUnit.MICROS, ChronoUnit.NANOS);

  /** Whole milliseconds, nothing dropped. */
  public static final InstantOptions DEFAULT = new InstantOptions(ChronoUnit.MILLIS, null);

  public InstantOptions {
    Objects.requireNonNull(epochUnit, "epochUnit");
    if (!UNITS.contains(epochUnit) || (truncateTo != null && !UNITS.contains(truncateTo))) {
      throw new IllegalArgumentException("Units are seconds, millis, micros or nanos.");
    }
  }

  /** The unit named as in a job file ({@code seconds}, {@code millis}, ...), or null if none. */
  static ChronoUnit unitNamed(String name) {
    for (ChronoUnit unit : UNITS) {
      if (name(unit).equals(name)) {
        return unit;
      }
    }
    return null;
  }

  /** The unit's name in a job file. */
  static String name(ChronoUnit unit) {
    return unit.name().toLowerCase(Locale.ROOT);
  }

  /** The instant with the parts finer than {@code truncateTo} dropped, towards the past. */
  Instant truncate(Instant instant) {
    return truncateTo == null ? instant : instant.truncatedTo(truncateTo);
  }

  /**
   * The instant of an epoch integer in {@code epochUnit}. Exact: the caller checks that the result
   * fits its column.
   *
   * @throws ConversionException when the integer counts seconds past what an instant holds
   */
  Instant fromEpoch(long value, String target) throws ConversionException {
    long perSecond = perSecond(epochUnit);
    try {
      return Instant.ofEpochSecond(
          Math.floorDiv(value, perSecond),
          Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond));
    } catch (DateTimeException e) {
      throw ConversionException.cannot(value, target, "out of the range of a CQL timestamp");
    }
  }

  /**
   * The instant as a count of {@code epochUnit} since the epoch.
   *
   * @throws ConversionException when the instant is finer than the unit (the reason names the
   *     settings that would take it) or the count does not fit 64 bits
   */
  long toEpoch(Instant instant, String target) throws ConversionException {
    long perSecond = perSecond(epochUnit);
    long nanosPerUnit = 1_000_000_000L / perSecond;
    long seconds = instant.getEpochSecond();
    int nanos = instant.getNano();
    if (nanos % nanosPerUnit != 0) {
      throw ConversionException.cannot(instant, target, finerThan(epochUnit, bigintHint()));
    }
    try {
      if (seconds < 0 && nanos > 0) { // as Instant.toEpochMilli: keeps Long.MIN_VALUE in reach
        return Math.addExact(
            Math.multiplyExact(seconds + 1, perSecond), nanos / nanosPerUnit - perSecond);
      }
      return Math.addExact(Math.multiplyExact(seconds, perSecond), nanos / nanosPerUnit);
    } catch (ArithmeticException e) {
      throw ConversionException.cannot(
          instant, target, "out of the range of 64-bit " + name(epochUnit) + " since 1970");
    }
  }

  /** Why a timestamp cannot hold an instant finer than a millisecond, and what would take it. */
  static String finerThanTimestamp() {
    return finerThan(
        ChronoUnit.MILLIS, "set 'truncate: millis' on the column to drop the finer part");
  }

  private String bigintHint() {
    String keep =
        switch (epochUnit) {
          case SECONDS -> "'epoch-unit: millis', 'micros' or 'nanos'";
          case MILLIS -> "'epoch-unit: micros' or 'nanos'";
          default -> "'epoch-unit: nanos'";
        };
    return "set "
        + keep
        + " on the column to keep it, or 'truncate: "
        + name(epochUnit)
        + "' to drop the finer part";
  }

  private static String finerThan(ChronoUnit unit, String hint) {
    String singular =
        switch (unit) {
          case SECONDS -> "second";
          case MILLIS -> "millisecond";
          default -> "microsecond";
        };
    return "it is finer than a " + singular + " (" + hint + ")";
  }

  private static long perSecond(ChronoUnit unit) {
    return switch (unit) {
      case SECONDS -> 1L;
      case MILLIS -> 1_000L;
      case MICROS -> 1_000_000L;
      default -> 1_000_000_000L;
    };
  }
}
