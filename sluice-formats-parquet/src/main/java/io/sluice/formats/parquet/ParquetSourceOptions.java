package io.sluice.formats.parquet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The parsed, validated options of a {@code parquet} source (see {@link ParquetSourceOption}).
 *
 * @param columns the top-level columns to read, or empty to read them all
 * @param verifyChecksums whether page CRCs are checked
 * @param binaryAsString whether unannotated BINARY columns are read as UTF-8 text
 */
public record ParquetSourceOptions(
    List<String> columns, boolean verifyChecksums, boolean binaryAsString) {

  public ParquetSourceOptions {
    columns = List.copyOf(columns);
  }

  public static ParquetSourceOptions defaults() {
    return parse(Map.of());
  }

  /**
   * Parses a source's {@code options} map.
   *
   * @throws IllegalArgumentException naming the bad option, for unknown keys and bad values
   */
  public static ParquetSourceOptions parse(Map<String, Object> options) {
    for (String key : options.keySet()) {
      if (ParquetSourceOption.forKey(key) == null) {
        throw new IllegalArgumentException(
            "unknown parquet source option '" + key + "'; known options are " + knownKeys());
      }
    }
    return new ParquetSourceOptions(
        parseNames(options.get(ParquetSourceOption.COLUMNS.key())),
        parseBoolean(options, ParquetSourceOption.VERIFY_CHECKSUMS),
        parseBoolean(options, ParquetSourceOption.BINARY_AS_STRING));
  }

  private static List<String> parseNames(Object value) {
    List<String> names = new ArrayList<>();
    if (value instanceof List<?> list) {
      list.forEach(name -> names.add(String.valueOf(name)));
    } else if (value != null) {
      names.add(value.toString());
    }
    if (names.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("columns must not be blank");
    }
    if (new LinkedHashSet<>(names).size() != names.size()) {
      throw new IllegalArgumentException("columns names a column twice: " + names);
    }
    return names;
  }

  private static boolean parseBoolean(Map<String, Object> options, ParquetSourceOption option) {
    Object value = options.get(option.key());
    String text = value == null ? option.defaultValue() : value.toString();
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default ->
          throw new IllegalArgumentException(
              option.key() + " must be true or false, not '" + text + "'");
    };
  }

  private static String knownKeys() {
    return Arrays.stream(ParquetSourceOption.values())
        .map(ParquetSourceOption::key)
        .collect(Collectors.joining(", "));
  }
}
