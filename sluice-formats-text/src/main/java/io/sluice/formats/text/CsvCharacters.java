package io.sluice.formats.text;

/**
 * Reads the characters a CSV source's settings name ({@code delimiter}, {@code quote}, {@code
 * escape}, {@code comment}) as ASCII code points, -1 for none, and checks they can be told apart.
 */
final class CsvCharacters {

  private CsvCharacters() {}

  /**
   * One ASCII character, or -1 when the value is empty or {@code none} (and {@code allowNone}).
   * {@code tab} and {@code \t} name the tab character.
   */
  static int parse(String text, boolean allowNone, String setting) {
    if (text.isEmpty() || text.equalsIgnoreCase("none")) {
      if (allowNone) {
        return -1;
      }
      throw new IllegalArgumentException(setting + " must be one character");
    }
    if (text.equalsIgnoreCase("tab") || text.equals("\\t")) {
      return '\t';
    }
    if (text.length() != 1 || text.charAt(0) > 0x7E || text.charAt(0) == '\n') {
      throw new IllegalArgumentException(
          setting + " must be one ASCII character other than a line break, not '" + text + "'");
    }
    return text.charAt(0);
  }

  /** Checks that no two of the characters are the same, and none is a carriage return. */
  static void checkDistinct(int delimiter, int quote, int escape, int comment) {
    if (delimiter == quote || delimiter == escape || delimiter == comment) {
      throw new IllegalArgumentException(
          "delimiter must differ from the quote, escape and comment characters");
    }
    if (quote >= 0 && (quote == escape || quote == comment)) {
      throw new IllegalArgumentException(
          "quote must differ from the escape and comment characters (a doubled quote already"
              + " escapes a quote)");
    }
    if (escape >= 0 && escape == comment) {
      throw new IllegalArgumentException("escape must differ from the comment character");
    }
    if (delimiter == '\r' || quote == '\r' || escape == '\r' || comment == '\r') {
      throw new IllegalArgumentException(
          "delimiter, quote, escape and comment must not be a carriage return");
    }
  }
}
