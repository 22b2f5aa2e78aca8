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
      row.append(' ').append(cell.replace("|", "\\|").replaceAll("\\s*\\n\\s*", " ")).append(" |");
    }
    return row.append('\n').toString();
  }

  static String header(String... titles) {
    return row(List.of(titles)) + row(List.of(titles).stream().map(t -> "---").toList());
  }
}
