package io.sluice.core.job;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads byte counts as job files write them: {@code 1048576}, {@code 512KiB}, {@code 64MiB}, {@code
 * 2GiB}. K, KB, M, MB, G and GB are read as the same binary units, in any case.
 */
public final class ByteSizeText {

  private static final Pattern FORM =
      Pattern.compile("(\\d+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib)", Pattern.CASE_INSENSITIVE);

  private ByteSizeText() {}

  /**
   * The number of bytes {@code text} says, at least 1.
   *
   * @param setting the setting's name, for the error message
   * @throws IllegalArgumentException naming the setting, when the text is not a byte count
   */
  public static long parse(String text, String setting) {
    Matcher matcher = FORM.matcher(text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(
          setting + " must be a byte count such as 67108864 or 64MiB, not '" + text + "'");
    }
    long number;
    try {
      number = Long.parseLong(matcher.group(1));
    } catch (NumberFormatException tooManyDigits) {
      throw tooLarge(text, setting);
    }
    int shift =
        switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
          case "k", "kb", "kib" -> 10;
          case "m", "mb", "mib" -> 20;
          case "g", "gb", "gib" -> 30;
          default -> 0;
        };
    if (number > (Long.MAX_VALUE >> shift)) {
      throw tooLarge(text, setting);
    }
    if (number == 0) {
      throw new IllegalArgumentException(setting + " must be at least 1 byte");
    }
    return number << shift;
  }

  private static IllegalArgumentException tooLarge(String text, String setting) {
    return new IllegalArgumentException(setting + " '" + text + "' is too large");
  }
}
