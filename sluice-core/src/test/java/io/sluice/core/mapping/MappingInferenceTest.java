package io.sluice.core.mapping;

import static io.sluice.core.mapping.TestRecords.doc;
import static io.sluice.core.mapping.TestRecords.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.ObjectIdValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MappingInferenceTest {

  private static final List<Record> USERS =
      List.of(
          record(
              "_id",
              new ObjectIdValue("5f1d7a3c9b1e8a0012345678"),
              "firstName",
              "Ada",
              "age",
              36,
              "score",
              3,
              "createdAt",
              Instant.parse("1815-12-10T00:00:00Z"),
              "tags",
              List.of("math", "poetry"),
              "profile",
              doc("city", "London"),
              "items",
              List.of(doc("sku", 1)),
              "mixed",
              1,
              "alwaysNull",
              null,
              "id",
              "legacy-1",
              "first_name",
              "ADA",
              "a.b",
              true,
              "photo",
              new BinaryValue((byte) 0, new byte[] {1}),
              "ref",
              UUID.fromString("3f2504e0-4f89-41d3-9a0c-0305e82c3301"),
              "price",
              new BigDecimal("9.99"),
              "big",
              9007199254740993L,
              "wild",
              Double.NaN),
          record(
              "_id",
              new ObjectIdValue("5f1d7a3c9b1e8a0012345679"),
              "firstName",
              "Grace",
              "age",
              5_000_000_000L,
              "score",
              2.5,
              "tags",
              List.of(),
              "mixed",
              "one",
              "alwaysNull",
              null,
              "big",
              0.5,
              "wild",
              9007199254740993L,
              "onlyHere",
              List.of(1, 2)));

  private static Map<String, String> types(InferredMapping inferred) {
    Map<String, String> types = new LinkedHashMap<>();
    for (ColumnSchema column : inferred.table().columns()) {
      types.put(column.name(), column.type().toCql());
    }
    return types;
  }

  @Test
  void should_choose_the_widest_type_seen_for_each_field() {
    InferredMapping inferred = MappingInference.infer(USERS, "app", "users");

    assertThat(types(inferred))
        .containsExactly(
            Map.entry("id", "text"),
            Map.entry("first_name", "text"),
            Map.entry("age", "bigint"),
            Map.entry("score", "double"),
            Map.entry("created_at", "timestamp"),
            Map.entry("tags", "frozen<list<text>>"),
            Map.entry("profile", "text"),
            Map.entry("items", "text"),
            Map.entry("mixed", "text"),
            Map.entry("always_null", "text"),
            Map.entry("id_2", "text"),
            Map.entry("first_name_2", "text"),
            Map.entry("a_b", "boolean"),
            Map.entry("photo", "blob"),
            Map.entry("ref", "uuid"),
            Map.entry("price", "decimal"),
            Map.entry("big", "decimal"),
            Map.entry("wild", "text"),
            Map.entry("only_here", "frozen<list<int>>"));
    assertThat(inferred.table().partitionKey())
        .extracting(ColumnSchema::name)
        .containsExactly("id");
    assertThat(inferred.mapping().columns().get("id")).isEqualTo(ColumnSpec.ofField("_id"));
    assertThat(inferred.mapping().columns().get("a_b")).isEqualTo(ColumnSpec.ofField("['a.b']"));
    assertThat(inferred.createTableCql())
        .startsWith("CREATE TABLE IF NOT EXISTS app.users (\n  id text,\n")
        .endsWith("  PRIMARY KEY (id)\n);");
  }

  @Test
  void should_map_every_sampled_record_with_the_inferred_mapping() throws Exception {
    InferredMapping inferred = MappingInference.infer(USERS, "app", "users");
    MappingSpec reread = MappingSpecYamlTest.read(inferred.yaml());
    Mapper mapper = Mapper.compile(reread, inferred.table());

    assertThat(reread).isEqualTo(inferred.mapping());
    for (Record record : USERS) {
      assertThat(mapper.map(record)).isInstanceOf(MapResult.Rows.class);
    }
    assertThat(inferred.notes()).noneMatch(note -> note.contains("fails"));
  }

  @Test
  void should_explain_choices_in_notes_and_yaml_comments() {
    InferredMapping inferred = MappingInference.infer(USERS, "app", "users");

    assertThat(inferred.notes())
        .contains(
            "Column id (field '_id'): ObjectId as text (24 hex digits); blob would store its 12"
                + " bytes.",
            "Field 'id' fills column id_2, because id was taken.",
            "Column mixed (field 'mixed'): mixed kinds [int32, string] in the sample, so text.")
        .anyMatch(note -> note.startsWith("Column profile") && note.contains("user-defined type"))
        .anyMatch(note -> note.startsWith("Column tags") && note.contains("CASSANDRA-11368"));
    assertThat(inferred.yaml())
        .startsWith("# Inferred by Sluice from 2 sampled records for table app.users.\n")
        .contains(
            "    # ObjectId as text (24 hex digits); blob would store its 12 bytes\n"
                + "    id: _id\n"
                + "    first_name: firstName\n");
  }

  @Test
  void should_use_a_field_named_id_when_there_is_no_underscore_id() {
    InferredMapping inferred =
        MappingInference.infer(List.of(record("ID", 1, "v", 2), record("ID", 2)), "app", "t");

    assertThat(types(inferred)).containsExactly(Map.entry("id", "int"), Map.entry("v", "int"));
    assertThat(inferred.mapping().columns().get("id")).isEqualTo(ColumnSpec.ofField("ID"));
  }

  @Test
  void should_key_each_record_by_its_place_in_the_source_when_no_field_identifies_records() {
    Record first = new Record(new SourcePosition("rows.csv", 8, null), doc("a", 1, "b", "x"), 8);
    Record same = new Record(new SourcePosition("rows.csv", 16, null), doc("a", 1, "b", "x"), 8);
    InferredMapping inferred = MappingInference.infer(List.of(first, same), "app", "t");
    Mapper mapper = Mapper.compile(inferred.mapping(), inferred.table());

    assertThat(inferred.mapping().columns().get("row_key")).isEqualTo(ColumnSpec.ofPosition());
    assertThat(inferred.notes()).anyMatch(note -> note.contains("map a real key here"));
    assertThat(inferred.yaml()).contains("row_key: { position: true }");
    // Identical records stay two rows: nothing collapses.
    assertThat(List.of(first, same))
        .extracting(r -> ((MapResult.Rows) mapper.map(r)).rows().get(0).get("row_key"))
        .containsExactly("rows.csv:8", "rows.csv:16");
  }

  @Test
  void should_fall_back_to_json_text_for_lists_holding_null() {
    InferredMapping inferred =
        MappingInference.infer(List.of(record("_id", 1, "xs", Arrays.asList(1, null))), "app", "t");

    assertThat(types(inferred)).containsEntry("xs", "text");
  }

  @Test
  void should_refuse_an_empty_sample() {
    assertThatThrownBy(() -> MappingInference.infer(List.of(), "app", "t"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The sample holds no records to infer a mapping from.");
  }
}
