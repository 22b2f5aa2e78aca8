package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code columns} option: reading some top-level columns of files whose schemas differ. */
class ColumnProjectionTest {

  @TempDir Path dir;

  @Test
  void should_read_only_the_named_columns_in_file_order() throws IOException {
    ContractFixtures.write(dir.resolve("a.parquet"), 3, 10, Set.of());

    List<Map<String, Object>> rows =
        Reads.records(
                Reads.all(
                    Reads.source(dir, List.of("a.parquet"), Map.of("columns", List.of("n", "id")))))
            .stream()
            .map(record -> record.fields())
            .toList();

    Map<String, Object> first = new LinkedHashMap<>();
    first.put("id", "r0");
    first.put("n", 0);
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0)).containsExactlyEntriesOf(first);
  }

  @Test
  void should_give_null_for_a_column_some_files_lack() throws IOException {
    ContractFixtures.write(dir.resolve("a.parquet"), 2, 10, Set.of());
    MessageType older = MessageTypeParser.parseMessageType("message m { required int32 n; }");
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(dir.resolve("b.parquet"), older)) {
      writer.write(writer.newRow().append("n", 7));
    }

    List<Map<String, Object>> rows =
        Reads.records(
                Reads.all(
                    Reads.source(
                        dir, List.of("a.parquet", "b.parquet"), Map.of("columns", List.of("id")))))
            .stream()
            .map(record -> record.fields())
            .toList();

    assertThat(rows).extracting(row -> row.get("id")).containsExactly("r0", "r1", null);
    assertThat(rows.get(2)).containsOnlyKeys("id");
  }

  @Test
  void should_refuse_a_column_no_file_has() throws IOException {
    ContractFixtures.write(dir.resolve("a.parquet"), 2, 10, Set.of());
    ParquetSource source =
        Reads.source(dir, List.of("a.parquet"), Map.of("columns", List.of("id", "nope")));

    assertThatThrownBy(source::plan)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "parquet source 'test': columns [nope] are in none of its files, whose columns are"
                + " [id, n, note]");
  }
}
