package org.apache.hadoop.hbase.io.hfile;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;

/**
 * The keys of the root level of an HFile's data block index, as HBase's reader loaded it when it
 * opened the file. In HBase's own package because HBase keeps its index reader package-private;
 * Sluice reads the keys only (to cut a large region into splits at rows the index names), never a
 * block.
 */
public final class DataBlockIndexRoot {

  private DataBlockIndexRoot() {}

  /**
   * The first key of each entry of the root level of {@code reader}'s data block index, in key
   * order: of each data block when the index has one level, else of each leaf index block's run of
   * data blocks.
   */
  public static List<Cell> keys(HFile.Reader reader) {
    HFileBlockIndex.CellBasedKeyBlockIndexReader index = reader.getDataBlockIndexReader();
    List<Cell> keys = new ArrayList<>();
    for (int i = 0; i < index.getRootBlockCount(); i++) {
      keys.add(index.getRootBlockKey(i));
    }
    return keys;
  }
}
