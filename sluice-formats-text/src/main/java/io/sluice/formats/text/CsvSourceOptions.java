package io.sluice.formats.text;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parsed, validated options of a {@code csv} source (see {@link CsvSourceOption}). Characters
 * are ASCII code points, or -1 for none.
 *
 * @param header whether each file's first record (after {@code skipLines}) names the columns
 * @param columns the field names given by the job, or empty
 * @param delimiter the field separator
 * @param quote the quote character, or -1
 * @param escape the escape character, or -1
 * @param comment the comment line marker, or -1
 * @param nullValues field texts read as null
 * @param encoding the files' character encoding
 * @param skipLines lines skipped at the start of each file
 * @param multiline whether quoted fields may hold line breaks (files are then not split)
 * @param lenientQuotes whether a quote inside an unquoted field is taken as it is, rather than
 *     rejecting its line
 * @param splitSize bytes per split of a plain file when not {@code multiline}
 * @param jsonColumns columns parsed as JSON
 * @param hexColumns columns decoded from hexadecimal into binary
 * @param base64Columns columns decoded from base64 into binary
 * @param dateFormats column to java.time pattern
 * @param timeZone the zone of date-times without an offset in {@code dateFormats} columns
 * @param maxRecordBytes the longest record accepted
 */
public record CsvSourceOptions(
    boolean header,
    List<String> columns,
    int delimiter,
    int quote,
    int escape,
    int comment,
    Set<String> nullValues,
    Charset encoding,
    int skipLines,
    boolean multiline,
    boolean lenientQuotes,
    long splitSize,
    List<String> jsonColumns,
    List<String> hexColumns,
    List<String> base64Columns,
    Map<String, String> dateFormats,
    ZoneId timeZone,
    int maxRecordBytes) {

  public CsvSourceOptions {
    columns = List.copyOf(columns);
    nullValues = Set.copyOf(nullValues);
    jsonColumns = List.copyOf(jsonColumns);
    hexColumns = List.copyOf(hexColumns);
    base64Columns = List.copyOf(base64Columns);
    dateFormats = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(dateFormats));
  }

  public static CsvSourceOptions defaults() {
    return parse(Map.of());
  }

  /**
   * Parses a source's {@code options} map.
   *
   * @throws IllegalArgumentException naming the bad option, for unknown keys and bad values
   */
  public static CsvSourceOptions parse(Map<String, Object> options) {
    OptionValues values = OptionValues.of("csv", options, CsvSourceOption.values());
    List<String> columns = values.list(CsvSourceOption.COLUMNS, List.of());
    checkNames(values, CsvSourceOption.COLUMNS, columns);
    boolean header =
        values.isSet(CsvSourceOption.HEADER)
            ? values.bool(CsvSourceOption.HEADER)
            : columns.isEmpty();
    int delimiter = values.asciiChar(CsvSourceOption.DELIMITER, false);
    int quote = values.asciiChar(CsvSourceOption.QUOTE, true);
    int escape = values.asciiChar(CsvSourceOption.ESCAPE, true);
    int comment = values.asciiChar(CsvSourceOption.COMMENT, true);
    checkDistinct(values, delimiter, quote, escape, comment);
    CsvSourceOptions parsed =
        new CsvSourceOptions(
            header,
            columns,
            delimiter,
            quote,
            escape,
            comment,
            Set.copyOf(values.list(CsvSourceOption.NULL_VALUES, List.of(""))),
            encoding(values),
            values.nonNegativeInt(CsvSourceOption.SKIP_LINES),
            values.bool(CsvSourceOption.MULTILINE),
            values.bool(CsvSourceOption.LENIENT_QUOTES),
            values.size(CsvSourceOption.SPLIT_SIZE),
            values.list(CsvSourceOption.JSON_COLUMNS, List.of()),
            values.list(CsvSourceOption.HEX_COLUMNS, List.of()),
            values.list(CsvSourceOption.BASE64_COLUMNS, List.of()),
            values.map(CsvSourceOption.DATE_FORMATS),
            timeZone(values),
            RecordLimits.maxRecordBytes(values, CsvSourceOption.MAX_RECORD_SIZE));
    parsed.checkTypedColumns(values);
    return parsed;
  }

  /** Every column some typed-column option names, with the option naming it. */
  Map<String, CsvSourceOption> typedColumns() {
    Map<String, CsvSourceOption> typed = new LinkedHashMap<>();
    jsonColumns.forEach(c -> typed.put(c, CsvSourceOption.JSON_COLUMNS));
    hexColumns.forEach(c -> typed.put(c, CsvSourceOption.HEX_COLUMNS));
    base64Columns.forEach(c -> typed.put(c, CsvSourceOption.BASE64_COLUMNS));
    dateFormats.keySet().forEach(c -> typed.put(c, CsvSourceOption.DATE_FORMATS));
    return typed;
  }

  private void checkTypedColumns(OptionValues values) {
    Map<String, CsvSourceOption> seen = new LinkedHashMap<>();
    for (var option :
        List.of(
            Map.entry(CsvSourceOption.JSON_COLUMNS, jsonColumns),
            Map.entry(CsvSourceOption.HEX_COLUMNS, hexColumns),
            Map.entry(CsvSourceOption.BASE64_COLUMNS, base64Columns),
            Map.entry(CsvSourceOption.DATE_FORMATS, List.copyOf(dateFormats.keySet())))) {
      for (String column : option.getValue()) {
        CsvSourceOption earlier = seen.putIfAbsent(column, option.getKey());
        if (earlier != null) {
          throw values.invalid(
              option.getKey(),
              "names column '" + column + "', which " + earlier.key() + " names too");
        }
        if (!columns.isEmpty() && !columns.contains(column)) {
          throw values.invalid(
              option.getKey(),
              "names column '" + column + "', which columns " + columns + " lacks");
        }
      }
    }
    DateColumnFormat.check(values, dateFormats);
  }

  private static void checkNames(OptionValues values, CsvSourceOption option, List<String> names) {
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      if (name.isBlank()) {
        throw values.invalid(option, "must not hold blank names");
      }
      if (!seen.add(name)) {
        throw values.invalid(option, "names '" + name + "' twice");
      }
    }
  }

  private static void checkDistinct(
      OptionValues values, int delimiter, int quote, int escape, int comment) {
    if (delimiter == quote || delimiter == escape || delimiter == comment) {
      throw values.invalid(
          CsvSourceOption.DELIMITER, "must differ from the quote, escape and comment characters");
    }
    if (quote >= 0 && (quote == escape || quote == comment)) {
      throw values.invalid(
          CsvSourceOption.QUOTE,
          "must differ from the escape and comment characters (a doubled quote already escapes"
              + " a quote)");
    }
    if (escape >= 0 && escape == comment) {
      throw values.invalid(CsvSourceOption.ESCAPE, "must differ from the comment character");
    }
    if (delimiter == '\r' || quote == '\r' || escape == '\r' || comment == '\r') {
      throw values.invalid(CsvSourceOption.DELIMITER, "and the other characters must not be CR");
    }
  }

  /**
   * UTF-8, or an encoding that writes every ASCII character as that one byte and nothing else with
   * bytes below 0x80, so that delimiters, quotes and line breaks can be found in the bytes.
   */
  private static Charset encoding(OptionValues values) {
    Charset charset = values.charset(CsvSourceOption.ENCODING);
    if (charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)) {
      return charset;
    }
    boolean singleByte =
        charset.canEncode() && charset.newEncoder().maxBytesPerChar() == 1.0f && asciiSafe(charset);
    if (!singleByte) {
      throw values.invalid(
          CsvSourceOption.ENCODING,
          "names "
              + charset.name()
              + ", which is not supported: use UTF-8 or a single-byte encoding such as ISO-8859-1"
              + " or windows-1252 (convert the file with iconv first)");
    }
    return charset;
  }

  private static boolean asciiSafe(Charset charset) {
    byte[] ascii = new byte[128];
    for (int i = 0; i < ascii.length; i++) {
      ascii[i] = (byte) i;
    }
    return new String(ascii, StandardCharsets.US_ASCII).equals(new String(ascii, charset));
  }

  private static ZoneId timeZone(OptionValues values) {
    String text = values.text(CsvSourceOption.TIME_ZONE);
    try {
      return ZoneId.of(text.trim());
    } catch (DateTimeException e) {
      throw values.invalid(CsvSourceOption.TIME_ZONE, "names an unknown zone '" + text + "'");
    }
  }
}
