package io.sluice.proxy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading CQL text where it is code: outside string literals, quoted names and comments. */
final class CqlText {

  private static final Pattern CONDITION =
      Pattern.compile("(?i)(?<![A-Za-z0-9_])IF(?![A-Za-z0-9_])");

  private CqlText() {}

  /**
   * The end of a string literal, quoted name or comment that starts at {@code i}, or {@code i} when
   * none starts there.
   */
  static int endOfQuoted(String cql, int i) {
    char c = cql.charAt(i);
    if (c == '\'' || c == '"') {
      int j = i + 1;
      while (j < cql.length()) {
        if (cql.charAt(j) == c) {
          if (j + 1 < cql.length() && cql.charAt(j + 1) == c) {
            j += 2;
            continue;
          }
          return j + 1;
        }
        j++;
      }
      return cql.length();
    }
    if (cql.startsWith("$$", i)) {
      int close = cql.indexOf("$$", i + 2);
      return close < 0 ? cql.length() : close + 2;
    }
    if (cql.startsWith("--", i) || cql.startsWith("//", i)) {
      int close = cql.indexOf('\n', i);
      return close < 0 ? cql.length() : close + 1;
    }
    if (cql.startsWith("/*", i)) {
      int close = cql.indexOf("*/", i + 2);
      return close < 0 ? cql.length() : close + 2;
    }
    return i;
  }

  /** The text with every literal, quoted name and comment blanked out, of the same length. */
  static String codeOnly(String cql) {
    StringBuilder code = new StringBuilder(cql.length());
    int i = 0;
    while (i < cql.length()) {
      int end = endOfQuoted(cql, i);
      if (end > i) {
        code.append(" ".repeat(end - i));
        i = end;
      } else {
        code.append(cql.charAt(i++));
      }
    }
    return code.toString();
  }

  /**
   * Whether a write carries a condition ({@code IF EXISTS}, {@code IF NOT EXISTS}, {@code IF a =
   * 1}): {@code IF} is a reserved word, so in a write's code it starts one.
   */
  static boolean isConditional(String write) {
    Matcher condition = CONDITION.matcher(codeOnly(write));
    return condition.find();
  }
}
