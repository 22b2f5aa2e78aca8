package io.sluice.core.value;

/**
 * Java strings may hold half a surrogate pair (a JSON escape of a lone surrogate gives one), which
 * is not Unicode text: UTF-8 has no encoding for it, so neither a target nor a JSON file can take
 * it as it is.
 */
public final class UnicodeText {

  private UnicodeText() {}

  /** Where {@code text} holds half a surrogate pair without the other half, or -1. */
  public static int unpairedSurrogate(String text) {
    if (text == null) {
      return -1;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      }
    }
    return -1;
  }

  /** {@code text} with every half surrogate pair replaced by U+FFFD, the replacement character. */
  public static String wellFormed(String text) {
    int at = unpairedSurrogate(text);
    if (at < 0) {
      return text;
    }
    StringBuilder fixed = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        fixed.append(c).append(text.charAt(++i));
      } else {
        fixed.append(Character.isSurrogate(c) ? '\uFFFD' : c);
      }
    }
    return fixed.toString();
  }
}
