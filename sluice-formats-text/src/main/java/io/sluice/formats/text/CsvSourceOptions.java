package io.sluice.formats.text;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.sluice.core.job.ByteSizeText;
import io.sluice.core.job.Setting;
import io.sluice.core.job.YesNoDeserializer;
import java.nio.charset.Charset;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The {@code options} of a {@code csv} source, read from the job file with {@link
 * io.sluice.core.job.JobFiles#readPart}. Absent settings take their defaults here, and every value
 * is checked here. The components hold the settings as the job file writes them; the methods below
 * them give the values read from that text (characters as ASCII code points, -1 for none).
 *
 * @param header whether each file's first record (after {@code skipLines}) names the columns
 * @param columns the field names given by the job, or empty
 * @param delimiter the field separator, as written; {@link #delimiterChar()}
 * @param quote the quote character, as written; {@link #quoteChar()}
 * @param escape the escape character, as written; {@link #escapeChar()}
 * @param comment the comment line marker, as written; {@link #commentChar()}
 * @param nullValues field texts read as null
 * @param encoding the files' character encoding, as written; {@link #charset()}
 * @param skipLines lines skipped at the start of each file
 * @param multiline whether quoted fields may hold line breaks (files are then not split)
 * @param lenientQuotes whether a quote inside an unquoted field is taken as it is, rather than
 *     rejecting its line
 * @param splitSize bytes per split of a plain file when not {@code multiline}, as written; {@link
 *     #splitSizeBytes()}
 * @param jsonColumns columns parsed as JSON
 * @param hexColumns columns decoded from hexadecimal into binary
 * @param base64Columns columns decoded from base64 into binary
 * @param dateFormats column to java.time pattern
 * @param timeZone the zone of date-times without an offset in {@code dateFormats} columns, as
 *     written; {@link #zone()}
 * @param maxRecordSize the longest record accepted, as written; {@link #maxRecordBytes()}
 */
public record CsvSourceOptions(
    @Setting(
            value =
                "Whether the first record (after skip-lines) names the columns. With both header"
                    + " and columns, the header line is skipped and columns names the fields.",
            shownDefault = "true, or false when columns is set")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean header,
    @Setting(
            "The field names, in order, for files without a header line (or to rename a"
                + " header's). Without header or columns, fields are named col1, col2, ...")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> columns,
    @Setting("The field separator: one ASCII character; tab or \\t for tabs.") String delimiter,
    @Setting(
            "The quote character; a doubled quote inside a quoted field is one quote. Empty or"
                + " none: fields are never quoted.")
        String quote,
    @Setting(
            "An escape character, such as \\, that takes the next character literally (\\n, \\r,"
                + " \\t are a line feed, carriage return and tab); none, as in RFC 4180, for no escape.")
        String escape,
    @Setting("Lines starting with this character are skipped, such as #; none for no comments.")
        String comment,
    @Setting(
            "Field texts read as null, such as [\"\", \"NULL\", \"\\\\N\"]; [] keeps every field"
                + " as text.")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> nullValues,
    @Setting(
            "The files' character encoding: UTF-8, or a single-byte one such as ISO-8859-1 or"
                + " windows-1252. A record with bytes invalid in it is rejected. A UTF-8 byte order"
                + " mark is skipped.")
        String encoding,
    @Setting("Lines to skip at the start of each file, before the header (titles).")
        Integer skipLines,
    @Setting(
            "Whether quoted fields may hold line breaks. A file that may hold them cannot be split"
                + " safely and is read whole, as one split. false promises there are none: large"
                + " plain files are then split, and a quote left open at the end of a line rejects"
                + " that line.")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean multiline,
    @Setting(
            "Whether a quote inside an unquoted field, such as 1,say \"hi\",3, is taken as it is."
                + " By default such a line is rejected, as RFC 4180 wants that field quoted and its"
                + " quotes doubled: 1,\"say \"\"hi\"\"\",3.")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean lenientQuotes,
    @Setting(
            "Size of the byte ranges a plain file is cut into when multiline is false; each range"
                + " reads the records that start in it. Bytes, or a number with KiB, MiB or GiB.")
        String splitSize,
    @Setting(
            "Columns holding JSON, such as [\"a\",\"b\"] or {\"k\":1}: parsed into lists and maps"
                + " (and Extended JSON into typed values) so they can fill list, set, map and UDT"
                + " columns.")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> jsonColumns,
    @Setting(
            "Columns holding bytes as hexadecimal digits, with or without 0x: read as binary for"
                + " blob columns.")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> hexColumns,
    @Setting(
            "Columns holding bytes as base64 (standard or URL-safe alphabet): read as binary for"
                + " blob columns.")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> base64Columns,
    @Setting(
            "Date and time formats of columns whose text is not ISO-8601, such as {signup:"
                + " \"dd/MM/yyyy\"}, in java.time pattern letters, read strictly and without"
                + " locale. A date becomes midnight UTC; a date and time with an offset or zone an"
                + " instant; one without, an instant in time-zone; a time alone ISO-8601 time"
                + " text.")
        Map<String, String> dateFormats,
    @Setting(
            "The zone of date-formats values with a date and time but no offset, such as"
                + " Europe/Paris.")
        String timeZone,
    @Setting("The longest record accepted; a longer one is rejected and reading goes on after it.")
        String maxRecordSize) {

  public CsvSourceOptions {
    columns = names(columns, List.of(), "columns");
    CsvColumnSettings.checkNames(columns);
    header = header == null ? columns.isEmpty() : header;
    delimiter = delimiter == null ? "," : delimiter;
    quote = quote == null ? "\"" : quote;
    escape = escape == null ? "none" : escape;
    comment = comment == null ? "none" : comment;
    CsvCharacters.checkDistinct(
        CsvCharacters.parse(delimiter, false, "delimiter"),
        CsvCharacters.parse(quote, true, "quote"),
        CsvCharacters.parse(escape, true, "escape"),
        CsvCharacters.parse(comment, true, "comment"));
    nullValues = names(nullValues, List.of(""), "null-values");
    encoding = encoding == null ? "UTF-8" : encoding;
    CsvEncodings.of(encoding);
    skipLines = skipLines == null ? 0 : skipLines;
    if (skipLines < 0) {
      throw new IllegalArgumentException(
          "skip-lines must be a whole number of at least 0, not '" + skipLines + "'");
    }
    multiline = multiline == null || multiline;
    lenientQuotes = lenientQuotes != null && lenientQuotes;
    splitSize = splitSize == null ? "64MiB" : splitSize;
    ByteSizeText.parse(splitSize, "split-size");
    jsonColumns = names(jsonColumns, List.of(), "json-columns");
    hexColumns = names(hexColumns, List.of(), "hex-columns");
    base64Columns = names(base64Columns, List.of(), "base64-columns");
    dateFormats = formats(dateFormats);
    timeZone = timeZone == null ? "UTC" : timeZone;
    zone(timeZone);
    maxRecordSize = maxRecordSize == null ? "16MiB" : maxRecordSize;
    RecordLimits.maxRecordBytes(maxRecordSize);
    CsvColumnSettings.checkTypedColumns(
        columns,
        CsvColumnSettings.typedColumns(jsonColumns, hexColumns, base64Columns, dateFormats));
  }

  /** The field separator as an ASCII code point. */
  public int delimiterChar() {
    return CsvCharacters.parse(delimiter, false, "delimiter");
  }

  /** The quote character as an ASCII code point, or -1 when fields are never quoted. */
  public int quoteChar() {
    return CsvCharacters.parse(quote, true, "quote");
  }

  /** The escape character as an ASCII code point, or -1 for none. */
  public int escapeChar() {
    return CsvCharacters.parse(escape, true, "escape");
  }

  /** The comment line marker as an ASCII code point, or -1 for none. */
  public int commentChar() {
    return CsvCharacters.parse(comment, true, "comment");
  }

  /** The files' character encoding. */
  public Charset charset() {
    return CsvEncodings.of(encoding);
  }

  /** The zone of date-times without an offset in {@code dateFormats} columns. */
  public ZoneId zone() {
    return zone(timeZone);
  }

  /** Bytes per split of a plain file, when not {@code multiline}. */
  public long splitSizeBytes() {
    return ByteSizeText.parse(splitSize, "split-size");
  }

  /** The longest record accepted, in bytes. */
  public int maxRecordBytes() {
    return RecordLimits.maxRecordBytes(maxRecordSize);
  }

  /** The field texts read as null, for quick look-ups. */
  Set<String> nullValueSet() {
    return Set.copyOf(nullValues);
  }

  /** Every column some typed-column setting names, with the setting naming it. */
  Map<String, String> typedColumns() {
    return CsvColumnSettings.typedColumns(jsonColumns, hexColumns, base64Columns, dateFormats);
  }

  private static List<String> names(List<String> given, List<String> fallback, String setting) {
    if (given == null) {
      return fallback;
    }
    if (given.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException(setting + " must not hold empty (null) items");
    }
    return List.copyOf(given);
  }

  private static Map<String, String> formats(Map<String, String> given) {
    if (given == null) {
      return Map.of();
    }
    given.forEach(
        (column, pattern) -> {
          if (column == null || pattern == null) {
            throw new IllegalArgumentException("date-formats must not hold empty (null) values");
          }
        });
    DateColumnFormat.check(given);
    return Collections.unmodifiableMap(new LinkedHashMap<>(given));
  }

  private static ZoneId zone(String timeZone) {
    try {
      return ZoneId.of(timeZone.trim());
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("time-zone names an unknown zone '" + timeZone + "'");
    }
  }
}
