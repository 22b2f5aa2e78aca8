package io.sluice.core.job;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads durations as job files write them: {@code 500ms}, {@code 30s}, {@code 10m}, {@code 2h}. */
public final class DurationText {

  private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

  private DurationText() {}

  /**
   * @param setting the setting's name, for the error message
   */
  public static Duration parse(String text, String setting) {
    Matcher matcher = FORM.matcher(text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(
          setting + " must be a number with ms, s, m or h (such as 10m), not '" + text + "'");
    }
    long amount = Long.parseLong(matcher.group(1));
    return switch (matcher.group(2)) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      case "m" -> Duration.ofMinutes(amount);
      default -> Duration.ofHours(amount);
    };
  }
}
