package io.sluice.core.mapping;

import static io.sluice.core.mapping.MapperTest.columns;
import static io.sluice.core.mapping.MapperTest.onlyRow;
import static io.sluice.core.mapping.MapperTest.reason;
import static io.sluice.core.mapping.TestRecords.record;
import static io.sluice.core.mapping.TestTables.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.schema.TableSchema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code epoch-unit} and {@code truncate} column settings, from job file to mapped row. */
class InstantSettingsTest {

  private static final TableSchema EVENTS =
      table(
          "id text pk",
          "at timestamp",
          "at_micros bigint",
          "times frozen<list<timestamp>>",
          "label text");
  private static final Instant MICROS = Instant.parse("2024-05-01T12:00:00.123456Z");

  private static void assertRejected(ColumnSpec spec, String column, String message) {
    assertThatThrownBy(() -> Mapper.compile(columns("id", "_id", column, spec), EVENTS))
        .isInstanceOf(MappingException.class)
        .hasMessage(message);
  }

  @Test
  void should_read_the_settings_from_a_job_file_and_write_them_back() throws Exception {
    MappingSpec spec =
        MappingSpecYamlTest.read(
            """
            mapping:
              columns:
                id: _id
                at: { field: ts, truncate: millis }
                at_micros: { field: ts, epoch-unit: micros }
            """);

    assertThat(spec.columns().get("at"))
        .isEqualTo(ColumnSpec.ofField("ts").withInstants(null, "millis"));
    assertThat(spec.columns().get("at_micros"))
        .isEqualTo(ColumnSpec.ofField("ts").withInstants("micros", null));
    assertThat(MappingYaml.write(spec))
        .contains("at: { field: ts, truncate: millis }")
        .contains("at_micros: { field: ts, epoch-unit: micros }");
    assertThat(MappingSpecYamlTest.read(MappingYaml.write(spec))).isEqualTo(spec);
  }

  @Test
  void should_map_a_microsecond_time_into_both_columns_when_asked() {
    Mapper mapper =
        Mapper.compile(
            columns(
                "id", "_id",
                "at", ColumnSpec.ofField("ts").withInstants(null, "millis"),
                "at_micros", ColumnSpec.ofField("ts").withInstants("micros", null),
                "times", ColumnSpec.ofField("all").withInstants(null, "millis")),
            EVENTS);

    Map<String, Object> row =
        onlyRow(mapper.map(record("_id", "e1", "ts", MICROS, "all", List.of(MICROS))));

    assertThat(row)
        .containsEntry("at", Instant.parse("2024-05-01T12:00:00.123Z"))
        .containsEntry("at_micros", 1714564800123456L)
        .containsEntry("times", List.of(Instant.parse("2024-05-01T12:00:00.123Z")));
  }

  @Test
  void should_reject_a_microsecond_time_by_default_naming_the_setting() {
    Mapper mapper = Mapper.compile(columns("id", "_id", "at", "ts"), EVENTS);

    assertThat(reason(mapper.map(record("_id", "e1", "ts", MICROS))))
        .isEqualTo(
            "Column 'at' (field 'ts'): cannot convert date to timestamp, it is finer than a"
                + " millisecond (set 'truncate: millis' on the column to drop the finer part)"
                + " (value 2024-05-01T12:00:00.123456Z).");
  }

  @Test
  void should_reject_unknown_units() {
    assertRejected(
        ColumnSpec.ofField("ts").withInstants("hours", null),
        "at_micros",
        "Column 'at_micros': epoch-unit 'hours' is not one of seconds, millis, micros, nanos.");
    assertRejected(
        ColumnSpec.ofField("ts").withInstants(null, "nanos"),
        "at",
        "Column 'at': truncate 'nanos' is not one of seconds, millis, micros.");
  }

  @Test
  void should_reject_settings_on_columns_without_timestamp_or_bigint() {
    assertRejected(
        ColumnSpec.ofField("ts").withInstants(null, "millis"),
        "label",
        "Column 'label' sets truncate, which only timestamp, bigint and counter columns (and"
            + " collections of them) use; it is text.");
  }

  @Test
  void should_reject_a_truncation_that_leaves_what_the_column_cannot_hold() {
    assertRejected(
        ColumnSpec.ofField("ts").withInstants(null, "micros"),
        "at",
        "Column 'at': 'truncate: micros' keeps parts finer than the millisecond a timestamp"
            + " holds; use millis or seconds.");
    assertRejected(
        ColumnSpec.ofField("ts").withInstants("millis", "micros"),
        "at_micros",
        "Column 'at_micros': 'truncate: micros' keeps parts finer than its epoch-unit, millis;"
            + " truncate to millis or set epoch-unit: micros.");
  }

  @Test
  void should_leave_unset_settings_out_of_the_job_fingerprint() throws Exception {
    String json = new ObjectMapper().writeValueAsString(ColumnSpec.ofField("ts"));
    String set =
        new ObjectMapper()
            .writeValueAsString(ColumnSpec.ofField("ts").withInstants("micros", "millis"));

    assertThat(json).doesNotContain("epochUnit").doesNotContain("truncate");
    assertThat(set).contains("\"epochUnit\":\"micros\"").contains("\"truncate\":\"millis\"");
  }
}
