package io.sluice.formats.text;

import io.sluice.core.value.BinaryValue;
import java.time.ZoneId;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;

/**
 * Reads the cells of columns that {@code json-columns}, {@code hex-columns}, {@code base64-columns}
 * and {@code date-formats} name into typed values; every other cell stays text for the mapper to
 * convert by its column's CQL type. Null markers are handled before, so a null cell stays null.
 *
 * <p>JSON cells are decoded with Extended JSON on, as NDJSON lines are; hexadecimal may start with
 * {@code 0x}; base64 may use the standard or the URL-safe alphabet, padded or not. Binary values
 * have subtype 0 (generic).
 */
final class CsvCellTypes {

  /** Reads one cell's text; throws with a data-free reason when the text does not fit. */
  @FunctionalInterface
  interface CellReader {
    Object read(String text) throws CellException;
  }

  private static final JsonValueDecoder JSON = new JsonValueDecoder(true);

  private final Map<String, CellReader> readers = new HashMap<>();

  CsvCellTypes(CsvSourceOptions options) {
    ZoneId timeZone = options.zone();
    options.jsonColumns().forEach(column -> readers.put(column, CsvCellTypes::json));
    options.hexColumns().forEach(column -> readers.put(column, CsvCellTypes::hex));
    options.base64Columns().forEach(column -> readers.put(column, CsvCellTypes::base64));
    options
        .dateFormats()
        .forEach(
            (column, pattern) ->
                readers.put(column, new DateColumnFormat(pattern, timeZone)::parse));
  }

  /** The columns read here. */
  Set<String> columns() {
    return readers.keySet();
  }

  /** The value of a non-null cell of {@code column}. */
  Object read(String column, String text) throws CellException {
    CellReader reader = readers.get(column);
    return reader == null ? text : reader.read(text);
  }

  private static Object json(String text) throws CellException {
    try {
      return JSON.decodeValue(text);
    } catch (MalformedJsonException e) {
      throw new CellException("is not valid JSON for json-columns (" + e.reason() + ")");
    }
  }

  private static Object hex(String text) throws CellException {
    String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
    try {
      return new BinaryValue((byte) 0, HexFormat.of().parseHex(digits));
    } catch (IllegalArgumentException e) {
      throw new CellException("is not an even number of hexadecimal digits for hex-columns");
    }
  }

  private static Object base64(String text) throws CellException {
    boolean urlSafe = text.indexOf('-') >= 0 || text.indexOf('_') >= 0;
    try {
      byte[] bytes = (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(text);
      return new BinaryValue((byte) 0, bytes);
    } catch (IllegalArgumentException e) {
      throw new CellException("is not base64 for base64-columns");
    }
  }
}
