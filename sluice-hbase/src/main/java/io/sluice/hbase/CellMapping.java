package io.sluice.hbase;

import static io.sluice.hbase.BytesDecoding.BOOLEAN;
import static io.sluice.hbase.BytesDecoding.DOUBLE;
import static io.sluice.hbase.BytesDecoding.FLOAT;
import static io.sluice.hbase.BytesDecoding.HEX;
import static io.sluice.hbase.BytesDecoding.INT;
import static io.sluice.hbase.BytesDecoding.LONG;
import static io.sluice.hbase.BytesDecoding.RAW;
import static io.sluice.hbase.BytesDecoding.UTF8;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How HBase cells become record fields, the part of the options that {@code type: hbase-snapshot}
 * and {@code type: hfiles} share: the row key's decoding, the values', the families' layouts, the
 * qualifiers' decoding and the versions read. Absent settings take their defaults here, and the
 * help of each setting is declared here once, for both options records.
 */
record CellMapping(
    String rowKey,
    String decode,
    Map<String, String> decodeColumns,
    Map<String, String> families,
    String qualifier,
    Integer versions) {

  static final String ROW_KEY_HELP =
      "How the row key becomes the `rowkey` field: `utf8` text, a big-endian `long` or"
          + " `int` (HBase's `Bytes.toBytes`), `hex` text, or `raw` bytes (a `blob`).";

  static final String DECODE_HELP =
      "How every cell value becomes its `family:qualifier` field: `utf8`, `long`, `int`,"
          + " `double`, `float`, `boolean` (HBase's `Bytes` encodings), `hex` text, or `raw` bytes (a"
          + " `blob`). A"
          + " value that does not decode rejects its row.";

  static final String DECODE_COLUMNS_HELP =
      "How the values of some columns decode instead, by `family:qualifier`, such as"
          + " `{\"d:qty\": long, \"d:photo\": raw}`: the same decodings as `decode`.";

  static final String FAMILIES_HELP =
      "How the cells of some families become fields, by family: `columns` (a field"
          + " `family:qualifier` per cell), `map` (one field named after the family: a"
          + " map of qualifier to value, each entry at its own cell's write time and TTL)"
          + " or `rows` (a record per cell of the family, the wide-row pattern: its"
          + " qualifier in field `qualifier`, its value in `value` and its timestamp in"
          + " `timestamp`, beside the row's other fields; at most one family). Such as"
          + " `{t: map, d: rows}`.";

  static final String QUALIFIER_HELP =
      "How the qualifiers of `map` and `rows` families become map keys and the `qualifier`"
          + " field: `utf8`, `long`, `int`, `hex` or `raw`, as `row-key`.";

  static final String VERSIONS_HELP =
      "How many versions of each cell of the `rows` family become records, newest first, as"
          + " a `Get` asking for that many returns them (the family's own maximum caps it);"
          + " with `timestamp` in the table's clustering key, each is a row of its own. The"
          + " other families give their latest version. More than 1 needs a `rows` family.";

  /**
   * The fields of a record that are not a family's: a family laid out as a map cannot take them.
   */
  static final Set<String> RECORD_FIELDS =
      Set.of(RowRecords.ROW_KEY, RowRecords.QUALIFIER, RowRecords.VALUE, RowRecords.TIMESTAMP);

  CellMapping {
    rowKey = rowKey == null ? "raw" : rowKey;
    decode = decode == null ? "raw" : decode;
    decodeColumns = decodeColumns == null ? Map.of() : Map.copyOf(decodeColumns);
    families = families == null ? Map.of() : Map.copyOf(families);
    qualifier = qualifier == null ? "utf8" : qualifier;
    rowKeyDecoding(rowKey);
    rowKeyDecoding(qualifier, "qualifier");
    familyLayouts(families);
    versions = versions == null ? 1 : versions;
    if (versions < 1) {
      throw new IllegalArgumentException("versions " + versions + " is not 1 or more");
    }
    if (versions > 1 && !familyLayouts(families).containsValue(FamilyLayout.ROWS)) {
      throw new IllegalArgumentException(
          "versions "
              + versions
              + " needs a family laid out as rows (families: {FAMILY: rows}), whose versions"
              + " become records; the other layouts hold one version of a cell");
    }
    valueDecoding(decode);
    decodeColumns.forEach(
        (column, decoding) -> {
          if (!column.contains(":")) {
            throw new IllegalArgumentException(
                "decode-columns names '" + column + "': a column is family:qualifier");
          }
          valueDecoding(decoding, "decode-columns '" + column + "'");
        });
  }

  /** How the cells of each family named in {@code families} become fields. */
  Map<String, FamilyLayout> familyLayouts() {
    return familyLayouts(families);
  }

  /** How the qualifiers of {@code map} and {@code rows} families are decoded. */
  BytesDecoding qualifierDecoding() {
    return rowKeyDecoding(qualifier, "qualifier");
  }

  private static Map<String, FamilyLayout> familyLayouts(Map<String, String> families) {
    Map<String, FamilyLayout> layouts = new HashMap<>();
    families.forEach(
        (family, text) -> {
          FamilyLayout layout = FamilyLayout.parse(text, "families '" + family + "'");
          if (layout == FamilyLayout.MAP && RECORD_FIELDS.contains(family)) {
            throw new IllegalArgumentException(
                "families '"
                    + family
                    + "': a map field of that name would hide the record's own '"
                    + family
                    + "'");
          }
          layouts.put(family, layout);
        });
    List<String> rows =
        layouts.entrySet().stream()
            .filter(e -> e.getValue() == FamilyLayout.ROWS)
            .map(Map.Entry::getKey)
            .sorted()
            .toList();
    if (rows.size() > 1) {
      throw new IllegalArgumentException(
          "families " + rows + " are all 'rows': a row's cells become records of one family only");
    }
    return layouts;
  }

  /** How each column named in {@code decode-columns} is decoded. */
  Map<String, BytesDecoding> columnDecodings() {
    Map<String, BytesDecoding> decodings = new HashMap<>();
    decodeColumns.forEach(
        (column, decoding) ->
            decodings.put(column, valueDecoding(decoding, "decode-columns '" + column + "'")));
    return decodings;
  }

  /** How the row key is decoded. */
  BytesDecoding rowKeyDecoding() {
    return rowKeyDecoding(rowKey);
  }

  /** How every cell value is decoded. */
  BytesDecoding valueDecoding() {
    return valueDecoding(decode);
  }

  private static BytesDecoding rowKeyDecoding(String text) {
    return rowKeyDecoding(text, "row-key");
  }

  private static BytesDecoding rowKeyDecoding(String text, String setting) {
    return BytesDecoding.parse(text, setting, UTF8, LONG, INT, HEX, RAW);
  }

  private static BytesDecoding valueDecoding(String text) {
    return valueDecoding(text, "decode");
  }

  private static BytesDecoding valueDecoding(String text, String setting) {
    return BytesDecoding.parse(text, setting, UTF8, LONG, INT, DOUBLE, FLOAT, BOOLEAN, HEX, RAW);
  }
}
