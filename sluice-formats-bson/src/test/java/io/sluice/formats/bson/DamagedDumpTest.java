package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.indexOf;
import static io.sluice.formats.bson.DumpFixtures.malformed;
import static io.sluice.formats.bson.DumpFixtures.patch;
import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.source;
import static io.sluice.formats.bson.DumpFixtures.writeNumbered;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dumps damaged on purpose: valid documents are written, then specific bytes are corrupted. Each
 * damaged document must be reported with its offset and reason, and every good one still read.
 */
class DamagedDumpTest {

  @TempDir Path dir;

  @Test
  void should_reject_each_damaged_document_and_read_all_good_ones() throws Exception {
    Path file = dir.resolve("mixed.bson");
    List<Long> offsets;
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      offsets =
          List.of(
              writer.write(new Document("_id", 0).append("s", "fine")),
              writer.write(new Document("_id", 1).append("s", "héllo")),
              writer.write(new Document("_id", 2).append("n", 42)),
              writer.write(new Document("_id", 3).append("s", "fine")),
              writer.write(new Document("_id", 4).append("s", "fine")),
              writer.write(new Document("_id", 5).append("s", "last")));
    }
    patch(file, indexOf(file, offsets.get(1), "é".getBytes(StandardCharsets.UTF_8)), (byte) 0xff);
    patch(file, indexOf(file, offsets.get(2), new byte[] {0x10, 'n', 0}), (byte) 0x42);
    patch(file, offsets.get(4) - 1, (byte) 0x01);
    DumpFixtures.truncate(file, Files.size(file) - 3);

    List<SourceItem> items = readAll(source(file, Map.of()));

    assertThat(records(items)).extracting(r -> r.fields().get("_id")).containsExactly(0, 4);
    List<MalformedRecord> rejects = malformed(items);
    assertThat(rejects)
        .extracting(r -> r.position().offset())
        .containsExactly(offsets.get(1), offsets.get(2), offsets.get(3), offsets.get(5));
    assertThat(rejects).extracting(r -> r.position().id()).containsExactly("1", "2", "3", null);
    assertThat(rejects)
        .extracting(MalformedRecord::reason)
        .containsExactly(
            "a string is not valid UTF-8 in field 's'",
            "unknown BSON type byte 0x42 in the top-level document",
            "the document's last byte is not its zero terminator",
            "truncated document: length prefix says "
                + (Files.size(file) + 3 - offsets.get(5))
                + " bytes but only "
                + (Files.size(file) - offsets.get(5))
                + " remain");
    assertThat(rejects.get(0).sizeBytes()).isEqualTo(offsets.get(2) - offsets.get(1));
    assertThat(rejects.get(3).sizeBytes()).isEqualTo(Files.size(file) - offsets.get(5));
    assertThat(items.stream().mapToLong(DamagedDumpTest::sizeBytes).sum())
        .isEqualTo(Files.size(file));
  }

  @Test
  void should_end_the_plan_at_an_impossible_length_prefix_and_report_the_rest() throws Exception {
    Path file = dir.resolve("broken.bson");
    List<Long> offsets = writeNumbered(file, 200, 100);
    patch(file, offsets.get(120), (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x7f);
    BsonDumpSource source = source(file, Map.of("split-size", "4KiB"));

    List<Split> splits = source.plan();
    List<SourceItem> items = readAll(source);

    Split last = splits.get(splits.size() - 1);
    assertThat(last.start()).isEqualTo(offsets.get(120));
    assertThat(last.end()).isEqualTo(Files.size(file));
    assertThat(splits.get(splits.size() - 2).end()).isEqualTo(offsets.get(120));
    assertThat(records(items)).hasSize(120);
    assertThat(malformed(items))
        .singleElement()
        .satisfies(
            damage -> {
              assertThat(damage.position().offset()).isEqualTo(offsets.get(120));
              assertThat(damage.sizeBytes()).isEqualTo(Files.size(file) - offsets.get(120));
              assertThat(damage.reason()).startsWith("impossible length prefix 2147483647");
            });
  }

  @Test
  void should_report_a_length_prefix_below_the_minimum() throws Exception {
    Path file = dir.resolve("broken.bson");
    List<Long> offsets = writeNumbered(file, 10, 10);
    patch(file, offsets.get(3), (byte) 2, (byte) 0, (byte) 0, (byte) 0);

    List<SourceItem> items = readAll(source(file, Map.of()));

    assertThat(records(items)).hasSize(3);
    assertThat(malformed(items))
        .singleElement()
        .extracting(MalformedRecord::reason)
        .asString()
        .startsWith("impossible length prefix 2 (a document is 5 to ");
  }

  @Test
  void should_report_trailing_bytes_too_short_for_a_length_prefix() throws Exception {
    Path file = dir.resolve("tail.bson");
    writeNumbered(file, 3, 10);
    long size = Files.size(file);
    Files.write(file, new byte[] {1, 2}, java.nio.file.StandardOpenOption.APPEND);

    List<SourceItem> items = readAll(source(file, Map.of()));

    assertThat(records(items)).hasSize(3);
    assertThat(malformed(items))
        .singleElement()
        .satisfies(
            damage -> {
              assertThat(damage.position().offset()).isEqualTo(size);
              assertThat(damage.reason())
                  .isEqualTo(
                      "truncated document: only 2 bytes remain, too few for a length prefix");
            });
  }

  @Test
  void should_recognise_a_mongodump_archive() throws Exception {
    Path file = dir.resolve("archive.bson");
    Files.write(file, new byte[] {0x6d, (byte) 0xe2, (byte) 0x99, (byte) 0x81, 0, 0, 0, 0});

    assertThat(malformed(readAll(source(file, Map.of()))))
        .singleElement()
        .extracting(MalformedRecord::reason)
        .asString()
        .contains("mongodump --archive");
  }

  private static long sizeBytes(SourceItem item) {
    return item instanceof MalformedRecord m
        ? m.sizeBytes()
        : ((io.sluice.core.source.Record) item).sizeBytes();
  }
}
