package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.read;
import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.source;
import static io.sluice.formats.bson.DumpFixtures.writeNumbered;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BsonDumpSourceSplitTest {

  @TempDir Path dir;

  @Test
  void should_cut_a_file_into_disjoint_complete_splits_at_document_boundaries() throws Exception {
    Path file = dir.resolve("items.bson");
    List<Long> offsets = writeNumbered(file, 1000, 200);
    BsonDumpSource source = source(file, Map.of("split-size", "16KiB"));

    List<Split> splits = source.plan();

    assertThat(splits).hasSizeGreaterThan(5);
    assertThat(splits.get(0).start()).isZero();
    assertThat(splits.get(splits.size() - 1).end()).isEqualTo(Files.size(file));
    for (int i = 0; i < splits.size(); i++) {
      Split split = splits.get(i);
      assertThat(split.index()).isEqualTo(i);
      assertThat(split.source()).isEqualTo("test");
      assertThat(split.resource()).isEqualTo(file.toString());
      assertThat(split.work()).isEqualTo(split.end() - split.start());
      assertThat(offsets).contains(split.start());
      if (i > 0) {
        assertThat(split.start()).isEqualTo(splits.get(i - 1).end());
      }
      if (i < splits.size() - 1) {
        assertThat(split.work()).isGreaterThanOrEqualTo(16 * 1024);
      }
    }
  }

  @Test
  void should_return_every_document_exactly_once_in_order_across_splits() throws Exception {
    Path file = dir.resolve("items.bson");
    List<Long> offsets = writeNumbered(file, 1000, 200);
    BsonDumpSource source = source(file, Map.of("split-size", "16KiB"));

    List<Record> records = records(readAll(source));

    assertThat(records)
        .extracting(r -> r.fields().get("_id"))
        .containsExactlyElementsOf(IntStream.range(0, 1000).boxed().toList());
    assertThat(records).extracting(r -> r.position().offset()).containsExactlyElementsOf(offsets);
    assertThat(records)
        .extracting(r -> r.position().id())
        .containsExactlyElementsOf(IntStream.range(0, 1000).mapToObj(String::valueOf).toList());
    assertThat(records.get(1).position().resource()).isEqualTo(file.toString());
    assertThat(records.stream().mapToLong(Record::sizeBytes).sum()).isEqualTo(Files.size(file));
  }

  @Test
  void should_plan_the_same_splits_for_an_unchanged_file() throws Exception {
    Path file = dir.resolve("items.bson");
    writeNumbered(file, 500, 300);

    List<Split> first = source(file, Map.of("split-size", "20000", "split-cache", false)).plan();
    List<Split> second = source(file, Map.of("split-size", "20000", "split-cache", false)).plan();

    assertThat(second).isEqualTo(first);
  }

  @Test
  void should_make_one_split_of_a_file_smaller_than_the_split_size() throws Exception {
    Path file = dir.resolve("small.bson");
    writeNumbered(file, 10, 10);

    List<Split> splits = source(file, Map.of()).plan();

    assertThat(splits)
        .singleElement()
        .satisfies(
            split -> {
              assertThat(split.start()).isZero();
              assertThat(split.end()).isEqualTo(Files.size(file));
            });
  }

  @Test
  void should_make_one_document_per_split_when_documents_exceed_the_split_size() throws Exception {
    Path file = dir.resolve("big-docs.bson");
    List<Long> offsets = writeNumbered(file, 7, 5000);

    List<Split> splits = source(file, Map.of("split-size", "1")).plan();

    assertThat(splits).extracting(Split::start).containsExactlyElementsOf(offsets);
  }

  @Test
  void should_plan_no_splits_for_an_empty_file() throws Exception {
    Path file = dir.resolve("empty.bson");
    Files.createFile(file);

    assertThat(source(file, Map.of()).plan()).isEmpty();
  }

  @Test
  void should_advance_bytes_read_as_documents_are_consumed() throws Exception {
    Path file = dir.resolve("items.bson");
    List<Long> offsets = writeNumbered(file, 300, 100);
    BsonDumpSource source = source(file, Map.of("split-size", "8KiB"));
    Split second = source.plan().get(1);

    List<Long> progress = new ArrayList<>();
    try (SplitReader reader = source.open(second)) {
      progress.add(reader.workDone());
      for (SourceItem item = reader.next(); item != null; item = reader.next()) {
        progress.add(reader.workDone());
      }
    }

    assertThat(progress.get(0)).isZero();
    assertThat(progress).isSorted();
    assertThat(progress.get(1))
        .isEqualTo(offsets.get(offsets.indexOf(second.start()) + 1) - second.start());
    assertThat(progress.get(progress.size() - 1)).isEqualTo(second.work());
  }

  @Test
  void should_read_a_split_opened_from_a_later_document_offset() throws Exception {
    Path file = dir.resolve("items.bson");
    List<Long> offsets = writeNumbered(file, 20, 50);
    BsonDumpSource source = source(file, Map.of());
    Split whole = source.plan().get(0);
    Split resumed = new Split("test", 0, whole.resource(), offsets.get(12), whole.end(), 0);

    assertThat(records(read(source, resumed)))
        .extracting(r -> r.fields().get("_id"))
        .containsExactly(12, 13, 14, 15, 16, 17, 18, 19);
  }
}
