package io.sluice.formats.text;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads option values as a job file gives them (YAML scalars, lists and maps) into typed values,
 * with one-sentence errors naming the option. Shared by the CSV and NDJSON option parsers.
 */
final class OptionValues {

  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib)", Pattern.CASE_INSENSITIVE);

  private final String format;
  private final Map<String, Object> options;

  private OptionValues(String format, Map<String, Object> options) {
    this.format = format;
    this.options = options;
  }

  /**
   * Checks that every key is one of {@code known}, then gives access to the values.
   *
   * @throws IllegalArgumentException naming the unknown key and listing the known ones
   */
  static OptionValues of(String format, Map<String, Object> options, TextOption[] known) {
    for (String key : options.keySet()) {
      if (Arrays.stream(known).noneMatch(option -> option.key().equals(key))) {
        throw new IllegalArgumentException(
            "unknown "
                + format
                + " source option '"
                + key
                + "'; known options are "
                + Arrays.stream(known).map(TextOption::key).collect(Collectors.joining(", ")));
      }
    }
    return new OptionValues(format, options);
  }

  boolean isSet(TextOption option) {
    return options.get(option.key()) != null;
  }

  /** The value as text, or the option's default. */
  String text(TextOption option) {
    Object value = options.get(option.key());
    return value == null ? option.defaultValue() : value.toString();
  }

  /** A byte count such as {@code 1048576}, {@code 512KiB} or {@code 64MiB}, at least 1. */
  long size(TextOption option) {
    String text = text(option);
    Matcher matcher = SIZE.matcher(text.trim());
    if (!matcher.matches()) {
      throw invalid(option, "must be a byte count such as 67108864 or 64MiB, not '" + text + "'");
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
      throw invalid(option, "'" + text + "' is too large");
    }
    if (number == 0) {
      throw invalid(option, "must be at least 1 byte");
    }
    return number << shift;
  }

  boolean bool(TextOption option) {
    String text = text(option);
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default -> throw invalid(option, "must be true or false, not '" + text + "'");
    };
  }

  int nonNegativeInt(TextOption option) {
    String text = text(option);
    try {
      int value = Integer.parseInt(text.trim());
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw invalid(option, "must be a whole number of at least 0, not '" + text + "'");
  }

  /**
   * One ASCII character, or -1 when the value is empty or {@code none} (and {@code allowNone}).
   * {@code tab} and {@code \t} name the tab character.
   */
  int asciiChar(TextOption option, boolean allowNone) {
    String text = text(option);
    if (text == null || text.isEmpty() || text.equalsIgnoreCase("none")) {
      if (allowNone) {
        return -1;
      }
      throw invalid(option, "must be one character");
    }
    if (text.equalsIgnoreCase("tab") || text.equals("\\t")) {
      return '\t';
    }
    if (text.length() != 1 || text.charAt(0) > 0x7E || text.charAt(0) == '\n') {
      throw invalid(
          option, "must be one ASCII character other than a line break, not '" + text + "'");
    }
    return text.charAt(0);
  }

  /** A list of strings; a single scalar is a list of one; absent gives the default's items. */
  List<String> list(TextOption option, List<String> fallback) {
    Object value = options.get(option.key());
    if (value == null) {
      return fallback;
    }
    List<String> items = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object item : list) {
        if (item == null) {
          throw invalid(option, "must not hold null items");
        }
        items.add(item.toString());
      }
    } else {
      items.add(value.toString());
    }
    return List.copyOf(items);
  }

  /** A map of names to strings, in the order given. */
  Map<String, String> map(TextOption option) {
    Object value = options.get(option.key());
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw invalid(option, "must be a map such as {signup: \"dd/MM/yyyy\"}");
    }
    Map<String, String> result = new LinkedHashMap<>();
    map.forEach(
        (k, v) -> {
          if (k == null || v == null) {
            throw invalid(option, "must not hold null names or values");
          }
          result.put(k.toString(), v.toString());
        });
    return result;
  }

  Charset charset(TextOption option) {
    String text = text(option);
    try {
      return Charset.forName(text.trim());
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw invalid(option, "names an unknown encoding '" + text + "'");
    }
  }

  IllegalArgumentException invalid(TextOption option, String problem) {
    return new IllegalArgumentException(
        format + " source option '" + option.key() + "' " + problem);
  }
}
