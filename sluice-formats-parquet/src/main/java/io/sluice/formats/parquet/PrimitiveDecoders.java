package io.sluice.formats.parquet;

import io.sluice.core.value.BinaryValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntervalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Chooses, once per column, how its physical values become values of Sluice's value model, from the
 * column's physical and logical type (the type table is in the module README). Decoders throw
 * {@link InvalidValueException} for values their logical type rules out. An annotation that does
 * not fit its physical type, or that Sluice does not know, is ignored: the physical value is used.
 */
final class PrimitiveDecoders {

  private PrimitiveDecoders() {}

  @FunctionalInterface
  interface IntDecoder {
    Object decode(int value);
  }

  @FunctionalInterface
  interface LongDecoder {
    Object decode(long value);
  }

  @FunctionalInterface
  interface BinaryDecoder {
    Object decode(Binary value);
  }

  /** INT32: Integer, or per its annotation a BigDecimal, LocalDate, LocalTime or Long. */
  static IntDecoder int32(PrimitiveType type) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (logical instanceof DecimalLogicalTypeAnnotation decimal) {
      int scale = decimal.getScale();
      return value -> BigDecimal.valueOf(value, scale);
    }
    if (logical instanceof DateLogicalTypeAnnotation) {
      return LocalDate::ofEpochDay;
    }
    if (logical instanceof TimeLogicalTypeAnnotation time) {
      return value -> ParquetTimes.timeOfDay(value, time.getUnit());
    }
    if (logical instanceof IntLogicalTypeAnnotation integer
        && !integer.isSigned()
        && integer.getBitWidth() == 32) {
      return Integer::toUnsignedLong;
    }
    return Integer::valueOf;
  }

  /** INT64: Long, or per its annotation a BigDecimal, Instant or LocalTime. */
  static LongDecoder int64(PrimitiveType type) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (logical instanceof DecimalLogicalTypeAnnotation decimal) {
      int scale = decimal.getScale();
      return value -> BigDecimal.valueOf(value, scale);
    }
    if (logical instanceof TimestampLogicalTypeAnnotation timestamp) {
      return value -> ParquetTimes.instant(value, timestamp.getUnit());
    }
    if (logical instanceof TimeLogicalTypeAnnotation time) {
      return value -> ParquetTimes.timeOfDay(value, time.getUnit());
    }
    if (logical instanceof IntLogicalTypeAnnotation integer
        && !integer.isSigned()
        && integer.getBitWidth() == 64) {
      return value ->
          value >= 0
              ? BigDecimal.valueOf(value)
              : new BigDecimal(new BigInteger(Long.toUnsignedString(value)));
    }
    return Long::valueOf;
  }

  /** BINARY, FIXED_LEN_BYTE_ARRAY and INT96. */
  static BinaryDecoder binary(PrimitiveType type, boolean binaryAsString) {
    if (type.getPrimitiveTypeName() == PrimitiveTypeName.INT96) {
      return value -> ParquetTimes.int96(value.getBytesUnsafe());
    }
    boolean fixed = type.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    int length = fixed ? type.getTypeLength() : -1;
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (logical instanceof StringLogicalTypeAnnotation
        || logical instanceof EnumLogicalTypeAnnotation
        || logical instanceof JsonLogicalTypeAnnotation
        || (logical == null && !fixed && binaryAsString)) {
      return PrimitiveDecoders::utf8;
    }
    if (logical instanceof DecimalLogicalTypeAnnotation decimal) {
      int scale = decimal.getScale();
      return value -> decimal(value.getBytesUnsafe(), scale);
    }
    if (logical instanceof UUIDLogicalTypeAnnotation && length == 16) {
      return value -> uuid(value.getBytesUnsafe());
    }
    if (logical instanceof Float16LogicalTypeAnnotation && length == 2) {
      return value -> float16(value.getBytesUnsafe());
    }
    if (logical instanceof IntervalLogicalTypeAnnotation && length == 12) {
      return value -> interval(value.getBytesUnsafe());
    }
    return value -> new BinaryValue((byte) 0, value.getBytes());
  }

  /** Strict UTF-8: malformed bytes are an invalid value, never replacement characters. */
  static String utf8(Binary value) {
    byte[] bytes = value.getBytesUnsafe();
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (text.indexOf('\uFFFD') >= 0) {
      try {
        CharBuffer strict =
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes));
        return strict.toString();
      } catch (CharacterCodingException e) {
        throw new InvalidValueException("is not valid UTF-8");
      }
    }
    return text;
  }

  /** A DECIMAL's big-endian two's-complement unscaled value. */
  static BigDecimal decimal(byte[] unscaled, int scale) {
    if (unscaled.length == 0) {
      throw new InvalidValueException("is a DECIMAL of no bytes");
    }
    return new BigDecimal(new BigInteger(unscaled), scale);
  }

  /** A UUID's sixteen bytes, most significant first. */
  static UUID uuid(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return new UUID(buffer.getLong(), buffer.getLong());
  }

  /** An IEEE 754 half-precision float, stored little-endian, as the double of the same value. */
  static Double float16(byte[] bytes) {
    int bits = (bytes[0] & 0xFF) | (bytes[1] & 0xFF) << 8;
    int exponent = (bits >>> 10) & 0x1F;
    int fraction = bits & 0x3FF;
    double magnitude;
    if (exponent == 0) {
      magnitude = Math.scalb((double) fraction, -24);
    } else if (exponent == 0x1F) {
      magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
    } else {
      magnitude = Math.scalb((double) (fraction | 0x400), exponent - 25);
    }
    return (bits & 0x8000) != 0 ? -magnitude : magnitude;
  }

  /** An INTERVAL: three little-endian unsigned 32-bit counts of months, days and milliseconds. */
  static Map<String, Object> interval(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    Map<String, Object> interval = new LinkedHashMap<>();
    interval.put("months", Integer.toUnsignedLong(buffer.getInt()));
    interval.put("days", Integer.toUnsignedLong(buffer.getInt()));
    interval.put("milliseconds", Integer.toUnsignedLong(buffer.getInt()));
    return interval;
  }
}
