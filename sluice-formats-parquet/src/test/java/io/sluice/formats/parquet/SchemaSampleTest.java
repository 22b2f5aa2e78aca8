package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Record;
import io.sluice.core.value.BinaryValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.parquet.schema.MessageTypeParser;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file with a schema and no rows still says what its rows would hold. */
class SchemaSampleTest {

  @TempDir Path dir;

  @Test
  void should_build_a_row_of_each_columns_kind_from_a_file_without_rows() throws IOException {
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(
            dir.resolve("empty.parquet"),
            MessageTypeParser.parseMessageType(
                """
                message rows {
                  required binary id (STRING);
                  optional int32 n;
                  required int32 amount (DECIMAL(9,2));
                  required binary big (DECIMAL(30,2));
                  required int32 day (DATE);
                  required int64 ts_ms (TIMESTAMP(MILLIS,true));
                  required int64 ts_us (TIMESTAMP(MICROS,true));
                  required int96 legacy;
                  required fixed_len_byte_array(16) key (UUID);
                  required binary raw;
                  optional group tags (LIST) { repeated group list { required binary element (STRING); } }
                  optional group spot { required double x; required boolean seen; }
                }
                """))) {
      // No row at all: the file holds its schema only.
    }
    ParquetSource source = Reads.source(dir, List.of("empty.parquet"), Map.of());

    assertThat(source.plan()).isEmpty();
    List<Record> samples = source.schemaSamples();

    assertThat(samples).hasSize(1);
    Map<String, Object> row = samples.get(0).fields();
    assertThat(row)
        .containsKeys(
            "id", "n", "amount", "big", "day", "ts_ms", "ts_us", "legacy", "key", "raw", "tags",
            "spot");
    assertThat(row.get("id")).isInstanceOf(String.class);
    assertThat(row.get("n")).isInstanceOf(Integer.class);
    assertThat(row.get("amount")).isInstanceOf(BigDecimal.class);
    assertThat(row.get("big")).isInstanceOf(BigDecimal.class);
    assertThat(row.get("day")).isInstanceOf(LocalDate.class);
    assertThat(row.get("ts_ms")).isEqualTo(Instant.ofEpochMilli(1));
    assertThat(row.get("ts_us")).isEqualTo(Instant.EPOCH.plusNanos(1_000));
    assertThat(row.get("legacy")).isInstanceOf(Instant.class);
    assertThat(row.get("key")).isInstanceOf(UUID.class);
    assertThat(row.get("raw")).isInstanceOf(BinaryValue.class);
    assertThat(row.get("tags"))
        .asInstanceOf(InstanceOfAssertFactories.LIST)
        .singleElement()
        .isInstanceOf(String.class);
    assertThat(row.get("spot")).isEqualTo(Map.of("x", 0.0, "seen", false));
  }

  @Test
  void should_give_named_columns_a_file_lacks_as_null() throws IOException {
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(
            dir.resolve("empty.parquet"),
            MessageTypeParser.parseMessageType(
                "message rows { required int64 a; required int64 b; }"))) {
      // No row.
    }
    ParquetSource source =
        Reads.source(dir, List.of("empty.parquet"), Map.of("columns", List.of("b", "c")));

    Map<String, Object> row = source.schemaSamples().get(0).fields();

    assertThat(row).containsOnlyKeys("b", "c").containsEntry("b", 1L).containsEntry("c", null);
  }
}
