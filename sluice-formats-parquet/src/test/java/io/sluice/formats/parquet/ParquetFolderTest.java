package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.sluice.core.source.Record;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files, folders and globs, as a Spark export lays them out. */
class ParquetFolderTest {

  @TempDir Path base;

  @BeforeEach
  void writeExport() throws IOException {
    Path export = Files.createDirectories(base.resolve("export"));
    ContractFixtures.write(export.resolve("part-00001.parquet"), 30, 20, Set.of());
    ContractFixtures.write(export.resolve("part-00000.parquet"), 10, 20, Set.of());
    ContractFixtures.write(export.resolve("part-00002.snappy.parquet"), 5, 20, Set.of());
    ContractFixtures.write(export.resolve(".part-00000.parquet.crc"), 1, 20, Set.of());
    ContractFixtures.write(export.resolve("_hidden.parquet"), 1, 20, Set.of());
    Files.writeString(export.resolve("_SUCCESS"), "");
    Files.writeString(export.resolve("notes.txt"), "not parquet");
    Files.createDirectories(export.resolve("year=2024"));
  }

  private ParquetSource source(String... paths) {
    return Reads.source(base, List.of(paths), Map.of());
  }

  @Test
  void should_read_a_folders_parquet_files_in_name_order_skipping_hidden_ones() throws IOException {
    ParquetSource source = source("export");

    assertThat(source.files())
        .extracting(ParquetFile::resource)
        .containsExactly(
            "export/part-00000.parquet",
            "export/part-00001.parquet",
            "export/part-00002.snappy.parquet");
    assertThat(Reads.records(Reads.all(source))).hasSize(10 + 30 + 5);
  }

  @Test
  void should_know_its_fields_from_the_schemas_or_the_columns_option() throws IOException {
    assertThat(source("export").knownFields()).contains(Set.of("id", "n", "note"));
    assertThat(
            Reads.source(base, List.of("export"), Map.of("columns", List.of("id", "note")))
                .knownFields())
        .contains(Set.of("id", "note"));
  }

  @Test
  void should_number_splits_across_files_one_per_row_group() throws IOException {
    ParquetSource source = source("export");
    List<Split> splits = source.plan();

    assertThat(splits).extracting(Split::index).containsExactly(0, 1, 2, 3);
    assertThat(splits)
        .extracting(Split::resource, Split::start, Split::end)
        .containsExactly(
            tuple("export/part-00000.parquet", 0L, 10L),
            tuple("export/part-00001.parquet", 0L, 20L),
            tuple("export/part-00001.parquet", 20L, 30L),
            tuple("export/part-00002.snappy.parquet", 0L, 5L));
    for (Split split : splits) {
      List<Record> records = Reads.records(Reads.split(source, split));
      assertThat(records.stream().mapToLong(Record::sizeBytes).sum())
          .as("row sizes of %s add up to its row group's", split.id())
          .isEqualTo(split.work());
    }
  }

  @Test
  void should_expand_a_glob_in_the_file_name_and_read_a_file_named_twice_once() throws IOException {
    ParquetSource source = source("export/part-0000[01].parquet", "export/part-00000.parquet");

    assertThat(source.files())
        .extracting(ParquetFile::resource)
        .containsExactly("export/part-00000.parquet", "export/part-00001.parquet");
  }

  @Test
  void should_name_records_by_the_path_as_given() throws IOException {
    List<Record> records = Reads.records(Reads.all(source("export/part-00000.parquet")));

    assertThat(records.get(3).position().resource()).isEqualTo("export/part-00000.parquet");
    assertThat(records.get(3).position().offset()).isEqualTo(3);
    assertThat(records.get(3).nextOffset()).isEqualTo(4);
  }

  @Test
  void should_reject_paths_that_hold_no_parquet_file() {
    assertThatThrownBy(() -> source("missing.parquet"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "parquet source path 'missing.parquet' is neither a file nor a folder");
    assertThatThrownBy(() -> source("export/year=2024"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no .parquet files found in [export/year=2024]");
    assertThatThrownBy(() -> source("ex*/part-00000.parquet"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "parquet source path 'ex*/part-00000.parquet': a glob may only be in the file name");
    assertThatThrownBy(() -> Reads.source(base, List.of(), Map.of()))
        .hasMessage("a parquet source needs at least one path");
  }
}
