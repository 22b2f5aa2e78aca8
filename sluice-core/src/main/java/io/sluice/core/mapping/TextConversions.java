package io.sluice.core.mapping;

import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.DurationValue;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.RegexValue;
import io.sluice.core.value.UnicodeText;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.UUID;

/**
 * The text form of values, used for {@code text} and {@code ascii} columns, {@code concat} and
 * {@code hash} parts, and filter comparisons. Every value has one, and it loses nothing: scalars
 * with a natural text form use it, everything else is written as {@link JsonText JSON}.
 */
final class TextConversions {

  private TextConversions() {}

  /** The value's text form; {@code null} for null. */
  static String textOf(Object value) {
    if (value == null || value instanceof String) {
      return (String) value;
    }
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof Boolean
        || value instanceof UUID
        || value instanceof Instant
        || value instanceof LocalDate
        || value instanceof LocalTime
        || value instanceof RegexValue
        || value instanceof BoundaryKey
        || value instanceof DurationValue) {
      return value.toString();
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toString();
    }
    if (value instanceof ObjectIdValue id) {
      return id.hex();
    }
    if (value instanceof JavaScriptValue code && code.scope() == null) {
      return code.code();
    }
    return JsonText.write(value);
  }

  static Object text(Object value) throws ConversionException {
    String text = textOf(value);
    int at = UnicodeText.unpairedSurrogate(text);
    if (at >= 0) {
      throw ConversionException.cannot(
          value,
          "text",
          String.format(
              "it holds half a surrogate pair (\\u%04X at character %d), which UTF-8 cannot"
                  + " encode",
              (int) text.charAt(at), at));
    }
    return text;
  }

  static Object ascii(Object value) throws ConversionException {
    String text = textOf(value);
    if (text != null) {
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) > 127) {
          throw ConversionException.cannot(value, "ascii", "it holds non-ASCII characters");
        }
      }
    }
    return text;
  }
}
