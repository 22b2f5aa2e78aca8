package io.sluice.core.report;

import java.util.Locale;

/** Text made safe for HTML, and numbers as the report prints them. */
final class Html {

  private Html() {}

  static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** A figure with thousands separators, and up to two decimals below 10 when it has a fraction. */
  static String number(double value) {
    if (value == Math.rint(value) || Math.abs(value) >= 10) {
      return String.format(Locale.ROOT, "%,.0f", value);
    }
    return String.format(Locale.ROOT, "%.2f", value).replaceAll("0$", "");
  }
}
