package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.csv;
import static io.sluice.formats.text.TextFixtures.ndjson;
import static io.sluice.formats.text.TextFixtures.read;
import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** gzip and zstd files: one split each, offsets in the decompressed stream, resume, damage. */
class CompressedFilesTest {

  @TempDir Path dir;

  private static String csvText(int rows) {
    StringBuilder text = new StringBuilder("id,note\n");
    for (int i = 0; i < rows; i++) {
      text.append(i).append(",\"line ").append(i).append("\nsecond line\"\n");
    }
    return text.toString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"data.csv.gz", "data.csv.zst"})
  void should_read_a_compressed_csv_file_as_one_split(String name) throws IOException {
    TextFixtures.write(dir.resolve(name), csvText(5000));

    try (Source source = csv(dir, Map.of("split-size", "1KiB"), name)) {
      List<Split> splits = source.plan();

      assertThat(splits).hasSize(1);
      assertThat(splits.get(0).end()).isEqualTo(Files.size(dir.resolve(name)));
      List<SourceItem> items = read(source, splits.get(0));
      assertThat(records(items)).hasSize(5000);
      assertThat(records(items).get(4999))
          .containsEntry("id", "4999")
          .containsEntry("note", "line 4999\nsecond line");
      assertThat(items.get(0).position().offset()).isEqualTo("id,note\n".length());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"data.ndjson.gz", "data.jsonl.zst"})
  void should_resume_a_compressed_file_at_a_decompressed_offset(String name) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      text.append("{\"i\":").append(i).append("}\n");
    }
    TextFixtures.write(dir.resolve(name), text.toString());

    try (Source source = ndjson(dir, Map.of(), name)) {
      Split split = source.plan().get(0);
      List<SourceItem> whole = read(source, split);
      long resumeAt = whole.get(1233).nextOffset();
      Split rest =
          new Split(split.source(), 0, split.resource(), resumeAt, split.end(), split.work());

      List<SourceItem> resumed = read(source, rest);

      assertThat(records(resumed)).hasSize(3000 - 1234);
      assertThat(records(resumed).get(0)).isEqualTo(Map.of("i", 1234));
    }
  }

  @Test
  void should_count_compressed_bytes_as_read() throws IOException {
    TextFixtures.write(dir.resolve("data.csv.gz"), csvText(100));

    try (Source source = csv(dir, Map.of(), "data.csv.gz");
        SplitReader reader = source.open(source.plan().get(0))) {
      while (reader.next() != null) {
        // read to the end
      }
      assertThat(reader.workDone()).isEqualTo(Files.size(dir.resolve("data.csv.gz")));
    }
  }

  @Test
  void should_read_concatenated_gzip_members_as_one_stream() throws IOException {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    for (String part : new String[] {"{\"a\":1}\n", "{\"a\":2}\n"}) {
      try (GZIPOutputStream gzip = new GZIPOutputStream(file)) {
        gzip.write(part.getBytes(StandardCharsets.UTF_8));
      }
    }
    Files.write(dir.resolve("data.ndjson.gz"), file.toByteArray());

    try (Source source = ndjson(dir, Map.of(), "data.ndjson.gz")) {
      assertThat(records(readAll(source))).containsExactly(Map.of("a", 1), Map.of("a", 2));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"data.ndjson.gz", "data.ndjson.zst"})
  void should_report_truncated_compressed_data_after_the_records_before_it(String name)
      throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      text.append("{\"i\":").append(i).append(",\"pad\":\"").append(i * 7919).append("\"}\n");
    }
    Path file = TextFixtures.write(dir.resolve(name), text.toString());
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));

    try (Source source = ndjson(dir, Map.of(), name)) {
      List<SourceItem> items = readAll(source);

      assertThat(records(items)).hasSizeGreaterThan(1000);
      assertThat(records(items).get(0)).containsEntry("i", 0);
      assertThat(reasons(items)).hasSize(1);
      assertThat(reasons(items).get(0))
          .matches("line \\d+: (gzip|zstd) data is damaged: .*; the rest of the file is lost");
      assertThat(items.get(items.size() - 1))
          .isInstanceOf(io.sluice.core.source.MalformedRecord.class);
    }
  }

  @Test
  void should_report_damage_met_while_skipping_to_a_resume_point() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      text.append("{\"i\":").append(i).append(",\"pad\":\"").append(i * 7919).append("\"}\n");
    }
    Path file = TextFixtures.write(dir.resolve("data.ndjson.gz"), text.toString());
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));

    try (Source source = ndjson(dir, Map.of(), "data.ndjson.gz")) {
      Split split = source.plan().get(0);
      Split late =
          new Split(split.source(), 0, split.resource(), text.length() - 10, split.end(), 0);

      List<SourceItem> items = read(source, late);

      assertThat(items).hasSize(1);
      assertThat(reasons(items).get(0)).contains("gzip data is damaged");
      assertThat(items.get(0).position().offset()).isBetween(1L, (long) text.length());
    }
  }
}
