package io.sluice.hbase;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Where a large region is cut into splits of about equal size: at rows its store files' block
 * indexes name ({@link StoreFileIndex}), each entry weighing the bytes of the blocks it leads to. A
 * cut is a row key, and a part reads the rows from its cut up to the next, so every cell of a row
 * is in one part whatever its family, qualifier or version. The same entries give the same cuts, so
 * a resumed run plans the same splits.
 */
final class RegionCuts {

  /** A row an index names, and the bytes of the blocks from it to the file's next entry. */
  record IndexEntry(byte[] row, long bytes) {}

  /**
   * A part of a region: rows from {@code startRow} (inclusive; empty for the region's start) to
   * {@code stopRow} (exclusive; empty for the region's end), and the index bytes it holds.
   */
  record Part(byte[] startRow, byte[] stopRow, long bytes) {}

  private RegionCuts() {}

  /**
   * Cuts the region from {@code startRow} to {@code endRow} (HBase's bounds: empty for the table's
   * first start and last end) into at most {@code parts} parts, at the rows of {@code entries}
   * (those of all its files, in any order; entries outside the region are left out, as a split
   * daughter's files are its parent's). Fewer parts when the index names fewer rows; one, the whole
   * region, when {@code parts} is 1 or less.
   */
  static List<Part> cut(List<IndexEntry> entries, byte[] startRow, byte[] endRow, int parts) {
    List<IndexEntry> inRegion = new ArrayList<>();
    for (IndexEntry entry : entries) {
      if (Bytes.compareTo(entry.row(), startRow) >= 0
          && (endRow.length == 0 || Bytes.compareTo(entry.row(), endRow) < 0)) {
        inRegion.add(entry);
      }
    }
    inRegion.sort(Comparator.comparing(IndexEntry::row, Bytes::compareTo));
    long total = inRegion.stream().mapToLong(IndexEntry::bytes).sum();
    List<Part> cut = new ArrayList<>();
    if (parts <= 1 || total <= 0) {
      cut.add(new Part(startRow, endRow, Math.max(0, total)));
      return cut;
    }
    byte[] partStart = startRow;
    long partStartBytes = 0;
    long before = 0;
    byte[] previous = null;
    int next = 1;
    for (IndexEntry entry : inRegion) {
      // Cuts are decided at a row's first entry, on the bytes of the rows before it: the same
      // whatever order the entries of a row come in.
      boolean rowStarts = previous == null || !Bytes.equals(previous, entry.row());
      previous = entry.row();
      if (rowStarts
          && next < parts
          && before >= (double) total * next / parts
          && Bytes.compareTo(entry.row(), partStart) > 0) {
        cut.add(new Part(partStart, entry.row(), before - partStartBytes));
        partStart = entry.row();
        partStartBytes = before;
        // A row larger than a part's share passes more than one share at once: one cut for it.
        while (next < parts && before >= (double) total * next / parts) {
          next++;
        }
      }
      before += entry.bytes();
    }
    cut.add(new Part(partStart, endRow, total - partStartBytes));
    return cut;
  }
}
