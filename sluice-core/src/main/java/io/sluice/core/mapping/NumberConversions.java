package io.sluice.core.mapping;

import io.sluice.core.value.OplogTimestampValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * Conversions to the numeric CQL types. A number is only ever converted when the result has the
 * same value: no rounding, no truncation, no wrap-around. Text is parsed strictly (plain decimal
 * notation, no spaces, no hex).
 */
final class NumberConversions {

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("-?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");

  private NumberConversions() {}

  static ValueConverter integral(String target, long min, long max) {
    // Told apart once, not for every value.
    int width =
        switch (target) {
          case "int" -> Integer.SIZE;
          case "smallint" -> Short.SIZE;
          case "tinyint" -> Byte.SIZE;
          default -> Long.SIZE;
        };
    boolean anyLong = width == Long.SIZE && min == Long.MIN_VALUE && max == Long.MAX_VALUE;
    return value -> {
      if (value == null) {
        return null;
      }
      if (anyLong && value instanceof Long) {
        // Already what the column takes: not unboxed and boxed again, value after value.
        return value;
      }
      long result = toLong(value, target);
      if (result < min || result > max) {
        throw ConversionException.cannot(value, target, "out of range");
      }
      return switch (width) {
        case Integer.SIZE -> Integer.valueOf((int) result);
        case Short.SIZE -> Short.valueOf((short) result);
        case Byte.SIZE -> Byte.valueOf((byte) result);
        default -> Long.valueOf(result);
      };
    };
  }

  /**
   * {@code bigint} and {@code counter}, which also take dates (as a count of the column's {@code
   * epoch-unit} since 1970, after its {@code truncate}) and MongoDB timestamps.
   */
  static ValueConverter bigint(String target, InstantOptions instants) {
    ValueConverter plain = integral(target, Long.MIN_VALUE, Long.MAX_VALUE);
    return value -> {
      if (value instanceof Instant instant) {
        return instants.toEpoch(instants.truncate(instant), target);
      }
      if (value instanceof OplogTimestampValue timestamp) {
        return timestamp.asLong();
      }
      return plain.convert(value);
    };
  }

  private static long toLong(Object value, String target) throws ConversionException {
    if (value instanceof Integer i) {
      return i;
    }
    if (value instanceof Long l) {
      return l;
    }
    if (value instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        throw ConversionException.cannot(value, target, "not a finite number");
      }
      if (d != Math.rint(d)) {
        throw ConversionException.cannot(value, target, "it has a fraction");
      }
      if (d < -0x1p63 || d >= 0x1p63) {
        throw ConversionException.cannot(value, target, "out of range");
      }
      return d.longValue();
    }
    if (value instanceof BigDecimal decimal) {
      return longOf(decimal, value, target);
    }
    if (value instanceof String text) {
      long plain = PlainNumbers.shortInteger(text);
      return plain != PlainNumbers.NOT_SHORT ? plain : exactLong(text, target);
    }
    throw ConversionException.cannot(value, target, null);
  }

  /** Integer text of any length, through a {@code BigDecimal}: the path for uncommon forms. */
  static long exactLong(String text, String target) throws ConversionException {
    if (!INTEGER.matcher(text).matches()) {
      throw ConversionException.cannot(text, target, "not an integer");
    }
    return longOf(new BigDecimal(text), text, target);
  }

  private static long longOf(BigDecimal decimal, Object value, String target)
      throws ConversionException {
    if (decimal.signum() != 0 && decimal.stripTrailingZeros().scale() > 0) {
      throw ConversionException.cannot(value, target, "it has a fraction");
    }
    try {
      return decimal.longValueExact();
    } catch (ArithmeticException e) {
      throw ConversionException.cannot(value, target, "out of range");
    }
  }

  static Object varint(Object value) throws ConversionException {
    if (value instanceof Integer || value instanceof Long) {
      return BigInteger.valueOf(((Number) value).longValue());
    }
    if (value instanceof Double d && !d.isNaN() && !d.isInfinite()) {
      return integralPart(new BigDecimal(d), value);
    }
    if (value instanceof BigDecimal decimal) {
      return integralPart(decimal, value);
    }
    if (value instanceof String text && INTEGER.matcher(text).matches()) {
      return new BigInteger(text);
    }
    throw ConversionException.cannot(
        value, "varint", value instanceof String ? "not an integer" : null);
  }

  private static BigInteger integralPart(BigDecimal decimal, Object value)
      throws ConversionException {
    try {
      return decimal.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw ConversionException.cannot(value, "varint", "it has a fraction");
    }
  }

  static Object decimal(Object value) throws ConversionException {
    if (value instanceof Integer || value instanceof Long) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        throw ConversionException.cannot(value, "decimal", "decimal has no NaN or Infinity");
      }
      return BigDecimal.valueOf(d);
    }
    if (value instanceof BigDecimal) {
      return value;
    }
    if (value instanceof String text) {
      return parseDecimal(text, "decimal");
    }
    throw ConversionException.cannot(value, "decimal", null);
  }

  static Object toDouble(Object value) throws ConversionException {
    if (value instanceof Double) {
      return value;
    }
    if (value instanceof Integer i) {
      return (double) i;
    }
    if (value instanceof Long l) {
      double d = l;
      if (d >= 0x1p63 || (long) d != l) {
        throw ConversionException.cannot(value, "double", "not exactly representable");
      }
      return d;
    }
    if (value instanceof String text) {
      double plain = PlainNumbers.shortDecimal(text);
      return Double.isNaN(plain) ? exactDouble(text) : plain;
    }
    return doubleOf(decimalOf(value, "double"), value);
  }

  /**
   * Number text of any form, through a {@code BigDecimal} that the double must read back as: the
   * path for uncommon forms.
   */
  static double exactDouble(String text) throws ConversionException {
    if (isNonFinite(text)) {
      return Double.parseDouble(text);
    }
    return doubleOf(parseDecimal(text, "double"), text);
  }

  private static double doubleOf(BigDecimal decimal, Object value) throws ConversionException {
    double d = decimal.doubleValue();
    if (Double.isInfinite(d)) {
      throw ConversionException.cannot(value, "double", "out of range");
    }
    if (BigDecimal.valueOf(d).compareTo(decimal) != 0) {
      throw ConversionException.cannot(value, "double", "more digits than a double holds");
    }
    return d;
  }

  static Object toFloat(Object value) throws ConversionException {
    if (value instanceof Double d) {
      if ((double) d.floatValue() != d && !d.isNaN()) {
        throw ConversionException.cannot(value, "float", "not exactly representable");
      }
      return d.floatValue();
    }
    if (value instanceof Integer || value instanceof Long) {
      long l = ((Number) value).longValue();
      float f = l;
      if (f >= 0x1p63f || (long) f != l) {
        throw ConversionException.cannot(value, "float", "not exactly representable");
      }
      return f;
    }
    if (value instanceof String text && isNonFinite(text)) {
      return Float.parseFloat(text);
    }
    BigDecimal decimal =
        value instanceof String text ? parseDecimal(text, "float") : decimalOf(value, "float");
    float f = decimal.floatValue();
    if (Float.isInfinite(f)) {
      throw ConversionException.cannot(value, "float", "out of range");
    }
    if (new BigDecimal(Float.toString(f)).compareTo(decimal) != 0) {
      throw ConversionException.cannot(value, "float", "more digits than a float holds");
    }
    return f;
  }

  /**
   * A vector's float element: as {@link #toFloat}, and also a double whose shortest decimal form is
   * a float's exactly, since a vector from a JSON file holds its numbers as written ({@code 0.1}),
   * which a float column's stricter rule for doubles would refuse. A double with more digits than a
   * float holds still fails: nothing is rounded.
   */
  static Object toVectorFloat(Object value) throws ConversionException {
    if (value instanceof Double d && Double.isFinite(d) && (double) d.floatValue() != d) {
      float f = d.floatValue();
      if (Float.isInfinite(f)) {
        throw ConversionException.cannot(value, "float", "out of range");
      }
      if (new BigDecimal(Float.toString(f)).compareTo(new BigDecimal(Double.toString(d))) != 0) {
        throw ConversionException.cannot(value, "float", "more digits than a float holds");
      }
      return f;
    }
    return toFloat(value);
  }

  private static BigDecimal decimalOf(Object value, String target) throws ConversionException {
    if (value instanceof BigDecimal decimal) {
      return decimal;
    }
    throw ConversionException.cannot(value, target, null);
  }

  private static BigDecimal parseDecimal(String text, String target) throws ConversionException {
    if (!DECIMAL.matcher(text).matches()) {
      throw ConversionException.cannot(text, target, "not a number");
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw ConversionException.cannot(text, target, "out of range");
    }
  }

  private static boolean isNonFinite(String text) {
    return text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity");
  }
}
