package io.sluice.hbase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.mapping.MappingYaml;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.source.SourceProposal;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Proposes, from the first rows of a snapshot or of HFiles ({@link SnapshotSample}), the source
 * options, mapping and table that load it: the row key as the partition key, each qualifier seen as
 * a column with the encoding its values look like ({@link BytesGuess}), and a family with many
 * distinct qualifiers (qualifiers that are data: a day, an item) as a map, or, when a row holds
 * more than {@link #WIDE_ROW} of them, as clustering rows. A pure function of the sample.
 */
final class MappingProposer {

  /** A family with more distinct qualifiers than this in the sample holds data in them. */
  static final int MAX_COLUMNS = 32;

  /** A family with more cells than this in one row is better clustering rows than a map. */
  static final int WIDE_ROW = 100;

  private static final Pattern PLAIN_FIELD = Pattern.compile("[^.\\[\\]'\\\\]+");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String source;
  private final String keptOptions;
  private final SnapshotSample sample;

  /** A proposal for snapshot {@code snapshot}, whose name the options keep. */
  MappingProposer(String snapshot, SnapshotSample sample) {
    this("snapshot " + snapshot, snapshotOption(snapshot), sample);
  }

  /** The options line naming snapshot {@code snapshot}. */
  static String snapshotOption(String snapshot) {
    return "      snapshot: " + quoted(snapshot) + "\n";
  }

  /**
   * A proposal for the rows of {@code source} (as a message names it), whose options keep the lines
   * {@code keptOptions} as they are.
   */
  MappingProposer(String source, String keptOptions, SnapshotSample sample) {
    this.source = source;
    this.keptOptions = keptOptions;
    this.sample = sample;
  }

  /** What the sample's cells of one family look like. */
  private static final class FamilyCells {
    final Map<String, List<byte[]>> valuesByQualifier = new LinkedHashMap<>();
    final List<byte[]> qualifiers = new ArrayList<>();
    final List<byte[]> values = new ArrayList<>();
    int rows;
    int widestRow;
    FamilyLayout layout = FamilyLayout.COLUMNS;

    /** Whether the qualifiers are data: many of them, each in few rows. */
    boolean holdsData() {
      int distinct = valuesByQualifier.size();
      double density = values.size() / ((double) distinct * rows);
      return distinct > MAX_COLUMNS || (distinct > 8 && density < 0.2);
    }
  }

  /** The proposal for a target {@code keyspace.table}. */
  SourceProposal propose(String keyspace, String table) {
    if (sample.rows().isEmpty()) {
      throw new IllegalArgumentException(
          source + " holds no row in its regions: there is nothing to propose from");
    }
    Map<String, FamilyCells> families = familiesOf(sample.rows());
    String rowsFamily = chooseLayouts(families);
    List<byte[]> dataValues = new ArrayList<>();
    List<byte[]> dataQualifiers = new ArrayList<>();
    families.values().stream()
        .filter(cells -> cells.layout != FamilyLayout.COLUMNS)
        .forEach(
            cells -> {
              dataValues.addAll(cells.values);
              dataQualifiers.addAll(cells.qualifiers);
            });
    BytesGuess key = BytesGuess.ofKeys(sample.rows().stream().map(SampledRow::key).toList());
    BytesGuess decode = dataValues.isEmpty() ? null : BytesGuess.ofValues(dataValues);
    BytesDecoding valueDecoding = decode == null ? BytesDecoding.RAW : decode.decoding();
    BytesGuess qualifier =
        dataQualifiers.isEmpty() ? null : BytesGuess.ofQualifiers(dataQualifiers);

    List<String> guesses = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Map<String, ColumnSpec> mapping = new LinkedHashMap<>();
    Map<String, String> comments = new LinkedHashMap<>();
    List<String> definitions = new ArrayList<>();
    Set<String> names = new HashSet<>();
    Map<String, String> decodeColumns = new LinkedHashMap<>();
    Map<String, String> layouts = new LinkedHashMap<>();

    String keyColumn = unique("rowkey", names);
    mapping.put(keyColumn, ColumnSpec.ofField(RowRecords.ROW_KEY));
    comments.put(keyColumn, "the row key: " + key.describe("keys"));
    definitions.add(definition(keyColumn, cqlType(key.decoding()), false));
    guesses.add("row key -> " + keyColumn + ": " + key.describe("keys"));
    String clustering = null;
    if (rowsFamily != null) {
      FamilyCells cells = families.get(rowsFamily);
      clustering = unique(RowRecords.QUALIFIER, names);
      String value = unique(RowRecords.VALUE, names);
      mapping.put(clustering, ColumnSpec.ofField(RowRecords.QUALIFIER));
      mapping.put(value, ColumnSpec.ofField(RowRecords.VALUE));
      comments.put(clustering, "family " + rowsFamily + ", a clustering row per cell");
      definitions.add(definition(clustering, cqlType(qualifier.decoding()), false));
      definitions.add(definition(value, cqlType(valueDecoding), false));
      layouts.put(rowsFamily, FamilyLayout.ROWS.key());
      guesses.add(familyGuess(rowsFamily, cells, "clustering rows (" + clustering + ", " + value));
      notes.add(
          "A row without cells in family "
              + rowsFamily
              + " gives no record: its other cells are copied only with the row's cells of "
              + rowsFamily
              + " (they are static columns of its partition).");
    }
    for (Map.Entry<String, FamilyCells> family : families.entrySet()) {
      String name = family.getKey();
      FamilyCells cells = family.getValue();
      if (cells.layout == FamilyLayout.MAP) {
        String column = unique(CqlIdentifiers.toColumnName(name), names);
        mapping.put(column, ColumnSpec.ofField(fieldPath(name)));
        comments.put(column, "family " + name + ": a map of qualifier to value");
        String type = "map<" + cqlType(qualifier.decoding()) + ", " + cqlType(valueDecoding) + ">";
        definitions.add(definition(column, type, rowsFamily != null));
        layouts.put(name, FamilyLayout.MAP.key());
        guesses.add(familyGuess(name, cells, "a map (" + column + " " + type));
      } else if (cells.layout == FamilyLayout.COLUMNS) {
        for (Map.Entry<String, List<byte[]>> column : cells.valuesByQualifier.entrySet()) {
          String field = name + ":" + column.getKey();
          BytesGuess guess = BytesGuess.ofValues(column.getValue());
          String columnName = columnName(name, column.getKey(), names);
          mapping.put(columnName, ColumnSpec.ofField(fieldPath(field)));
          comments.put(columnName, field + ": " + guess.describe("values"));
          definitions.add(definition(columnName, cqlType(guess.decoding()), rowsFamily != null));
          if (guess.decoding() != valueDecoding) {
            decodeColumns.put(field, guess.decoding().key());
          }
          guesses.add(
              field
                  + " -> "
                  + columnName
                  + " "
                  + cqlType(guess.decoding())
                  + ": "
                  + guess.describe("values"));
          if (guess.confidence() < 1 && guess.decoding() != BytesDecoding.RAW) {
            notes.add(
                field
                    + ": some sampled values do not look like a "
                    + guess.decoding().key()
                    + " though they decode as one; decode-columns \""
                    + field
                    + "\": raw keeps the bytes as they are (a blob).");
          }
        }
      }
    }
    if (decode != null) {
      guesses.add("every other value (decode): " + decode.describe("values of maps and rows"));
      guesses.add("qualifiers of maps and rows: " + qualifier.describe("qualifiers"));
    }
    if (valueDecoding != BytesDecoding.RAW) {
      notes.add(
          "decode: "
              + valueDecoding.key()
              + " (for the maps and rows) decodes every cell not named in decode-columns: a cell"
              + " of a qualifier not seen here that is not a "
              + valueDecoding.key()
              + " rejects its row.");
    }
    notes.add(
        "Only the qualifiers seen in the sample are mapped: a cell of another qualifier is not"
            + " copied. Raise --sample-records to read more rows.");
    String primaryKey =
        clustering == null
            ? "PRIMARY KEY (" + cql(keyColumn) + ")"
            : "PRIMARY KEY ((" + cql(keyColumn) + "), " + cql(clustering) + ")";
    definitions.add(primaryKey);
    String createTable =
        "CREATE TABLE "
            + cql(keyspace)
            + "."
            + cql(table)
            + " (\n  "
            + String.join(",\n  ", definitions)
            + "\n);";
    String mappingYaml =
        MappingYaml.write(
            MappingSpec.of(mapping),
            comments,
            List.of(
                "Proposed by sluice plan from the first rows read: each cell at its own",
                "HBase timestamp and with the TTL it has left."));
    String options =
        options(
            key.decoding(),
            valueDecoding,
            decodeColumns,
            layouts,
            qualifier == null ? null : qualifier.decoding());
    return new SourceProposal(
        "the first " + sample.rows().size() + " row(s) of " + sample.regions() + " region(s)",
        options,
        mappingYaml,
        createTable,
        guesses,
        notes);
  }

  /** The sample's cells by family, in the order the rows hold them. */
  private static Map<String, FamilyCells> familiesOf(List<SampledRow> rows) {
    Map<String, FamilyCells> families = new LinkedHashMap<>();
    for (SampledRow row : rows) {
      Map<String, Integer> perRow = new LinkedHashMap<>();
      for (SampledRow.Cell cell : row.cells()) {
        FamilyCells cells = families.computeIfAbsent(cell.family(), f -> new FamilyCells());
        cells
            .valuesByQualifier
            .computeIfAbsent(Bytes.toStringBinary(cell.qualifier()), q -> new ArrayList<>())
            .add(cell.value());
        cells.qualifiers.add(cell.qualifier());
        cells.values.add(cell.value());
        perRow.merge(cell.family(), 1, Integer::sum);
      }
      perRow.forEach(
          (family, count) -> {
            FamilyCells cells = families.get(family);
            cells.rows++;
            cells.widestRow = Math.max(cells.widestRow, count);
          });
    }
    return families;
  }

  /**
   * Lays out each family whose qualifiers are data as a map, or the widest of those wider than
   * {@link #WIDE_ROW} as clustering rows; the name of that family, or null.
   */
  private static String chooseLayouts(Map<String, FamilyCells> families) {
    String rowsFamily = null;
    for (Map.Entry<String, FamilyCells> family : families.entrySet()) {
      FamilyCells cells = family.getValue();
      if (!cells.holdsData()) {
        continue;
      }
      cells.layout = FamilyLayout.MAP;
      if (cells.widestRow > WIDE_ROW
          && (rowsFamily == null || cells.widestRow > families.get(rowsFamily).widestRow)) {
        rowsFamily = family.getKey();
      }
    }
    if (rowsFamily != null) {
      families.get(rowsFamily).layout = FamilyLayout.ROWS;
    }
    return rowsFamily;
  }

  private static String familyGuess(String family, FamilyCells cells, String layout) {
    return String.format(
        "family %s -> %s): %d distinct qualifiers in %d sampled row(s), at most %d in a row",
        family, layout, cells.valuesByQualifier.size(), cells.rows, cells.widestRow);
  }

  /** The source's options, as the {@code options:} block of a {@code sources:} entry. */
  private String options(
      BytesDecoding rowKey,
      BytesDecoding decode,
      Map<String, String> decodeColumns,
      Map<String, String> layouts,
      BytesDecoding qualifier) {
    StringBuilder out = new StringBuilder("    options:\n");
    out.append(keptOptions);
    out.append("      row-key: ").append(rowKey.key()).append('\n');
    out.append("      decode: ").append(decode.key()).append('\n');
    if (!decodeColumns.isEmpty()) {
      out.append("      decode-columns: ").append(flow(decodeColumns)).append('\n');
    }
    if (!layouts.isEmpty()) {
      out.append("      families: ").append(flow(layouts)).append('\n');
    }
    if (qualifier != null) {
      out.append("      qualifier: ").append(qualifier.key()).append('\n');
    }
    return out.toString();
  }

  private static String flow(Map<String, String> entries) {
    List<String> parts = new ArrayList<>();
    entries.forEach((key, value) -> parts.add(quoted(key) + ": " + value));
    return "{" + String.join(", ", parts) + "}";
  }

  /** A YAML double-quoted scalar (JSON's escapes are YAML's). */
  private static String quoted(String text) {
    try {
      return JSON.writeValueAsString(text);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The mapping's path to a top-level field, quoted when its name holds a path's characters. */
  private static String fieldPath(String field) {
    return PLAIN_FIELD.matcher(field).matches()
        ? field
        : "['" + field.replace("\\", "\\\\").replace("'", "\\'") + "']";
  }

  /** A column named after its qualifier, or after its family and qualifier when that is taken. */
  private static String columnName(String family, String qualifier, Set<String> names) {
    String name = CqlIdentifiers.toColumnName(qualifier);
    return names.contains(name)
        ? unique(CqlIdentifiers.toColumnName(family + "_" + qualifier), names)
        : unique(name, names);
  }

  private static String unique(String name, Set<String> names) {
    String candidate = name;
    for (int i = 2; !names.add(candidate); i++) {
      candidate = name + "_" + i;
    }
    return candidate;
  }

  private static String definition(String column, String type, boolean isStatic) {
    return cql(column) + " " + type + (isStatic ? " static" : "");
  }

  private static String cql(String name) {
    return CqlIdentifiers.quoteIfNeeded(name);
  }

  /** The CQL type a decoding gives. */
  static String cqlType(BytesDecoding decoding) {
    return switch (decoding) {
      case UTF8, HEX -> "text";
      case LONG -> "bigint";
      case INT -> "int";
      case DOUBLE -> "double";
      case FLOAT -> "float";
      case BOOLEAN -> "boolean";
      case RAW -> "blob";
    };
  }
}
