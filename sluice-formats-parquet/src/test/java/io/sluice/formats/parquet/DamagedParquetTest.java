package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damage is data: rows, row groups and files that cannot be read become MalformedRecords. */
class DamagedParquetTest {

  @TempDir Path dir;

  private List<SourceItem> read(Map<String, Object> options, String... paths) throws IOException {
    return Reads.all(Reads.source(dir, List.of(paths), options));
  }

  @Test
  void should_reject_a_row_group_whose_checksum_fails_and_read_the_next_one() throws IOException {
    Path file = dir.resolve("groups.parquet");
    ContractFixtures.write(file, 30, 10, Set.of());
    ContractFixtures.damage(file, 1, "note");

    List<SourceItem> items = read(Map.of(), "groups.parquet");

    assertThat(Reads.records(items)).hasSize(20);
    assertThat(Reads.malformed(items))
        .singleElement()
        .satisfies(
            bad -> {
              assertThat(bad.position().resource()).isEqualTo("groups.parquet");
              assertThat(bad.position().offset()).isEqualTo(10);
              assertThat(bad.nextOffset()).isEqualTo(20);
              assertThat(bad.reason())
                  .startsWith("row group 1 (rows 10 to 19) cannot be decoded: ")
                  .contains("CRC");
            });
    Split second = Reads.source(dir, List.of("groups.parquet"), Map.of()).plan().get(1);
    assertThat(Reads.malformed(items).get(0).sizeBytes()).isEqualTo(second.work());
  }

  @Test
  void should_reject_the_rest_of_a_group_from_the_resume_row() throws IOException {
    Path file = dir.resolve("groups.parquet");
    ContractFixtures.write(file, 30, 10, Set.of());
    ContractFixtures.damage(file, 1, "note");
    ParquetSource source = Reads.source(dir, List.of("groups.parquet"), Map.of());
    Split second = source.plan().get(1);
    Split resumed = new Split("test", 1, second.resource(), 14, 20, second.work());

    List<SourceItem> items = Reads.split(source, resumed);

    assertThat(items)
        .singleElement()
        .isInstanceOfSatisfying(
            MalformedRecord.class,
            bad -> {
              assertThat(bad.position().offset()).isEqualTo(14);
              assertThat(bad.nextOffset()).isEqualTo(20);
              assertThat(bad.reason()).startsWith("row group 1, rows 14 to 19, cannot be decoded");
            });
  }

  /**
   * A file the fuzz test damaged (ParquetFuzzTest): Apache Parquet's message about its pages names
   * the file through Hadoop's Path, which Sluice does not ship, and that error escaped the reader.
   */
  @Test
  void should_reject_a_group_whose_pages_parquet_cannot_describe_without_hadoop()
      throws IOException {
    try (var damaged = getClass().getResourceAsStream("/damaged/page-values-miscounted.parquet")) {
      Files.write(dir.resolve("fuzzed.parquet"), damaged.readAllBytes());
    }

    List<SourceItem> items = read(Map.of("verify-checksums", false), "fuzzed.parquet");

    assertThat(Reads.malformed(items))
        .isNotEmpty()
        .anySatisfy(
            bad -> assertThat(bad.reason()).endsWith("a page or its header cannot be read"));
  }

  @Test
  void should_reject_a_damaged_page_header_when_checksums_are_off() throws IOException {
    Path file = dir.resolve("groups.parquet");
    ContractFixtures.write(file, 30, 10, Set.of());
    // The first bytes of a column chunk are its first page header: garbage there is no page at all.
    long chunkStart;
    try (var reader = ParquetFileOpener.open(file, false)) {
      chunkStart = reader.getRowGroups().get(2).getColumns().get(0).getStartingPos();
    }
    for (int i = 0; i < 8; i++) {
      ContractFixtures.flipByte(file, chunkStart + i);
    }

    List<SourceItem> items = read(Map.of("verify-checksums", false), "groups.parquet");

    assertThat(Reads.records(items)).hasSize(20);
    assertThat(Reads.malformed(items))
        .singleElement()
        .satisfies(bad -> assertThat(bad.reason()).startsWith("row group 2 (rows 20 to 29)"));
  }

  @Test
  void should_report_a_file_that_is_not_parquet_as_one_record_and_read_the_others()
      throws IOException {
    Path data = Files.createDirectory(dir.resolve("data"));
    ContractFixtures.write(data.resolve("a.parquet"), 5, 10, Set.of());
    Files.writeString(data.resolve("b.parquet"), "id,n\nr0,0\n");
    Path truncated = data.resolve("c.parquet");
    ContractFixtures.write(truncated, 5, 10, Set.of());
    byte[] bytes = Files.readAllBytes(truncated);
    Files.write(truncated, Arrays.copyOf(bytes, bytes.length - 10));
    Files.write(data.resolve("d.parquet"), new byte[0]);

    ParquetSource source = Reads.source(dir, List.of("data"), Map.of());
    List<Split> splits = source.plan();
    List<SourceItem> items = Reads.all(source);

    assertThat(splits)
        .filteredOn(split -> !split.resource().equals("data/a.parquet"))
        .extracting(Split::start, Split::end)
        .containsOnly(org.assertj.core.groups.Tuple.tuple(0L, 1L));
    assertThat(Reads.records(items)).hasSize(5);
    assertThat(Reads.malformed(items))
        .extracting(bad -> bad.position().resource())
        .containsExactly("data/b.parquet", "data/c.parquet", "data/d.parquet");
    assertThat(Reads.malformed(items))
        .allSatisfy(
            bad -> {
              assertThat(bad.reason()).startsWith("not a readable Parquet file: ");
              assertThat(bad.position().offset()).isZero();
              assertThat(bad.nextOffset()).isEqualTo(1);
            });
    assertThat(Reads.malformed(items).get(0).sizeBytes()).isEqualTo(10);
    Split notParquet = splits.get(1);
    Split resumed = new Split("test", 1, notParquet.resource(), 1, 1, notParquet.work());
    assertThat(Reads.split(source, resumed)).isEmpty();
  }

  @Test
  void should_reject_only_the_row_holding_an_invalid_value() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { required int32 n; required binary s (STRING);"
                + " optional group m (MAP) { repeated group key_value {"
                + " optional binary key (STRING); optional int32 value; } } }");
    Path file = dir.resolve("values.parquet");
    try (ParquetFixtureWriter writer = ParquetFixtureWriter.create(file, schema)) {
      for (int i = 0; i < 5; i++) {
        Group row = writer.newRow().append("n", i);
        row.append(
            "s",
            i == 1
                ? Binary.fromConstantByteArray(new byte[] {'a', (byte) 0xC3})
                : Binary.fromString("ok"));
        Group entry = row.addGroup("m").addGroup("key_value").append("value", i);
        if (i != 3) {
          entry.append("key", "k");
        }
        writer.write(row);
      }
    }

    List<SourceItem> items = read(Map.of(), "values.parquet");

    assertThat(Reads.records(items)).extracting(r -> r.fields().get("n")).containsExactly(0, 2, 4);
    assertThat(Reads.malformed(items))
        .extracting(MalformedRecord::reason)
        .containsExactly(
            "row 1: field 's' is not valid UTF-8", "row 3: field 'm' has a null map key");
    assertThat(Reads.malformed(items))
        .extracting(bad -> bad.position().offset(), MalformedRecord::nextOffset)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1L, 2L),
            org.assertj.core.groups.Tuple.tuple(3L, 4L));
    assertThat(Reads.records(items).get(1)).extracting(Record::nextOffset).isEqualTo(3L);
  }

  @Test
  void should_abort_when_a_file_vanished_or_changed_after_planning() throws IOException {
    Path file = dir.resolve("groups.parquet");
    ContractFixtures.write(file, 30, 10, Set.of());
    ParquetSource source = Reads.source(dir, List.of("groups.parquet"), Map.of());
    List<Split> splits = source.plan();

    ContractFixtures.write(file, 30, 15, Set.of());
    assertThatThrownBy(() -> Reads.split(source, splits.get(0)))
        .isInstanceOf(IOException.class)
        .hasMessage("groups.parquet changed after it was planned: no row group holds rows 0 to 9");

    Files.delete(file);
    assertThatThrownBy(() -> Reads.split(source, splits.get(0)))
        .isInstanceOf(FileAccessException.class)
        .hasMessageStartingWith("cannot read the size of");
  }
}
