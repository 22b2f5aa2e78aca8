package io.sluice.formats.text;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The value a plain JSON number becomes. Integers: {@code Integer} when they fit 32 bits, else
 * {@code Long}, else a {@code BigDecimal} of scale 0. Numbers with a fraction or an exponent:
 * {@code Double} when the double holds every digit the text wrote (the double, rounded to as many
 * significant digits as the text has, equals the text's value: {@code 0.1}, {@code 1.50}, {@code
 * 0.10000000000000001} and {@code 1e300} are doubles); otherwise a {@code BigDecimal} with every
 * written digit ({@code 3.14159265358979323846}, {@code 1e400}, {@code 1e-400}), so no digit is
 * lost silently. For an exact decimal whatever its length, write {@code {"$numberDecimal": "..."}}.
 */
final class JsonNumbers {

  /** Texts this short have at most 15 significant digits, which a double always holds. */
  private static final int SHORT_TEXT = 15;

  private JsonNumbers() {}

  static Object integer(JsonParser parser) throws IOException {
    return switch (parser.getNumberType()) {
      case INT -> parser.getIntValue();
      case LONG -> parser.getLongValue();
      default -> new BigDecimal(parser.getBigIntegerValue());
    };
  }

  static Object floating(String text) throws MalformedJsonException {
    double value = Double.parseDouble(text);
    double magnitude = Math.abs(value);
    if (text.length() <= SHORT_TEXT
        && magnitude >= Double.MIN_NORMAL
        && magnitude <= Double.MAX_VALUE) {
      return value;
    }
    BigDecimal exact;
    try {
      exact = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new MalformedJsonException("the number's exponent is out of range");
    }
    if (Double.isFinite(value)
        && new BigDecimal(value)
                .round(new MathContext(exact.precision(), RoundingMode.HALF_EVEN))
                .compareTo(exact)
            == 0) {
      return value;
    }
    return exact;
  }
}
