package io.sluice.core.mapping;

import io.sluice.core.schema.CqlType;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The type that text values stand for, for inference from sources that type nothing themselves
 * (CSV, whose cells are all text). A type is chosen only when every sampled value converts to it,
 * tried in this order: boolean ({@code true}/{@code false}, any case); int, bigint, varint; decimal
 * (or double when NaN or Infinity appear); uuid; timestamp (ISO-8601 with an offset); date
 * (ISO-8601). Numbers count only in their plain form: a leading zero ({@code 007}, a zip code), a
 * plus sign or {@code -0} keeps the field text, because the number would not keep it.
 */
final class TextTypes {

  private static final Pattern PLAIN_INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
  private static final Pattern PLAIN_NUMBER =
      Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
  private static final Pattern NEGATIVE_ZERO = Pattern.compile("-0(\\.0*)?([eE][+-]?[0-9]+)?");
  private static final Set<String> NON_FINITE = Set.of("NaN", "Infinity", "-Infinity");

  private TextTypes() {}

  /** The type every value (all strings) reads as, or null when text is the only fit. */
  static TypeChoice of(List<Object> values) {
    List<String> texts = values.stream().map(String.class::cast).toList();
    if (texts.stream().allMatch(TextTypes::isBoolean)) {
      return choice("boolean", null);
    }
    if (texts.stream().allMatch(t -> plain(PLAIN_INTEGER, t))) {
      for (String type : List.of("int", "bigint", "varint")) {
        if (TypeChoice.fitsAll(cql(type), values)) {
          return choice(type, null);
        }
      }
    }
    if (texts.stream().allMatch(t -> plain(PLAIN_NUMBER, t) || NON_FINITE.contains(t))) {
      TypeChoice number = number(texts, values);
      if (number != null) {
        return number;
      }
    }
    if (TypeChoice.fitsAll(cql("uuid"), values)) {
      return choice("uuid", null);
    }
    if (TypeChoice.fitsAll(cql("timestamp"), values)) {
      return choice("timestamp", null);
    }
    if (TypeChoice.fitTruncatedToMillis(values)) {
      return new TypeChoice(cql("text"), TypeChoice.FINER_THAN_MILLIS);
    }
    if (TypeChoice.fitsAll(cql("date"), values)) {
      return choice("date", null);
    }
    return null;
  }

  private static TypeChoice number(List<String> texts, List<Object> values) {
    if (texts.stream().anyMatch(NON_FINITE::contains)) {
      return TypeChoice.fitsAll(cql("double"), values)
          ? choice("double", "numbers with NaN or Infinity, which only double holds")
          : null;
    }
    return TypeChoice.fitsAll(cql("decimal"), values)
        ? choice(
            "decimal",
            "numbers as decimal, every digit as written; double if approximate values will do")
        : null;
  }

  /** Whether the text is a number written plainly: no leading zero, no plus sign, no -0. */
  private static boolean plain(Pattern number, String text) {
    return number.matcher(text).matches() && !NEGATIVE_ZERO.matcher(text).matches();
  }

  private static boolean isBoolean(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    return lower.equals("true") || lower.equals("false");
  }

  private static TypeChoice choice(String type, String comment) {
    return new TypeChoice(cql(type), comment);
  }

  private static CqlType cql(String name) {
    return new CqlType.Native(name);
  }
}
