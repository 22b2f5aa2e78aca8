package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.malformed;
import static io.sluice.formats.bson.DumpFixtures.read;
import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.source;
import static io.sluice.formats.bson.DumpFixtures.writeNumbered;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GzippedDumpTest {

  @TempDir Path dir;

  @Test
  void should_read_a_gzipped_dump_as_one_split_with_uncompressed_offsets() throws Exception {
    Path file = dir.resolve("items.bson.gz");
    List<Long> offsets = writeNumbered(file, 2000, 100);
    BsonDumpSource source = source(file, Map.of("split-size", "4KiB"));

    List<Split> splits = source.plan();
    List<Record> records = records(readAll(source));

    assertThat(splits)
        .singleElement()
        .satisfies(
            split -> {
              assertThat(split.start()).isZero();
              assertThat(split.end()).isEqualTo(Files.size(file));
              assertThat(split.work()).isEqualTo(Files.size(file));
            });
    assertThat(records)
        .extracting(r -> r.fields().get("_id"))
        .containsExactlyElementsOf(IntStream.range(0, 2000).boxed().toList());
    assertThat(records).extracting(r -> r.position().offset()).containsExactlyElementsOf(offsets);
    assertThat(source.collections()).containsExactly("items");
    assertThat(dir.resolve("items.bson.gz.splits")).doesNotExist();
  }

  @Test
  void should_count_compressed_bytes_as_progress() throws Exception {
    Path file = dir.resolve("items.bson.gz");
    writeNumbered(file, 500, 100);
    BsonDumpSource source = source(file, Map.of());

    try (SplitReader reader = source.open(source.plan().get(0))) {
      while (reader.next() != null) {
        assertThat(reader.workDone()).isBetween(1L, Files.size(file));
      }
      assertThat(reader.workDone()).isEqualTo(Files.size(file));
    }
  }

  @Test
  void should_report_a_truncated_gzip_stream_after_the_documents_before_it() throws Exception {
    Path file = dir.resolve("items.bson.gz");
    writeNumbered(file, 3000, 100);
    DumpFixtures.truncate(file, Files.size(file) / 2);

    List<SourceItem> items = readAll(source(file, Map.of()));

    assertThat(records(items)).hasSizeGreaterThan(100);
    assertThat(items.get(items.size() - 1))
        .isInstanceOfSatisfying(
            MalformedRecord.class,
            damage ->
                assertThat(damage.reason())
                    .startsWith("the compressed data is damaged from here on"));
    assertThat(malformed(items)).hasSize(1);
  }

  @Test
  void should_report_a_file_that_is_not_gzip_as_malformed() throws Exception {
    Path file = dir.resolve("items.bson.gz");
    Files.writeString(file, "this is not gzip at all");

    List<SourceItem> items = readAll(source(file, Map.of()));

    assertThat(items)
        .singleElement()
        .isInstanceOfSatisfying(
            MalformedRecord.class,
            damage -> {
              assertThat(damage.position().offset()).isZero();
              assertThat(damage.reason()).contains("Not in GZIP format");
            });
  }

  @Test
  void should_resume_a_gzipped_split_from_an_uncompressed_document_offset() throws Exception {
    Path file = dir.resolve("items.bson.gz");
    List<Long> offsets = writeNumbered(file, 50, 20);
    BsonDumpSource source = source(file, Map.of());
    Split planned = source.plan().get(0);
    Split resumed =
        new Split("test", 0, planned.resource(), offsets.get(47), planned.end(), planned.work());

    assertThat(records(read(source, resumed)))
        .extracting(r -> r.fields().get("_id"))
        .containsExactly(47, 48, 49);
  }
}
