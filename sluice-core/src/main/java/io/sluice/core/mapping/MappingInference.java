package io.sluice.core.mapping;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.Record;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Infers a mapping and a table from a sample of records (say the first thousand), for {@code sluice
 * plan} to show and the user to edit.
 *
 * <ul>
 *   <li>The key: {@code _id} becomes the partition key column {@code id} when every sampled record
 *       has one (an ObjectId as text: 24 hex digits); else a field named like {@code id} present in
 *       every record; else a {@code row_key} column holding the record's position in its source
 *       ({@code resource:offset}), so that each record is a row of its own, with a note asking for
 *       a real key.
 *   <li>Every top-level field seen in any sampled record becomes a column named by {@link
 *       CqlIdentifiers#toColumnName} ({@code firstName} fills {@code first_name}), with {@code _2},
 *       {@code _3} added where names clash.
 *   <li>Types: the widest kind seen wins (int32 and int64 give bigint, integers and doubles give
 *       double); dates give timestamp (or text when finer than a millisecond), Parquet's dates and
 *       times of day date and time, binary blob, UUID uuid, booleans boolean, decimals decimal;
 *       arrays of scalars give {@code frozen<list<X>>} (frozen because a non-frozen list rewritten
 *       at the same timestamp duplicates its elements, CASSANDRA-11368); nested documents, arrays
 *       of documents, mixed kinds and fields that are always null give text (JSON for documents and
 *       arrays). Each choice is checked by converting every sampled value, falling back to text.
 *   <li>Text: when no sampled record holds a number or a boolean, the source types nothing itself
 *       (CSV, whose cells are text), so a field whose sampled strings all read as one type gets it
 *       ({@link TextTypes}: boolean, int, bigint, varint, decimal, double, uuid, timestamp, date).
 *       Elsewhere a string stays text: its producer chose a string.
 * </ul>
 */
public final class MappingInference {

  private static final String TEXT = "text";

  private final Map<String, ColumnSpec> columns = new LinkedHashMap<>();
  private final List<ColumnSchema> schema = new ArrayList<>();
  private final Map<String, String> comments = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private final Set<String> usedNames = new HashSet<>();
  private final boolean readText;
  private int typedFromText;

  private MappingInference(boolean readText) {
    this.readText = readText;
  }

  /**
   * Infers a mapping and table from sampled records, reading strings for the type their text stands
   * for when no sampled record holds a number or a boolean.
   *
   * @throws IllegalArgumentException when the sample is empty
   */
  public static InferredMapping infer(List<Record> sample, String keyspace, String table) {
    return infer(sample, keyspace, table, typesNothing(sample));
  }

  /**
   * Infers a mapping and table from sampled records.
   *
   * @param readText whether strings are read for the type their text stands for: only when every
   *     source sampled types nothing itself (CSV); a string of a typed source (Parquet, BSON, JSON)
   *     stays text, whatever it reads as
   * @throws IllegalArgumentException when the sample is empty
   */
  public static InferredMapping infer(
      List<Record> sample, String keyspace, String table, boolean readText) {
    return infer(sample, keyspace, table, readText, sample.size() + " sampled records");
  }

  /**
   * Infers a mapping and table from rows built from the sources' schemas ({@link
   * io.sluice.core.source.Source#schemaSamples}), for sources that hold no record. Their values
   * stand for types only: strings stay text.
   *
   * @throws IllegalArgumentException when there is no schema sample
   */
  public static InferredMapping inferFromSchemas(
      List<Record> schemaSamples, String keyspace, String table) {
    return infer(schemaSamples, keyspace, table, false, "the sources' schemas (they hold no rows)");
  }

  private static InferredMapping infer(
      List<Record> sample, String keyspace, String table, boolean readText, String origin) {
    if (sample.isEmpty()) {
      throw new IllegalArgumentException("The sample holds no records to infer a mapping from.");
    }
    List<Map<String, Object>> records = sample.stream().map(Record::fields).toList();
    Map<String, FieldProfile> profiles = FieldProfile.of(records);
    MappingInference inference = new MappingInference(readText && typesNothing(sample));
    String keyField = keyField(profiles, records.size());
    if (keyField != null) {
      inference.add(profiles.get(keyField), "id", ColumnSchema.Role.PARTITION_KEY);
    } else {
      inference.addPositionKey();
    }
    profiles.forEach(
        (name, profile) -> {
          if (!name.equals(keyField)) {
            inference.add(profile, CqlIdentifiers.toColumnName(name), ColumnSchema.Role.REGULAR);
          }
        });
    if (inference.typedFromText > 0) {
      inference.notes.add(
          "No sampled record holds a number or a boolean, so text fields were typed by what their"
              + " text reads as; a later value that does not read so is rejected: make such a"
              + " column text to take anything.");
    }
    TableSchema tableSchema = new TableSchema(keyspace, table, inference.schema, false);
    MappingSpec spec = MappingSpec.of(inference.columns);
    inference.verify(spec, tableSchema, sample);
    List<String> header =
        List.of(
            "Inferred by Sluice from " + origin + " for table " + tableSchema.qualifiedName() + ".",
            "Edit freely: each column takes a field path, or {field, type, default}, {constant},",
            "{concat, separator}, {hash, algorithm} or {size}. Types come from the table.");
    String yaml = MappingYaml.write(spec, inference.comments, header);
    return new InferredMapping(
        spec, tableSchema, tableSchema.toCreateTableCql(), yaml, inference.notes);
  }

  /** Whether no record holds a number or a boolean, as when every cell is text (CSV). */
  private static boolean typesNothing(List<Record> records) {
    for (Record record : records) {
      for (Object value : record.fields().values()) {
        if (value instanceof Number || value instanceof Boolean) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@code _id}, else a field named like id, when present in every record; else null. */
  private static String keyField(Map<String, FieldProfile> profiles, int records) {
    FieldProfile id = profiles.get("_id");
    if (id != null && id.present == records && !id.kinds.contains("array")) {
      return "_id";
    }
    for (FieldProfile profile : profiles.values()) {
      if (CqlIdentifiers.toColumnName(profile.name).equals("id")
          && profile.present == records
          && !profile.kinds.contains("array")) {
        return profile.name;
      }
    }
    return null;
  }

  private void add(FieldProfile profile, String wanted, ColumnSchema.Role role) {
    String column = unique(wanted);
    if (!column.equals(wanted)) {
      notes.add(
          "Field '"
              + profile.name
              + "' fills column "
              + column
              + ", because "
              + wanted
              + " was taken.");
    }
    TypeChoice choice = TypeChoice.of(profile, readText);
    CqlType type = choice.type();
    if (readText && profile.kinds.equals(Set.of("string")) && !type.toCql().equals(TEXT)) {
      typedFromText++;
    }
    if (role != ColumnSchema.Role.REGULAR && !(type instanceof CqlType.Native)) {
      type = new CqlType.Native(TEXT);
    }
    columns.put(column, ColumnSpec.ofField(FieldPath.of(profile.name)));
    schema.add(new ColumnSchema(column, type, role));
    if (choice.comment() != null) {
      comments.put(column, choice.comment());
      notes.add("Column " + column + " (field '" + profile.name + "'): " + choice.comment() + ".");
    }
  }

  private void addPositionKey() {
    String column = unique("row_key");
    columns.put(column, ColumnSpec.ofPosition());
    schema.add(new ColumnSchema(column, new CqlType.Native(TEXT), ColumnSchema.Role.PARTITION_KEY));
    String comment =
        "no field identifies every sampled record, so the key is the record's place in its source"
            + " (file:offset): every record is a row, identical ones too, and loading the same files"
            + " again gives the same keys; map a real key here";
    comments.put(column, comment);
    notes.add("Column " + column + ": " + comment + ".");
  }

  private String unique(String wanted) {
    String name = wanted;
    for (int n = 2; !usedNames.add(name); n++) {
      name = wanted + "_" + n;
    }
    return name;
  }

  /** Maps the sample once more with the result; choices are checked, so this only guards. */
  private void verify(MappingSpec spec, TableSchema table, List<Record> sample) {
    Mapper mapper = Mapper.compile(spec, table);
    int failures = 0;
    for (Record record : sample) {
      if (mapper.map(record) instanceof MapResult.Failed failed && failures++ < 3) {
        notes.add("Sampled record at " + record.position() + " fails: " + failed.reason());
      }
    }
  }
}
