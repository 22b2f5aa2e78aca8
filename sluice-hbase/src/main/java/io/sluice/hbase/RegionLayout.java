package io.sluice.hbase;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * Regions laid out as a table's folders under a root folder, as HBase's region reader takes them: a
 * restored snapshot ({@link RestoredSnapshot}), or a folder of HFiles linked into regions ({@link
 * LinkedHFiles}). The folder is removed when the layout closes.
 */
interface RegionLayout extends AutoCloseable {

  /** The folder a region reader takes as its root. */
  Path rootDir();

  /** The table the regions are of: its families, their TTLs and versions. */
  TableDescriptor table();

  /**
   * The region of encoded name {@code encodedName}.
   *
   * @throws IOException when the layout does not hold it
   */
  RegionInfo region(String encodedName) throws IOException;

  @Override
  void close() throws IOException;
}
