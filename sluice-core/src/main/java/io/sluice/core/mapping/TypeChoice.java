package io.sluice.core.mapping;

import io.sluice.core.schema.CqlType;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The column type inference picks for a field, with a comment explaining any choice the user may
 * want to change. The widest type that holds every sampled value wins, checked by converting each
 * one; text, which holds anything, is the last resort. Strings are read for the type their text
 * stands for ({@link TextTypes}) only when the caller says the source types nothing itself.
 *
 * @param type the column type
 * @param comment why, for the YAML and the notes; null when the choice is obvious
 */
record TypeChoice(CqlType type, String comment) {

  private static final Set<String> NUMBERS = Set.of("int32", "int64", "double", "decimal");
  private static final CqlType TEXT = new CqlType.Native("text");

  /** Why instants finer than a millisecond (Parquet micros and nanos, INT96) stay text. */
  static final String FINER_THAN_MILLIS =
      "times finer than a millisecond, as ISO-8601 text; a timestamp column with 'truncate:"
          + " millis' would drop the finer part, a bigint with 'epoch-unit: micros' or 'nanos'"
          + " would keep it as a number";

  /**
   * The type for a field.
   *
   * @param readText whether strings are read for the type their text stands for, because the source
   *     types nothing itself (CSV)
   */
  static TypeChoice of(FieldProfile profile, boolean readText) {
    Set<String> kinds = profile.kinds;
    if (kinds.isEmpty()) {
      return new TypeChoice(TEXT, "null in every sampled record, so text");
    }
    if (readText && kinds.equals(Set.of("string"))) {
      TypeChoice fromText = TextTypes.of(profile.values);
      if (fromText != null) {
        return fromText;
      }
    }
    if (profile.onlyArrays()) {
      return ofArrays(profile);
    }
    if (kinds.equals(Set.of("document"))) {
      return new TypeChoice(
          TEXT,
          "document as JSON text; a map<text, ...> or a user-defined type column would keep its"
              + " fields apart");
    }
    if (kinds.size() > 1 && !NUMBERS.containsAll(kinds)) {
      return new TypeChoice(TEXT, "mixed kinds " + kinds + " in the sample, so text");
    }
    if (kinds.equals(Set.of("date"))
        && !fitsAll(new CqlType.Native("timestamp"), profile.values)
        && fitTruncatedToMillis(profile.values)) {
      return new TypeChoice(TEXT, FINER_THAN_MILLIS);
    }
    for (CqlType candidate : candidates(kinds)) {
      if (fitsAll(candidate, profile.values)) {
        return new TypeChoice(candidate, comment(kinds, candidate));
      }
    }
    return new TypeChoice(TEXT, "sampled values do not all fit one narrower type, so text");
  }

  private static TypeChoice ofArrays(FieldProfile profile) {
    if (profile.hasNestedElements()) {
      return new TypeChoice(
          TEXT,
          "array of documents or arrays as JSON text; 'explode:' can make each element a row");
    }
    Set<String> kinds = new java.util.LinkedHashSet<>(profile.elementKinds);
    kinds.remove("null");
    List<CqlType> elements = kinds.isEmpty() ? List.of(TEXT) : candidates(kinds);
    for (CqlType element : elements) {
      CqlType list = new CqlType.ListType(element, true);
      if (fitsAll(list, profile.values)) {
        return new TypeChoice(
            list,
            "frozen, because a non-frozen list rewritten at the same timestamp duplicates"
                + " its elements (CASSANDRA-11368)");
      }
    }
    return new TypeChoice(TEXT, "arrays with null or mixed elements, as JSON text");
  }

  private static List<CqlType> candidates(Set<String> kinds) {
    List<String> names = new ArrayList<>();
    if (kinds.size() == 1) {
      names.add(
          switch (kinds.iterator().next()) {
            case "boolean" -> "boolean";
            case "int32" -> "int";
            case "int64", "timestamp" -> "bigint";
            case "double" -> "double";
            case "decimal" -> "decimal";
            case "uuid" -> "uuid";
            case "date" -> "timestamp";
            // Parquet's DATE and TIME, which Values.kindOf names by their class
            case "LocalDate" -> "date";
            case "LocalTime" -> "time";
            case "binary" -> "blob";
            default -> "text";
          });
    } else if (NUMBERS.containsAll(kinds)) {
      if (kinds.contains("double") && !kinds.contains("decimal")) {
        names.add("double");
      }
      names.add(kinds.contains("double") || kinds.contains("decimal") ? "decimal" : "bigint");
    }
    names.add("text");
    return names.stream().distinct().map(n -> (CqlType) new CqlType.Native(n)).toList();
  }

  private static String comment(Set<String> kinds, CqlType type) {
    String kind = kinds.iterator().next();
    if (type.equals(TEXT) && kind.equals("objectId")) {
      return "ObjectId as text (24 hex digits); blob would store its 12 bytes";
    }
    if (kind.equals("timestamp") && kinds.size() == 1) {
      return "MongoDB timestamp as its 64-bit value (seconds << 32 | increment)";
    }
    if (type.equals(TEXT) && kinds.size() > 1) {
      return "sampled "
          + kinds
          + " values fit no one numeric type (NaN in a decimal, or an"
          + " integer too long for a double), so text";
    }
    if (type.equals(TEXT) && !kind.equals("string")) {
      return kind + " values as text";
    }
    if (kinds.size() > 1) {
      return "sample holds " + kinds + ", so " + type.toCql();
    }
    return null;
  }

  /** Whether every value fits a timestamp once the part finer than a millisecond is dropped. */
  static boolean fitTruncatedToMillis(List<Object> values) {
    return fitsAll(
        new CqlType.Native("timestamp"),
        values,
        new InstantOptions(ChronoUnit.MILLIS, ChronoUnit.MILLIS));
  }

  static boolean fitsAll(CqlType type, List<Object> values) {
    return fitsAll(type, values, InstantOptions.DEFAULT);
  }

  private static boolean fitsAll(CqlType type, List<Object> values, InstantOptions instants) {
    ValueConverter converter = ValueConverter.forType(type, false, instants);
    try {
      for (Object value : values) {
        converter.convert(value);
      }
      return true;
    } catch (ConversionException e) {
      return false;
    }
  }
}
