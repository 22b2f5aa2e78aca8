package io.sluice.formats.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalTime;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;

/** Parquet's time encodings as {@code java.time} values; pure functions. */
final class ParquetTimes {

  /** The Julian day number of 1970-01-01. */
  static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private ParquetTimes() {}

  /** A TIMESTAMP of the given unit since 1970-01-01T00:00:00Z; exact for every unit. */
  static Instant instant(long value, TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> Instant.ofEpochMilli(value);
      case MICROS ->
          Instant.ofEpochSecond(
              Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1_000L);
      case NANOS ->
          Instant.ofEpochSecond(
              Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    };
  }

  /**
   * A legacy INT96 timestamp (Impala, Hive, Spark before 3.0): twelve bytes holding the nanoseconds
   * of the day (8 bytes) then the Julian day number (4 bytes), both little-endian, in UTC.
   */
  static Instant int96(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buffer.getLong();
    long epochDay = Integer.toUnsignedLong(buffer.getInt()) - JULIAN_DAY_OF_EPOCH;
    return Instant.ofEpochSecond(epochDay * 86_400L, nanosOfDay);
  }

  /** A TIME of the given unit since midnight. */
  static LocalTime timeOfDay(long value, TimeUnit unit) {
    long nanos =
        switch (unit) {
          case MILLIS -> value * 1_000_000L;
          case MICROS -> value < NANOS_PER_DAY ? value * 1_000L : -1;
          case NANOS -> value;
        };
    if (value < 0 || nanos < 0 || nanos >= NANOS_PER_DAY) {
      throw new InvalidValueException("holds " + value + " " + unit + ", not a time of day");
    }
    return LocalTime.ofNanoOfDay(nanos);
  }
}
