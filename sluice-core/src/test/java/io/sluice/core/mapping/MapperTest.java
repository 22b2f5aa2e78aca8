package io.sluice.core.mapping;

import static io.sluice.core.mapping.TestRecords.doc;
import static io.sluice.core.mapping.TestRecords.record;
import static io.sluice.core.mapping.TestTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.Record;
import io.sluice.core.value.ObjectIdValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MapperTest {

  static final ObjectIdValue OID = new ObjectIdValue("5f1d7a3c9b1e8a0012345678");

  static MappingSpec columns(Object... namesAndSources) {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    for (int i = 0; i < namesAndSources.length; i += 2) {
      Object source = namesAndSources[i + 1];
      columns.put(
          (String) namesAndSources[i],
          source instanceof String path ? ColumnSpec.ofField(path) : (ColumnSpec) source);
    }
    return MappingSpec.of(columns);
  }

  static Map<String, Object> onlyRow(MapResult result) {
    assertThat(result).isInstanceOf(MapResult.Rows.class);
    List<Map<String, Object>> rows = ((MapResult.Rows) result).rows();
    assertThat(rows).hasSize(1);
    return rows.get(0);
  }

  static String reason(MapResult result) {
    assertThat(result).isInstanceOf(MapResult.Failed.class);
    return ((MapResult.Failed) result).reason();
  }

  @Test
  void should_map_nested_fields_and_array_indexes_in_mapping_order() {
    TableSchema table =
        table("id text pk", "given_name text", "first_phone text", "last_phone text", "odd int");
    Mapper mapper =
        Mapper.compile(
            columns(
                "odd", "['a.b'].c",
                "id", "_id",
                "given_name", "name.given",
                "first_phone", "phones[0].number",
                "last_phone", "phones[-1].number"),
            table);
    Record record =
        record(
            "_id", OID,
            "name", doc("given", "Ada", "family", "Lovelace"),
            "phones", List.of(doc("number", "111"), doc("number", "222")),
            "a.b", doc("c", 7L));

    Map<String, Object> row = onlyRow(mapper.map(record));

    assertThat(row)
        .containsExactly(
            Map.entry("odd", 7),
            Map.entry("id", "5f1d7a3c9b1e8a0012345678"),
            Map.entry("given_name", "Ada"),
            Map.entry("first_phone", "111"),
            Map.entry("last_phone", "222"));
  }

  @Test
  void should_leave_missing_fields_null_unless_they_are_keys() {
    Mapper mapper =
        Mapper.compile(
            columns("id", "_id", "given_name", "name.given", "first_phone", "phones[5]"),
            table("id text pk", "given_name text", "first_phone text"));

    Map<String, Object> row = onlyRow(mapper.map(record("_id", "a", "phones", List.of())));

    assertThat(row).containsEntry("id", "a").containsEntry("given_name", null);
    assertThat(row).containsEntry("first_phone", null);
  }

  @Test
  void should_fail_when_primary_key_field_is_missing() {
    Mapper mapper =
        Mapper.compile(columns("id", "_id", "name", "name"), table("id text pk", "name text"));

    assertThat(reason(mapper.map(record("name", "Ada"))))
        .isEqualTo(
            "Column 'id' (field '_id') is part of the primary key, but the record has no value"
                + " for it.");
  }

  @Test
  void should_take_a_row_of_static_cells_alone_without_clustering_values() {
    Mapper mapper =
        Mapper.compile(
            columns("id", "id", "n", "n", "note", "note", "v", "v"),
            table("id int pk", "n int ck", "note text st", "v text"));

    assertThat(onlyRow(mapper.map(record("id", 1, "note", "alone"))))
        .containsEntry("id", 1)
        .containsEntry("note", "alone")
        .containsEntry("n", null);
    assertThat(reason(mapper.map(record("id", 1, "note", "alone", "v", "x"))))
        .startsWith("Column 'n' (field 'n') is part of the primary key");
    assertThat(reason(mapper.map(record("id", 1))))
        .startsWith("Column 'n' (field 'n') is part of the primary key");
  }

  /**
   * A driver reads a non-frozen collection that holds nothing as an empty one: beside a static cell
   * alone, such a value is no regular cell, and the row is the partition's static cells alone.
   */
  @Test
  void should_take_empty_collections_beside_static_cells_alone_for_none() {
    Mapper mapper =
        Mapper.compile(
            columns("id", "id", "n", "n", "note", "note", "s", "s", "l", "l", "m", "m"),
            table(
                "id int pk",
                "n int ck",
                "note text st",
                "s set<text>",
                "l list<int>",
                "m map<text, int>"));

    assertThat(
            onlyRow(
                mapper.map(
                    record(
                        "id", 1, "note", "alone", "s", List.of(), "l", List.of(), "m", Map.of()))))
        .containsEntry("note", "alone")
        .containsEntry("n", null)
        .containsEntry("s", null)
        .containsEntry("l", null)
        .containsEntry("m", null);
    assertThat(reason(mapper.map(record("id", 1, "note", "alone", "l", List.of(3)))))
        .startsWith("Column 'n' (field 'n') is part of the primary key");
  }

  @Test
  void should_fail_with_one_sentence_naming_column_path_kind_and_type() {
    Mapper mapper =
        Mapper.compile(columns("id", "_id", "age", "info.age"), table("id int pk", "age int"));

    assertThat(reason(mapper.map(record("_id", 1, "info", doc("age", 3_000_000_000L)))))
        .isEqualTo(
            "Column 'age' (field 'info.age'): cannot convert int64 to int, out of range (value"
                + " 3000000000).");
  }

  @Test
  void should_never_quote_key_values_and_shorten_other_excerpts() {
    Mapper mapper =
        Mapper.compile(columns("id", "_id", "age", "age"), table("id int pk", "age int"));

    assertThat(reason(mapper.map(record("_id", "secret-key"))))
        .isEqualTo("Column 'id' (field '_id'): cannot convert string to int, not an integer.");
    assertThat(reason(mapper.map(record("_id", 1, "age", "x".repeat(100)))))
        .endsWith("not an integer (value \"" + "x".repeat(39) + "…\").");
  }

  @Test
  void should_fail_when_path_goes_into_a_scalar() {
    Mapper mapper =
        Mapper.compile(
            columns("id", "_id", "given_name", "name.given", "first", "name[0]"),
            table("id int pk", "given_name text", "first text"));

    assertThat(reason(mapper.map(record("_id", 1, "name", "Bob"))))
        .isEqualTo(
            "Column 'given_name' (field 'name.given'): 'name' is a string, not a document (value"
                + " \"Bob\").");
    assertThat(reason(mapper.map(record("_id", 1, "name", doc("given", "x")))))
        .isEqualTo("Column 'first' (field 'name[0]'): 'name' is a document, not an array.");
  }

  @Test
  void should_write_constants_and_defaults_converted_to_the_column_type() {
    Mapper mapper =
        Mapper.compile(
            columns(
                "id", "_id",
                "source", ColumnSpec.ofConstant("mongo-2024"),
                "version", ColumnSpec.ofConstant("5"),
                "signup", ColumnSpec.ofField("createdAt").withDefault("1969-07-20T20:17:40Z")),
            table("id int pk", "source text", "version bigint", "signup timestamp"));

    assertThat(onlyRow(mapper.map(record("_id", 1))))
        .containsEntry("source", "mongo-2024")
        .containsEntry("version", 5L)
        .containsEntry("signup", Instant.parse("1969-07-20T20:17:40Z"));
    assertThat(onlyRow(mapper.map(record("_id", 1, "createdAt", Instant.EPOCH))))
        .containsEntry("signup", Instant.EPOCH);
  }

  @Test
  void should_build_derived_keys_with_concat_and_hash() throws Exception {
    Mapper mapper =
        Mapper.compile(
            columns(
                "user_key", ColumnSpec.ofConcat(List.of("country", "_id"), null),
                "label", ColumnSpec.ofConcat(List.of("name.given", "name.family"), " "),
                "id_hash", ColumnSpec.ofHash(List.of("_id"), null),
                "raw_hash", ColumnSpec.ofHash(List.of("_id", "missing"), "md5")),
            table("user_key text pk", "label text", "id_hash text", "raw_hash blob"));

    Map<String, Object> row =
        onlyRow(mapper.map(record("_id", OID, "country", "US", "name", doc("given", "Ada"))));

    assertThat(row).containsEntry("user_key", "US:5f1d7a3c9b1e8a0012345678");
    assertThat(row).containsEntry("label", null);
    assertThat(row)
        .containsEntry(
            "id_hash",
            HexFormat.of()
                .formatHex(
                    MessageDigest.getInstance("SHA-256")
                        .digest("5f1d7a3c9b1e8a0012345678\0".getBytes(StandardCharsets.UTF_8))));
    assertThat(row)
        .containsEntry(
            "raw_hash",
            ByteBuffer.wrap(
                MessageDigest.getInstance("MD5")
                    .digest("5f1d7a3c9b1e8a0012345678\0\1\0".getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void should_count_elements_with_size() {
    Mapper mapper =
        Mapper.compile(
            columns("id", "_id", "email_count", ColumnSpec.ofSize("emails")),
            table("id int pk", "email_count int"));

    assertThat(onlyRow(mapper.map(record("_id", 1, "emails", List.of("a", "b")))))
        .containsEntry("email_count", 2);
    assertThat(onlyRow(mapper.map(record("_id", 1)))).containsEntry("email_count", null);
    assertThat(reason(mapper.map(record("_id", 1, "emails", 5))))
        .isEqualTo(
            "Column 'email_count' (size of 'emails'): size applies to arrays, documents and"
                + " strings, not to int32 (value 5).");
  }

  @Test
  void should_convert_nested_documents_by_column_type() {
    Mapper mapper =
        Mapper.compile(
            columns("id", "_id", "profile_json", "profile", "profile_map", "profile"),
            table("id int pk", "profile_json text", "profile_map map<text, text>"));

    Map<String, Object> row =
        onlyRow(mapper.map(record("_id", 1, "profile", doc("city", "Paris", "since", 2019))));

    assertThat(row).containsEntry("profile_json", "{\"city\":\"Paris\",\"since\":2019}");
    assertThat(row).containsEntry("profile_map", Map.of("city", "Paris", "since", "2019"));
  }

  @Test
  void should_map_many_records_from_many_threads() {
    Mapper mapper =
        Mapper.compile(columns("id", "_id", "n", "n.v"), table("id int pk", "n bigint"));

    List<Object> values =
        IntStream.range(0, 20_000)
            .parallel()
            .mapToObj(i -> onlyRow(mapper.map(record("_id", i, "n", doc("v", i)))).get("n"))
            .toList();

    assertThat(values)
        .isEqualTo(IntStream.range(0, 20_000).mapToObj(i -> (Object) (long) i).toList());
  }
}
