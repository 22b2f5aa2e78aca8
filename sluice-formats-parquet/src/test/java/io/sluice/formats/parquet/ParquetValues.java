package io.sluice.formats.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.apache.parquet.io.api.Binary;

/**
 * Values in Parquet's physical encodings, for test fixtures written with {@link
 * ParquetFixtureWriter}.
 */
public final class ParquetValues {

  private ParquetValues() {}

  public static Binary bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return Binary.fromConstantByteArray(bytes);
  }

  /** A TIMESTAMP(MICROS) value. */
  public static long micros(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  /** A TIMESTAMP(NANOS) value. */
  public static long nanos(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
  }

  /**
   * An INT96 value as Impala, Hive and Spark before 3.0 write it: nanoseconds of the day, then the
   * Julian day, little-endian.
   */
  public static Binary int96(Instant instant) {
    long epochDay = Math.floorDiv(instant.getEpochSecond(), 86_400L);
    long nanosOfDay =
        Duration.between(Instant.EPOCH.plus(Duration.ofDays(epochDay)), instant).toNanos();
    ByteBuffer buffer = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putLong(nanosOfDay).putInt((int) (epochDay + ParquetTimes.JULIAN_DAY_OF_EPOCH));
    return Binary.fromConstantByteArray(buffer.array());
  }

  /** A UUID's sixteen bytes, most significant first. */
  public static Binary uuid(UUID uuid) {
    ByteBuffer buffer = ByteBuffer.allocate(16);
    buffer.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
    return Binary.fromConstantByteArray(buffer.array());
  }

  /** An INTERVAL: little-endian months, days and milliseconds. */
  public static Binary interval(int months, int days, int millis) {
    ByteBuffer buffer = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(months).putInt(days).putInt(millis);
    return Binary.fromConstantByteArray(buffer.array());
  }
}
