package io.sluice.formats.bson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The parsed, validated options of a {@code bson} source (see {@link BsonSourceOption}).
 *
 * @param splitSize target bytes per split of a plain file, at least 1
 * @param collections the collections to read, or empty to read them all
 * @param splitCache whether to read and write {@code <file>.splits}
 */
public record BsonSourceOptions(long splitSize, List<String> collections, boolean splitCache) {

  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib)", Pattern.CASE_INSENSITIVE);

  public BsonSourceOptions {
    collections = List.copyOf(collections);
    if (splitSize < 1) {
      throw new IllegalArgumentException("split-size must be at least 1 byte");
    }
  }

  public static BsonSourceOptions defaults() {
    return parse(Map.of());
  }

  /**
   * Parses a source's {@code options} map.
   *
   * @throws IllegalArgumentException naming the bad option, for unknown keys and bad values
   */
  public static BsonSourceOptions parse(Map<String, Object> options) {
    for (String key : options.keySet()) {
      if (BsonSourceOption.forKey(key) == null) {
        throw new IllegalArgumentException(
            "unknown bson source option '" + key + "'; known options are " + knownKeys());
      }
    }
    return new BsonSourceOptions(
        parseSize(value(options, BsonSourceOption.SPLIT_SIZE)),
        parseNames(options.get(BsonSourceOption.COLLECTION.key())),
        parseBoolean(value(options, BsonSourceOption.SPLIT_CACHE)));
  }

  /** Parses a byte count such as {@code 1048576}, {@code 512KiB} or {@code 64MiB}. */
  static long parseSize(String text) {
    Matcher matcher = SIZE.matcher(text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(
          "split-size must be a byte count such as 67108864 or 64MiB, not '" + text + "'");
    }
    long number = Long.parseLong(matcher.group(1));
    int shift =
        switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
          case "k", "kb", "kib" -> 10;
          case "m", "mb", "mib" -> 20;
          case "g", "gb", "gib" -> 30;
          default -> 0;
        };
    if (number > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("split-size '" + text + "' is too large");
    }
    return number << shift;
  }

  private static String value(Map<String, Object> options, BsonSourceOption option) {
    Object value = options.get(option.key());
    return value == null ? option.defaultValue() : value.toString();
  }

  private static List<String> parseNames(Object value) {
    List<String> names = new ArrayList<>();
    if (value instanceof List<?> list) {
      list.forEach(name -> names.add(String.valueOf(name)));
    } else if (value != null) {
      names.add(value.toString());
    }
    if (names.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("collection names must not be blank");
    }
    return names;
  }

  private static boolean parseBoolean(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default ->
          throw new IllegalArgumentException(
              "split-cache must be true or false, not '" + text + "'");
    };
  }

  private static String knownKeys() {
    return Arrays.stream(BsonSourceOption.values())
        .map(BsonSourceOption::key)
        .collect(Collectors.joining(", "));
  }
}
