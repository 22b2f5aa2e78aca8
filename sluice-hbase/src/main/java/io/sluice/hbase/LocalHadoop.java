package io.sluice.hbase;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;

/**
 * The Hadoop configuration a snapshot is read with: HBase's defaults, its root folder the export,
 * no cluster behind it. Built from HBase's own classes' loader, so that it works the same when this
 * module is loaded apart from the CLI's classes.
 */
final class LocalHadoop {

  private LocalHadoop() {}

  static Configuration configuration(org.apache.hadoop.fs.Path rootDir) {
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.HBASE_DIR, rootDir.toString());
    conf.set("fs.defaultFS", rootDir.toUri().getScheme() + ":///");
    // No block cache: every region is read once, start to end.
    conf.setFloat(HConstants.HFILE_BLOCK_CACHE_SIZE_KEY, 0f);
    // Regions are only read: no memstore, so no memstore chunk pool (a region server's) to return
    // chunks to when a region closes.
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    return conf;
  }
}
