package io.sluice.formats.text;

/**
 * The options a {@code csv} source accepts under {@code options:} in a job file. Declared once
 * here, with their defaults and help text; {@link CsvSourceOptions} parses them.
 */
public enum CsvSourceOption implements TextOption {
  HEADER(
      "header",
      null,
      "Whether the first record (after skip-lines) names the columns. Default: true, or false when"
          + " columns is set. With both, the header line is skipped and columns names the fields."),
  COLUMNS(
      "columns",
      null,
      "The field names, in order, for files without a header line (or to rename a header's)."
          + " Without header or columns, fields are named col1, col2, ..."),
  DELIMITER("delimiter", ",", "The field separator: one ASCII character; tab or \\t for tabs."),
  QUOTE(
      "quote",
      "\"",
      "The quote character; a doubled quote inside a quoted field is one quote. Empty or none:"
          + " fields are never quoted."),
  ESCAPE(
      "escape",
      null,
      "An escape character, such as \\, that takes the next character literally (\\n, \\r, \\t"
          + " are a line feed, carriage return and tab). Default: none, as in RFC 4180."),
  COMMENT(
      "comment", null, "Lines starting with this character are skipped, such as #. Default: none."),
  NULL_VALUES(
      "null-values",
      "[\"\"]",
      "Field texts read as null, such as [\"\", \"NULL\", \"\\\\N\"]. Default: the empty field is"
          + " null; [] keeps every field as text."),
  ENCODING(
      "encoding",
      "UTF-8",
      "The files' character encoding: UTF-8, or a single-byte one such as ISO-8859-1 or"
          + " windows-1252. A record with bytes invalid in it is rejected. A UTF-8 byte order mark"
          + " is skipped."),
  SKIP_LINES(
      "skip-lines", "0", "Lines to skip at the start of each file, before the header (titles)."),
  MULTILINE(
      "multiline",
      "true",
      "Whether quoted fields may hold line breaks. A file that may hold them cannot be split"
          + " safely and is read whole, as one split. false promises there are none: large plain"
          + " files are then split, and a quote left open at the end of a line rejects that line."),
  LENIENT_QUOTES(
      "lenient-quotes",
      "false",
      "Whether a quote inside an unquoted field, such as 1,say \"hi\",3, is taken as it is. By"
          + " default such a line is rejected, as RFC 4180 wants that field quoted and its quotes"
          + " doubled: 1,\"say \"\"hi\"\"\",3."),
  SPLIT_SIZE(
      "split-size",
      "64MiB",
      "Size of the byte ranges a plain file is cut into when multiline is false; each range reads"
          + " the records that start in it. Bytes, or a number with KiB, MiB or GiB."),
  JSON_COLUMNS(
      "json-columns",
      null,
      "Columns holding JSON, such as [\"a\",\"b\"] or {\"k\":1}: parsed into lists and maps (and"
          + " Extended JSON into typed values) so they can fill list, set, map and UDT columns."),
  HEX_COLUMNS(
      "hex-columns",
      null,
      "Columns holding bytes as hexadecimal digits, with or without 0x: read as binary for blob"
          + " columns."),
  BASE64_COLUMNS(
      "base64-columns",
      null,
      "Columns holding bytes as base64 (standard or URL-safe alphabet): read as binary for blob"
          + " columns."),
  DATE_FORMATS(
      "date-formats",
      null,
      "Date and time formats of columns whose text is not ISO-8601, such as {signup:"
          + " \"dd/MM/yyyy\"}, in java.time pattern letters, read strictly and without locale. A"
          + " date becomes midnight UTC; a date and time with an offset or zone an instant; one"
          + " without, an instant in time-zone; a time alone ISO-8601 time text."),
  TIME_ZONE(
      "time-zone",
      "UTC",
      "The zone of date-formats values with a date and time but no offset, such as"
          + " Europe/Paris."),
  MAX_RECORD_SIZE(
      "max-record-size",
      "16MiB",
      "The longest record accepted; a longer one is rejected and reading goes on after it.");

  private final String key;
  private final String defaultValue;
  private final String description;

  CsvSourceOption(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public String defaultValue() {
    return defaultValue;
  }

  @Override
  public String description() {
    return description;
  }
}
