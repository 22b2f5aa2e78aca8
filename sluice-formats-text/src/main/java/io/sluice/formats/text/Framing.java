package io.sluice.formats.text;

/**
 * How {@link RecordFramer} finds where records end. Characters are single bytes (ASCII), or -1 for
 * none.
 *
 * @param csv whether the CSV rules below apply; otherwise a record is one line
 * @param delimiter the field separator (CSV)
 * @param quote the quote character (CSV), or -1 when fields are never quoted
 * @param escape the escape character (CSV), or -1
 * @param comment a line starting with it is skipped, or -1
 * @param multiline whether a quoted field (or an escaped line break) may span lines; when false
 *     every line break ends a record, so any line start is a record start
 * @param lenientQuotes whether a quote inside an unquoted field is taken as it is (CSV); otherwise
 *     the record is returned with a problem
 * @param skipWhitespaceLines whether lines of spaces and tabs are skipped like empty ones (NDJSON)
 * @param maxRecordBytes a longer record is kept only up to this many bytes and reported as too long
 */
record Framing(
    boolean csv,
    int delimiter,
    int quote,
    int escape,
    int comment,
    boolean multiline,
    boolean lenientQuotes,
    boolean skipWhitespaceLines,
    int maxRecordBytes) {

  /** One record per line, blank lines skipped: NDJSON. */
  static Framing lines(int maxRecordBytes) {
    return new Framing(false, -1, -1, -1, -1, false, false, true, maxRecordBytes);
  }

  /** CSV records: line breaks inside quotes belong to the field when {@code multiline}. */
  static Framing csv(
      int delimiter,
      int quote,
      int escape,
      int comment,
      boolean multiline,
      boolean lenientQuotes,
      int maxRecordBytes) {
    return new Framing(
        true, delimiter, quote, escape, comment, multiline, lenientQuotes, false, maxRecordBytes);
  }
}
