package io.sluice.settings;

import java.util.List;
import java.util.Locale;

/** The bits of Markdown the reference is written in: headings' anchors and table rows. */
final class Markdown {

  private Markdown() {}

  /** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes. */
  static String anchor(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  /** A link to the section under {@code heading}. */
  static String link(String text, String heading) {
    return "[" + text + "](#" + anchor(heading) + ")";
  }

  static String row(List<String> cells) {
    StringBuilder row = new StringBuilder("|");
    for (String cell : cells) {
      String text = cell.replace("|", "\\|").replaceAll("\\s*\\n\\s*", " ");
      row.append(' ').append(angleBracketsShown(text)).append(" |");
    }
    return row.append('\n').toString();
  }

  /**
   * {@code <file>} outside a code span as text, not as an HTML tag the page would hide; inside
   * backticks it shows as it is.
   */
  private static String angleBracketsShown(String text) {
    StringBuilder shown = new StringBuilder();
    boolean inCode = false;
    for (char c : text.toCharArray()) {
      if (c == '`') {
        inCode = !inCode;
      }
      if (!inCode && c == '<') {
        shown.append("&lt;");
      } else if (!inCode && c == '>') {
        shown.append("&gt;");
      } else {
        shown.append(c);
      }
    }
    return shown.toString();
  }

  static String header(String... titles) {
    return row(List.of(titles)) + row(List.of(titles).stream().map(t -> "---").toList());
  }
}
