package io.sluice.hbase;

import io.sluice.core.source.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * The splits of a region: the whole region when its store files hold {@code split-size} bytes or
 * fewer, else about one part per {@code split-size} bytes, cut at rows of its files' block indexes
 * ({@link RegionCuts}); each split's work is its share of the region's bytes.
 */
final class RegionParts {

  private RegionParts() {}

  /** How many parts a region of {@code regionBytes} is cut into. */
  static int count(long regionBytes, long splitBytes) {
    return (int) Math.min(Integer.MAX_VALUE, Math.max(1, (regionBytes - 1) / splitBytes + 1));
  }

  /**
   * Adds the splits of source {@code source}'s region {@code region}, whose store files hold {@code
   * regionBytes}, to {@code splits}, each of resource {@code PREFIX/REGION} or {@code
   * PREFIX/REGION[START,STOP)} ({@link RegionRange}); its files are listed only when it is cut.
   */
  static void add(
      List<Split> splits,
      String source,
      String prefix,
      RegionInfo region,
      long regionBytes,
      OwnClassLoader.IoWork<List<Path>> files,
      long splitBytes,
      Configuration conf)
      throws IOException {
    long work = Math.max(1, regionBytes);
    int count = count(regionBytes, splitBytes);
    List<RegionCuts.Part> parts = List.of();
    if (count > 1) {
      List<RegionCuts.IndexEntry> entries = new ArrayList<>();
      for (Path file : files.run()) {
        FileSystem fs = file.getFileSystem(conf);
        entries.addAll(StoreFileIndex.read(conf, fs, file));
      }
      parts = RegionCuts.cut(entries, region.getStartKey(), region.getEndKey(), count);
    }
    if (parts.size() <= 1) {
      String resource = RegionRange.whole(region.getEncodedName()).resource(prefix);
      splits.add(new Split(source, splits.size(), resource, 0, work, work));
      return;
    }
    long indexBytes = parts.stream().mapToLong(RegionCuts.Part::bytes).sum();
    for (int i = 0; i < parts.size(); i++) {
      RegionCuts.Part part = parts.get(i);
      // The region's own bounds stay empty: the region limits the scan to them.
      RegionRange range =
          new RegionRange(
              region.getEncodedName(),
              i == 0 ? new byte[0] : part.startRow(),
              i == parts.size() - 1 ? new byte[0] : part.stopRow());
      long partWork = Math.max(1, (long) ((double) work * part.bytes() / indexBytes));
      splits.add(new Split(source, splits.size(), range.resource(prefix), 0, partWork, partWork));
    }
  }
}
