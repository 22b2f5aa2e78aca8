package io.sluice.hbase;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotDescription;
import org.apache.hadoop.hbase.shaded.protobuf.generated.SnapshotProtos.SnapshotRegionManifest;
import org.apache.hadoop.hbase.snapshot.SnapshotDescriptionUtils;
import org.apache.hadoop.hbase.snapshot.SnapshotManifest;

/**
 * A snapshot's manifest, read from the root folder that holds it (what {@code ExportSnapshot}
 * writes: {@code .hbase-snapshot/NAME} and {@code archive/}): its table and its live regions in key
 * order, each with the size of its store files. Reads no data.
 */
final class ExportedSnapshot {

  /** A region of the snapshot, the bytes of its store files, and their names by family. */
  record Region(RegionInfo info, long storeFileBytes, List<StoreFileName> storeFiles) {}

  /**
   * A store file as the manifest names it: an HFile of the region's own, or a reference to half of
   * its split parent's ({@code HFILE.PARENT_REGION}).
   */
  record StoreFileName(String family, String name) {}

  private final TableDescriptor table;
  private final List<Region> regions;

  private ExportedSnapshot(TableDescriptor table, List<Region> regions) {
    this.table = table;
    this.regions = regions;
  }

  /**
   * Reads the manifest of snapshot {@code name} under {@code rootDir}.
   *
   * @throws IOException with a sentence naming the folder when it holds no such snapshot
   */
  static ExportedSnapshot open(Configuration conf, Path rootDir, String name) throws IOException {
    FileSystem fs = rootDir.getFileSystem(conf);
    Path snapshotDir = SnapshotDescriptionUtils.getCompletedSnapshotDir(name, rootDir);
    if (!fs.exists(snapshotDir)) {
      throw new FileNotFoundException(
          "no snapshot '"
              + name
              + "' in "
              + rootDir
              + " (looked for "
              + snapshotDir
              + "): the path must be the folder ExportSnapshot -copy-to wrote");
    }
    SnapshotDescription description = SnapshotDescriptionUtils.readSnapshotInfo(fs, snapshotDir);
    SnapshotManifest manifest = SnapshotManifest.open(conf, fs, snapshotDir, description);
    List<Region> regions = new ArrayList<>();
    for (SnapshotRegionManifest region : manifest.getRegionManifests()) {
      RegionInfo info = ProtobufUtil.toRegionInfo(region.getRegionInfo());
      // A split parent stays in a snapshot taken before it is cleaned up; its daughters hold its
      // rows (HBase's own snapshot readers skip it the same way).
      if (info.isOffline() && (info.isSplit() || info.isSplitParent())) {
        continue;
      }
      long bytes = 0;
      List<StoreFileName> files = new ArrayList<>();
      for (SnapshotRegionManifest.FamilyFiles family : region.getFamilyFilesList()) {
        for (SnapshotRegionManifest.StoreFile file : family.getStoreFilesList()) {
          bytes += file.getFileSize();
          files.add(new StoreFileName(family.getFamilyName().toStringUtf8(), file.getName()));
        }
      }
      files.sort(Comparator.comparing(StoreFileName::family).thenComparing(StoreFileName::name));
      regions.add(new Region(info, bytes, List.copyOf(files)));
    }
    regions.sort((a, b) -> RegionInfo.COMPARATOR.compare(a.info(), b.info()));
    return new ExportedSnapshot(manifest.getTableDescriptor(), List.copyOf(regions));
  }

  TableDescriptor table() {
    return table;
  }

  /** The snapshot's regions in key order. */
  List<Region> regions() {
    return regions;
  }
}
