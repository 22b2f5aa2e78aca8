package io.sluice.hbase;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.snapshot.RestoreSnapshotHelper;

/**
 * A snapshot laid out as a table's folders for HBase's region reader: HBase's own {@link
 * RestoreSnapshotHelper#copySnapshotForScanner} writes, in a folder of its own, links to the
 * export's store files (no data is copied). {@link #close} removes that folder, and so does the
 * process's exit when nothing closed it (not a {@code kill -9}).
 */
final class RestoredSnapshot implements RegionLayout {

  private final FileSystem fs;
  private final Path restoreDir;
  private final TableDescriptor table;
  private final Map<String, RegionInfo> regions;

  private RestoredSnapshot(
      FileSystem fs, Path restoreDir, TableDescriptor table, Map<String, RegionInfo> regions) {
    this.fs = fs;
    this.restoreDir = restoreDir;
    this.table = table;
    this.regions = regions;
  }

  /**
   * Restores snapshot {@code name} of {@code rootDir} into {@code restoreDir}, a folder that must
   * not exist yet, on the same file system as the export.
   */
  static RestoredSnapshot restore(Configuration conf, Path rootDir, Path restoreDir, String name)
      throws IOException {
    FileSystem fs = rootDir.getFileSystem(conf);
    try {
      RestoreSnapshotHelper.RestoreMetaChanges changes =
          RestoreSnapshotHelper.copySnapshotForScanner(conf, fs, rootDir, restoreDir, name);
      Map<String, RegionInfo> regions = new HashMap<>();
      for (RegionInfo region : changes.getRegionsToAdd()) {
        regions.put(region.getEncodedName(), region);
      }
      // A process that ends without closing its sources (a Spark executor the cluster stops)
      // removes the folder when Hadoop closes its file systems at exit.
      fs.deleteOnExit(restoreDir);
      return new RestoredSnapshot(fs, restoreDir, changes.getTableDescriptor(), regions);
    } catch (IOException e) {
      fs.delete(restoreDir, true);
      throw new IOException(
          "cannot restore snapshot '"
              + name
              + "' into "
              + restoreDir
              + " (links to the export's files, no data): "
              + e.getMessage()
              + " (the source's restore-dir option chooses where, on "
              + fs.getUri()
              + ")",
          e);
    } catch (RuntimeException e) {
      fs.delete(restoreDir, true);
      throw e;
    }
  }

  @Override
  public Path rootDir() {
    return restoreDir;
  }

  @Override
  public TableDescriptor table() {
    return table;
  }

  @Override
  public RegionInfo region(String encodedName) throws IOException {
    RegionInfo region = regions.get(encodedName);
    if (region == null) {
      throw new IOException("region " + encodedName + " is not in the restored snapshot");
    }
    return region;
  }

  @Override
  public void close() throws IOException {
    fs.delete(restoreDir, true);
    fs.cancelDeleteOnExit(restoreDir);
  }
}
