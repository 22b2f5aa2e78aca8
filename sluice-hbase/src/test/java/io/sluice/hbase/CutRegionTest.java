package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.ProposingSource;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group of HFiles larger than {@code split-size} ({@link CutRegionFiles}) is read as several
 * splits cut at rows of its files' block indexes, with HBase's own region reader over each part:
 * together they give exactly the records of the whole region, every row's cells in one part.
 */
class CutRegionTest {

  @TempDir static Path work;
  private static Path folder;

  @BeforeAll
  static void writeFiles() throws IOException {
    folder = CutRegionFiles.write(Files.createDirectories(work.resolve("bulk")));
  }

  @Test
  void should_read_the_root_of_a_one_level_and_of_a_multi_level_block_index() throws IOException {
    Configuration conf = HBaseConfiguration.create();
    FileSystem fs = FileSystem.getLocal(conf);
    for (String file :
        List.of("d/0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a", "t/0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c")) {
      org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(folder.resolve(file).toUri());
      List<RegionCuts.IndexEntry> entries = StoreFileIndex.read(conf, fs, path);
      try (HFile.Reader reader = HFile.createReader(fs, path, CacheConfig.DISABLED, true, conf)) {
        int levels = reader.getTrailer().getNumDataIndexLevels();
        if (file.startsWith("t")) {
          assertThat(levels).as(file).isGreaterThan(1);
        } else {
          assertThat(levels).as(file).isEqualTo(1);
        }
        assertThat(entries.stream().mapToLong(RegionCuts.IndexEntry::bytes).sum())
            .as(file + ": the entries cover the data")
            .isEqualTo(
                reader.getTrailer().getLoadOnOpenDataOffset()
                    - reader.getTrailer().getFirstDataBlockOffset());
      }
      assertThat(entries).as(file).hasSizeGreaterThan(5);
      for (int i = 1; i < entries.size(); i++) {
        assertThat(Bytes.compareTo(entries.get(i - 1).row(), entries.get(i).row()))
            .as(file)
            .isLessThanOrEqualTo(0);
      }
    }
  }

  @Test
  void should_cut_a_large_group_into_parts_planned_the_same_each_time() throws Exception {
    List<Split> whole;
    List<Split> cut;
    List<Split> again;
    try (Source source = source(Map.of())) {
      whole = source.plan();
    }
    try (Source source = source(Map.of("split-size", "64KiB"))) {
      cut = source.plan();
    }
    try (Source source = source(Map.of("split-size", "64KiB"))) {
      again = source.plan();
    }

    assertThat(whole).hasSize(1);
    assertThat(whole.get(0).resource()).doesNotContain("[");
    long bytes = whole.get(0).work();
    assertThat(cut).hasSizeBetween(2, (int) (bytes / (64 << 10)) + 1);
    assertThat(again).isEqualTo(cut);
    RegionRange first = RegionRange.of(cut.get(0).resource());
    RegionRange last = RegionRange.of(cut.get(cut.size() - 1).resource());
    assertThat(first.startRow()).isEmpty();
    assertThat(last.stopRow()).isEmpty();
    for (int i = 1; i < cut.size(); i++) {
      assertThat(RegionRange.of(cut.get(i).resource()).startRow())
          .isEqualTo(RegionRange.of(cut.get(i - 1).resource()).stopRow());
      assertThat(cut.get(i).index()).isEqualTo(i);
    }
    List<String> lines;
    try (Source source = source(Map.of("split-size", "64KiB"))) {
      lines = source.planLines(cut);
      assertThat(source.planLines(whole)).isEmpty();
    }
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0))
        .startsWith("region " + first.region() + " (")
        .contains(": " + cut.size() + " splits, cut at its block index at rows ")
        .contains(Bytes.toStringBinary(RegionRange.of(cut.get(1).resource()).startRow()));
    long total = cut.stream().mapToLong(Split::work).sum();
    assertThat(total).isBetween(bytes - cut.size(), bytes + cut.size());
    for (Split part : cut) {
      assertThat(part.work())
          .as(part.resource())
          .isBetween(total / cut.size() / 3, 2 * total / cut.size());
    }
  }

  /** Each family a layout of its own: columns, and family {@code d}'s 3 versions as records. */
  @Test
  void should_read_in_parts_exactly_the_records_of_the_whole_region() throws Exception {
    for (Map<String, Object> layout :
        List.of(
            Map.<String, Object>of(),
            Map.<String, Object>of("families", Map.of("d", "rows"), "versions", 3),
            Map.<String, Object>of("families", Map.of("d", "map", "t", "map")))) {
      List<String> whole = readAll(layout, "1GiB");
      List<String> parts = readAll(layout, "64KiB");

      assertThat(parts).as("%s", layout).isEqualTo(whole);
    }
  }

  @Test
  void should_keep_every_cell_of_a_row_in_one_part() throws Exception {
    long rows =
        readAll(Map.of("families", Map.of("d", "rows")), "1GiB").stream()
            .map(r -> r.split(" ")[0])
            .distinct()
            .count();
    Map<String, Integer> splitOfRow = new HashMap<>();
    try (Source source = source(Map.of("split-size", "64KiB", "families", Map.of("d", "rows")))) {
      for (Split split : source.plan()) {
        for (SourceItem item : FamilyLayoutChecks.readAll(source.open(split))) {
          Integer before = splitOfRow.putIfAbsent(item.position().id(), split.index());
          assertThat(before == null || before == split.index())
              .as("row %s read by splits %s and %d", item.position().id(), before, split.index())
              .isTrue();
        }
      }
    }
    assertThat(splitOfRow).hasSize((int) rows);
  }

  /**
   * A part reopened at a position saved after one of its rows, or in the middle of the wide row's
   * cells, reads the rest of that part only; a split rebuilt from its fields (as a Spark task
   * carries it) and sent through Java serialization reads the same.
   */
  @Test
  void should_resume_a_part_after_its_last_row_done() throws Exception {
    try (Source source = source(Map.of("split-size", "64KiB", "families", Map.of("d", "rows")))) {
      List<Split> splits = source.plan();
      Split wide = null;
      for (Split split : splits) {
        RegionRange range = RegionRange.of(split.resource());
        byte[] row = Bytes.toBytes(CutRegionFiles.rowKey(CutRegionFiles.WIDE_ROW));
        if (Bytes.compareTo(range.startRow(), row) <= 0
            && (range.stopRow().length == 0 || Bytes.compareTo(row, range.stopRow()) < 0)) {
          wide = split;
        }
      }
      assertThat(wide).isNotNull();
      assertThat(wide.index()).isPositive();
      List<SourceItem> all = FamilyLayoutChecks.readAll(source.open(wide));
      for (int done : List.of(all.size() / 3, FamilyLayoutChecks.firstPartlyDone(all, source))) {
        String position = source.positionAfter(all.get(done));
        Split carried = deserialized(wide);

        List<SourceItem> rest = FamilyLayoutChecks.readAll(source.open(carried, position));

        FamilyLayoutChecks.assertSameRecords(rest, all.subList(done + 1, all.size()));
      }
    }
  }

  /** A proposal pasted in place of the source's options keeps the split size asked for. */
  @Test
  void should_keep_the_split_size_in_a_proposal() throws Exception {
    try (ProposingSource source = (ProposingSource) source(Map.of("split-size", "64KiB"))) {
      assertThat(source.propose("ks", "bulk", 100).optionsYaml())
          .contains("      split-size: 64KiB\n");
    }
    try (ProposingSource source = (ProposingSource) source(Map.of())) {
      assertThat(source.propose("ks", "bulk", 100).optionsYaml()).doesNotContain("split-size");
    }
  }

  @Test
  void should_refuse_a_split_size_of_nothing() {
    assertThatThrownBy(() -> options(Map.of("split-size", 0)))
        .hasMessageContaining("split-size must be at least 1 byte");
    assertThatThrownBy(() -> options(Map.of("split-size", "-1MiB")))
        .hasMessageContaining(
            "split-size must be a byte count such as 67108864 or 64MiB, not '-1MiB'");
    assertThat(options(Map.of()).splitBytes()).isEqualTo(256L << 20);
    assertThat(options(Map.of("split-size", 65536)).splitBytes()).isEqualTo(65536);
  }

  private static HFilesOptions options(Map<String, Object> options) {
    return JobFiles.readPart(options, HFilesOptions.class, "source 'bulk' options");
  }

  /** Every record of every split, in order, as its row, fields and cell times. */
  private static List<String> readAll(Map<String, Object> layout, String splitSize)
      throws Exception {
    Map<String, Object> options = new HashMap<>(layout);
    options.put("split-size", splitSize);
    List<String> records = new ArrayList<>();
    try (Source source = source(options)) {
      for (Split split : source.plan()) {
        for (SourceItem item : FamilyLayoutChecks.readAll(source.open(split))) {
          records.add(describe((Record) item));
        }
      }
    }
    return records;
  }

  private static String describe(Record record) {
    Map<String, String> fields = new TreeMap<>();
    record.fields().forEach((name, value) -> fields.put(name, text(value)));
    return record.position().id() + " " + fields + " " + new TreeMap<>(record.cellTimes());
  }

  private static String text(Object value) {
    if (value instanceof byte[] bytes) {
      return Arrays.toString(bytes);
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return Arrays.toString(bytes);
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, String> entries = new TreeMap<>();
      map.forEach((k, v) -> entries.put(text(k), text(v)));
      return entries.toString();
    }
    return String.valueOf(value);
  }

  private static Split deserialized(Split split) throws Exception {
    List<Object> fields =
        List.of(
            split.source(),
            split.index(),
            split.resource(),
            split.start(),
            split.end(),
            split.work());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(new ArrayList<>(fields));
    }
    List<?> read;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      read = (List<?>) in.readObject();
    }
    return new Split(
        (String) read.get(0),
        (Integer) read.get(1),
        (String) read.get(2),
        (Long) read.get(3),
        (Long) read.get(4),
        (Long) read.get(5));
  }

  private static Source source(Map<String, Object> options) {
    Map<String, Object> all = new HashMap<>(options);
    all.put("row-key", "utf8");
    return new HFilesSourceProvider()
        .create(
            new SourceSpec("bulk", "hfiles", List.of(folder.toString()), null, null, all), work);
  }
}
