package io.sluice.core.mapping;

import io.sluice.core.value.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A parsed field path such as {@code phones[0].number} or {@code ['a.b'].c}: names go into
 * documents, {@code [n]} into arrays (negative counts from the end). Parsed once when the mapping
 * is compiled, then resolved against each record without parsing.
 */
final class FieldPath {

  private final String text;
  private final Object[] segments;
  private final String[] prefixes;
  private final boolean fromElement;

  private FieldPath(String text, Object[] segments, String[] prefixes, boolean fromElement) {
    this.text = text;
    this.segments = segments;
    this.prefixes = prefixes;
    this.fromElement = fromElement;
  }

  /**
   * Parses a path.
   *
   * @throws IllegalArgumentException with a phrase saying what is wrong and where
   */
  static FieldPath parse(String text) {
    if (text == null || text.isEmpty()) {
      throw new IllegalArgumentException("the field path is empty");
    }
    List<Object> segments = new ArrayList<>();
    List<String> prefixes = new ArrayList<>();
    int pos = 0;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '[' && pos + 1 < text.length() && text.charAt(pos + 1) == '\'') {
        StringBuilder name = new StringBuilder();
        pos = quoted(text, pos + 2, name);
        segments.add(name.toString());
      } else if (c == '[') {
        int end = text.indexOf(']', pos);
        String index = end < 0 ? "" : text.substring(pos + 1, end);
        if (!index.matches("-?[0-9]{1,9}")) {
          throw new IllegalArgumentException(
              "field path '" + text + "' needs an array index like [0] at position " + (pos + 1));
        }
        segments.add(Integer.valueOf(index));
        pos = end + 1;
      } else {
        if (!segments.isEmpty()) {
          if (c != '.') {
            throw new IllegalArgumentException(
                "field path '" + text + "' needs '.' or '[' at position " + (pos + 1));
          }
          pos++;
        }
        int start = pos;
        while (pos < text.length() && ".[]".indexOf(text.charAt(pos)) < 0) {
          pos++;
        }
        if (pos == start) {
          throw new IllegalArgumentException(
              "field path '" + text + "' has an empty name at position " + (start + 1));
        }
        segments.add(text.substring(start, pos));
      }
      prefixes.add(text.substring(0, pos));
    }
    if (!(segments.get(0) instanceof String)) {
      throw new IllegalArgumentException("field path '" + text + "' must start with a field name");
    }
    return new FieldPath(text, segments.toArray(), prefixes.toArray(new String[0]), false);
  }

  private static int quoted(String text, int pos, StringBuilder name) {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\\' && pos + 1 < text.length()) {
        name.append(text.charAt(pos + 1));
        pos += 2;
      } else if (c == '\'' && pos + 1 < text.length() && text.charAt(pos + 1) == ']') {
        return pos + 2;
      } else {
        name.append(c);
        pos++;
      }
    }
    throw new IllegalArgumentException("field path '" + text + "' has an unclosed ['...']");
  }

  /** The path text for a top-level field name, quoted when the name needs it. */
  static String of(String fieldName) {
    if (!fieldName.isEmpty() && fieldName.chars().noneMatch(c -> ".[]'\\".indexOf(c) >= 0)) {
      return fieldName;
    }
    return "['" + fieldName.replace("\\", "\\\\").replace("'", "\\'") + "']";
  }

  /** This path read from the exploded element when it starts with {@code alias}. */
  FieldPath bindTo(String alias) {
    return alias != null && segments[0].equals(alias)
        ? new FieldPath(text, segments, prefixes, true)
        : this;
  }

  boolean fromElement() {
    return fromElement;
  }

  /** The top-level field the path starts from. */
  String root() {
    return (String) segments[0];
  }

  /**
   * The value at this path, or null when any part of it is missing or null.
   *
   * @throws ConversionException when the path goes into a value that is not a document or array
   */
  Object resolve(Map<String, Object> fields, Object element) throws ConversionException {
    Object current = fromElement ? element : fields.get(segments[0]);
    for (int i = 1; i < segments.length && current != null; i++) {
      Object segment = segments[i];
      if (segment instanceof String name) {
        if (!(current instanceof Map<?, ?> document)) {
          throw notA(current, i, "document");
        }
        current = document.get(name);
      } else {
        if (!(current instanceof List<?> array)) {
          throw notA(current, i, "array");
        }
        int index = (Integer) segment;
        index = index < 0 ? array.size() + index : index;
        current = index >= 0 && index < array.size() ? array.get(index) : null;
      }
    }
    return current;
  }

  private ConversionException notA(Object value, int segment, String expected) {
    return new ConversionException(
        "'"
            + prefixes[segment - 1]
            + "' is "
            + article(Values.kindOf(value))
            + ", not "
            + article(expected),
        value);
  }

  private static String article(String noun) {
    return ("aeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
  }

  @Override
  public String toString() {
    return text;
  }
}
