package io.sluice.core.mapping;

import static io.sluice.core.mapping.TestRecords.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourcePosition;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Inference from text cells (CSV), and from Parquet's dates, times and fine timestamps. */
class TextTypesTest {

  /** Each column's name, then its cells in two CSV rows: text, or null for a null marker. */
  private static final String[][] COLUMNS = {
    {"id", "1", "2"},
    {"flag", "true", "FALSE"},
    {"small", "-7", "0"},
    {"big", "3000000000", "-4"},
    {"huge", "123456789012345678901234567890", "7"},
    {"price", "9.99", "10"},
    {"ratio", "NaN", "0.5"},
    {"zip", "01234", "75001"},
    {"signed", "+5", "6"},
    {"uid", "3b241101-e2bb-4255-8caf-4136c566a962", "3B241101-E2BB-4255-8CAF-4136C566A963"},
    {"at", "2024-05-01T12:00:00Z", "1969-07-20T21:17:40.5+01:00"},
    {"fine", "2024-05-01T12:00:00.123456Z", "2024-05-01T12:00:00Z"},
    {"day", "2024-05-01", "1969-07-20"},
    {"local", "2024-05-01T12:00:00", "2024-05-01T13:00:00"},
    {"name", "Ada", "Grace"},
    {"mixed", "1", "x"},
    {"sparse", null, "1.50"},
    {"zero", "-0.0", "1.5"},
    {"padded", "01.5", "1.5"}
  };

  private static final List<Record> CSV = List.of(csvRow(1), csvRow(2));

  private static Record csvRow(int cell) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (String[] column : COLUMNS) {
      fields.put(column[0], column[cell]);
    }
    return new Record(new SourcePosition("test.csv", cell, null), fields, 0);
  }

  private static Map<String, String> types(InferredMapping inferred) {
    Map<String, String> types = new LinkedHashMap<>();
    for (ColumnSchema column : inferred.table().columns()) {
      types.put(column.name(), column.type().toCql());
    }
    return types;
  }

  @Test
  void should_type_csv_columns_by_what_every_sampled_cell_reads_as() {
    InferredMapping inferred = MappingInference.infer(CSV, "app", "rows");

    assertThat(types(inferred))
        .containsExactly(
            Map.entry("id", "int"),
            Map.entry("flag", "boolean"),
            Map.entry("small", "int"),
            Map.entry("big", "bigint"),
            Map.entry("huge", "varint"),
            Map.entry("price", "decimal"),
            Map.entry("ratio", "double"),
            Map.entry("zip", "text"),
            Map.entry("signed", "text"),
            Map.entry("uid", "uuid"),
            Map.entry("at", "timestamp"),
            Map.entry("fine", "text"),
            Map.entry("day", "date"),
            Map.entry("local", "text"),
            Map.entry("name", "text"),
            Map.entry("mixed", "text"),
            Map.entry("sparse", "decimal"),
            Map.entry("zero", "text"),
            Map.entry("padded", "text"));
  }

  @Test
  void should_explain_text_typing_and_map_every_sampled_row() throws Exception {
    InferredMapping inferred = MappingInference.infer(CSV, "app", "rows");
    Mapper mapper = Mapper.compile(MappingSpecYamlTest.read(inferred.yaml()), inferred.table());

    for (Record record : CSV) {
      assertThat(mapper.map(record)).isInstanceOf(MapResult.Rows.class);
    }
    assertThat(inferred.notes())
        .anyMatch(note -> note.startsWith("No sampled record holds a number or a boolean"))
        .anyMatch(note -> note.startsWith("Column price") && note.contains("decimal"))
        .anyMatch(note -> note.startsWith("Column fine") && note.contains("'truncate: millis'"))
        .noneMatch(note -> note.contains("fails"));
    assertThat(inferred.yaml()).contains("# times finer than a millisecond");
  }

  @Test
  void should_keep_strings_text_when_the_source_types_its_values() {
    List<Record> typed =
        List.of(
            record("_id", "a", "n", 1, "code", "42", "when", "2024-05-01"),
            record("_id", "b", "n", 2, "code", "43", "when", "2024-05-02"));

    assertThat(types(MappingInference.infer(typed, "app", "rows")))
        .containsExactly(
            Map.entry("id", "text"),
            Map.entry("n", "int"),
            Map.entry("code", "text"),
            Map.entry("when", "text"));
  }

  @Test
  void should_give_parquet_dates_and_times_their_columns_and_keep_fine_times_as_text() {
    List<Record> parquet =
        List.of(
            record(
                "id",
                1L,
                "day",
                LocalDate.of(2024, 2, 29),
                "at",
                LocalTime.parse("13:45:30.5"),
                "ms",
                Instant.parse("2024-05-01T12:00:00.123Z"),
                "us",
                Instant.parse("2024-05-01T12:00:00.123456Z")));

    InferredMapping inferred = MappingInference.infer(parquet, "app", "rows");

    assertThat(types(inferred))
        .containsExactly(
            Map.entry("id", "bigint"),
            Map.entry("day", "date"),
            Map.entry("at", "time"),
            Map.entry("ms", "timestamp"),
            Map.entry("us", "text"));
    assertThat(inferred.notes())
        .anyMatch(note -> note.startsWith("Column us") && note.contains("'epoch-unit: micros'"));
  }

  @Test
  void should_keep_the_strings_of_a_typed_source_as_text() {
    List<Record> strings =
        List.of(
            TestRecords.record("code", "123", "ref", "3f2504e0-4f89-41d3-9a0c-0305e82c3301"),
            TestRecords.record("code", "456", "ref", "7c9e6679-7425-40de-944b-e07fc1f90ae7"));

    assertThat(types(MappingInference.infer(strings, "app", "rows", false)))
        .containsEntry("code", "text")
        .containsEntry("ref", "text");
    assertThat(types(MappingInference.infer(strings, "app", "rows", true)))
        .containsEntry("code", "int")
        .containsEntry("ref", "uuid");
  }
}
