package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class RegionCutsTest {

  private static final byte[] NONE = new byte[0];

  /**
   * Seeded indexes of three files (blocks of random sizes, rows that span several blocks, rows in
   * several files): parts of about equal size, each starting where the one before stops, at a row
   * an index names, and the same cuts whatever the order the files are read in.
   */
  @Test
  void should_cut_at_index_rows_into_parts_of_about_equal_size() {
    for (long seed = 1; seed <= 50; seed++) {
      Random random = new Random(seed);
      List<RegionCuts.IndexEntry> entries = new ArrayList<>();
      List<List<RegionCuts.IndexEntry>> files = new ArrayList<>();
      for (int file = 0; file < 3; file++) {
        List<RegionCuts.IndexEntry> blocks = new ArrayList<>();
        int row = random.nextInt(10);
        for (int block = 0; block < 50 + random.nextInt(200); block++) {
          // A row larger than a block is named by several entries in a row.
          row += random.nextInt(4);
          blocks.add(new RegionCuts.IndexEntry(row(row), 500 + random.nextInt(1500)));
        }
        files.add(blocks);
        entries.addAll(blocks);
      }
      int parts = 2 + random.nextInt(8);
      List<RegionCuts.Part> cut = RegionCuts.cut(entries, NONE, NONE, parts);

      long total = entries.stream().mapToLong(RegionCuts.IndexEntry::bytes).sum();
      long largestRow =
          entries.stream()
              .collect(
                  java.util.stream.Collectors.groupingBy(
                      e -> Bytes.toString(e.row()),
                      java.util.stream.Collectors.summingLong(RegionCuts.IndexEntry::bytes)))
              .values()
              .stream()
              .mapToLong(Long::longValue)
              .max()
              .orElseThrow();
      assertThat(cut).as("seed %d", seed).hasSizeBetween(2, parts);
      assertContiguous(cut, NONE, NONE);
      assertThat(cut.stream().mapToLong(RegionCuts.Part::bytes).sum()).isEqualTo(total);
      for (RegionCuts.Part part : cut) {
        // A part ends at the first row past its share: over it by less than a row's blocks.
        assertThat(part.bytes())
            .as("seed %d part %s", seed, Bytes.toString(part.startRow()))
            .isLessThan(total / parts + 1 + largestRow);
        if (part.startRow().length > 0) {
          assertThat(entries).anyMatch(e -> Bytes.equals(e.row(), part.startRow()));
        }
      }
      List<RegionCuts.IndexEntry> reversed = new ArrayList<>();
      Collections.reverse(files);
      files.forEach(reversed::addAll);
      assertThat(resources(RegionCuts.cut(reversed, NONE, NONE, parts)))
          .as("seed %d", seed)
          .isEqualTo(resources(cut));
    }
  }

  @Test
  void should_leave_a_region_whole_when_it_is_not_cut() {
    List<RegionCuts.IndexEntry> entries =
        List.of(entry("b", 100), entry("c", 100), entry("d", 100));

    List<RegionCuts.Part> whole = RegionCuts.cut(entries, row("a"), row("z"), 1);

    assertThat(whole).hasSize(1);
    assertThat(Bytes.toString(whole.get(0).startRow())).isEqualTo("a");
    assertThat(Bytes.toString(whole.get(0).stopRow())).isEqualTo("z");
    assertThat(RegionParts.count(256L << 20, 256L << 20)).isEqualTo(1);
    assertThat(RegionParts.count((256L << 20) + 1, 256L << 20)).isEqualTo(2);
    assertThat(RegionParts.count(0, 256L << 20)).isEqualTo(1);
  }

  /** One block, or one row in every block: nowhere to cut, the region stays whole. */
  @Test
  void should_not_cut_inside_a_row() {
    List<RegionCuts.IndexEntry> oneRow =
        List.of(entry("r", 1000), entry("r", 1000), entry("r", 1000), entry("r", 1000));

    assertThat(RegionCuts.cut(oneRow, NONE, NONE, 4)).hasSize(1);
    assertThat(RegionCuts.cut(List.of(entry("r", 1000)), NONE, NONE, 4)).hasSize(1);
  }

  /** A split daughter's files are its parent's: the rows outside the daughter are left out. */
  @Test
  void should_cut_a_region_at_its_own_rows_only() {
    List<RegionCuts.IndexEntry> entries = new ArrayList<>();
    for (char c = 'a'; c <= 'z'; c++) {
      entries.add(entry(String.valueOf(c), 100));
    }

    List<RegionCuts.Part> cut = RegionCuts.cut(entries, row("k"), row("o"), 2);

    assertContiguous(cut, row("k"), row("o"));
    assertThat(resources(cut)).containsExactly("k..m", "m..o");
  }

  private static void assertContiguous(List<RegionCuts.Part> cut, byte[] start, byte[] end) {
    assertThat(cut.get(0).startRow()).isEqualTo(start);
    assertThat(cut.get(cut.size() - 1).stopRow()).isEqualTo(end);
    for (int i = 1; i < cut.size(); i++) {
      assertThat(cut.get(i).startRow()).isEqualTo(cut.get(i - 1).stopRow());
      byte[] stop = cut.get(i).stopRow();
      assertThat(stop.length == 0 || Bytes.compareTo(cut.get(i).startRow(), stop) < 0)
          .as("part %d is not empty", i)
          .isTrue();
    }
  }

  private static List<String> resources(List<RegionCuts.Part> cut) {
    return cut.stream()
        .map(p -> Bytes.toString(p.startRow()) + ".." + Bytes.toString(p.stopRow()))
        .toList();
  }

  private static RegionCuts.IndexEntry entry(String row, long bytes) {
    return new RegionCuts.IndexEntry(row(row), bytes);
  }

  private static byte[] row(String row) {
    return Bytes.toBytes(row);
  }

  private static byte[] row(int row) {
    return Bytes.toBytes(String.format("row-%05d", row));
  }
}
