package io.sluice.hbase;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.DataBlockIndexRoot;
import org.apache.hadoop.hbase.io.hfile.FixedFileTrailer;
import org.apache.hadoop.hbase.io.hfile.HFile;

/**
 * The rows an HFile's data block index names at its root level, read with HBase's own reader (its
 * trailer and index, no data block), each entry weighing an equal share of the file's data bytes:
 * with one index level each entry is a data block (blocks are written to one size), with more
 * (files of more than a few thousand blocks) a leaf index block's run of them (leaf blocks are
 * filled to one size too). HBase does not expose the entries' offsets.
 */
final class StoreFileIndex {

  private StoreFileIndex() {}

  static List<RegionCuts.IndexEntry> read(Configuration conf, FileSystem fs, Path file)
      throws IOException {
    try (HFile.Reader reader = HFile.createReader(fs, file, CacheConfig.DISABLED, true, conf)) {
      FixedFileTrailer trailer = reader.getTrailer();
      List<Cell> keys = DataBlockIndexRoot.keys(reader);
      long data =
          Math.max(0, trailer.getLoadOnOpenDataOffset() - trailer.getFirstDataBlockOffset());
      List<RegionCuts.IndexEntry> entries = new ArrayList<>();
      for (int i = 0; i < keys.size(); i++) {
        // Shares that add up to the file's data bytes exactly.
        long share = data * (i + 1) / keys.size() - data * i / keys.size();
        // An entry's rows run from its key to the next entry's: half its bytes count before its
        // first row, half before the next entry's, so that a cut between them counts half.
        entries.add(new RegionCuts.IndexEntry(CellUtil.cloneRow(keys.get(i)), share / 2));
        byte[] next =
            i + 1 < keys.size()
                ? CellUtil.cloneRow(keys.get(i + 1))
                : CellUtil.cloneRow(keys.get(i));
        entries.add(new RegionCuts.IndexEntry(next, share - share / 2));
      }
      return entries;
    } catch (IOException | RuntimeException e) {
      throw new IOException(
          "cannot read the block index of HFile " + file + ": " + e.getMessage(), e);
    }
  }
}
