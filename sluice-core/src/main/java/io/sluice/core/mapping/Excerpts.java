package io.sluice.core.mapping;

import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.JavaScriptValue;
import java.util.List;
import java.util.Map;

/**
 * Short, safe quotes of values for failure reasons: at most 40 characters, and only of scalar
 * values, so a reject file never holds whole documents.
 */
final class Excerpts {

  static final int MAX_LENGTH = 40;

  private Excerpts() {}

  /** The text cut to {@link #MAX_LENGTH} characters, marking the cut with an ellipsis. */
  static String shorten(String text) {
    return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 1) + "…";
  }

  /** {@code " (value ...)"} for a scalar value, or an empty string for anything larger. */
  static String of(Object value) {
    if (value == null
        || value instanceof Map
        || value instanceof List
        || value instanceof BinaryValue
        || value instanceof JavaScriptValue) {
      return "";
    }
    String text = shorten(TextConversions.textOf(value));
    return value instanceof String ? " (value \"" + text + "\")" : " (value " + text + ")";
  }
}
