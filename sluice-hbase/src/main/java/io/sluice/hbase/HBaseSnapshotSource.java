package io.sluice.hbase;

import io.sluice.core.source.ProposingSource;
import io.sluice.core.source.SourceProposal;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.HFileLink;
import org.apache.hadoop.hbase.regionserver.StoreFileInfo;
import org.apache.hadoop.hbase.util.Pair;

/**
 * {@code type: hbase-snapshot}: an exported HBase snapshot, read with HBase's own code, a split per
 * region in key order, a large region cut into several ({@link RegionParts}, {@link RegionSource}).
 * The export may be local or on any file system the plugin's Hadoop reads ({@code hdfs://}). The
 * snapshot is restored (links only) into a new folder on the export's file system ({@link
 * RestoreFolder}) before the first split is read ({@link #prepareReading}, or the first split's
 * opening), and that folder is removed when the source closes.
 */
final class HBaseSnapshotSource extends RegionSource implements ProposingSource {

  private final Path rootDir;
  private final URI restoreDir;
  private final HBaseSnapshotOptions options;
  private RestoredSnapshot restored;

  /**
   * Reads the snapshot exported to {@code exportDir}, restoring it under {@code restoreDir} ({@code
   * null}: the default place, {@link RestoreFolder}).
   */
  HBaseSnapshotSource(String name, URI exportDir, URI restoreDir, HBaseSnapshotOptions options) {
    this(name, new Path(exportDir), restoreDir, options);
  }

  private HBaseSnapshotSource(
      String name, Path rootDir, URI restoreDir, HBaseSnapshotOptions options) {
    super(name, SourceHadoop.configuration(rootDir));
    this.rootDir = SourceHadoop.root(conf);
    this.restoreDir = restoreDir;
    this.options = options;
  }

  @Override
  String type() {
    return HBaseSnapshotSourceProvider.TYPE;
  }

  @Override
  CellMapping mapping() {
    return options.mapping();
  }

  @Override
  List<Split> planSplits() throws IOException {
    ExportedSnapshot snapshot =
        OwnClassLoader.call(() -> ExportedSnapshot.open(conf, rootDir, options.snapshot()));
    checkFamilies(snapshot.table());
    // Before any split runs: a restore-dir no reader can use.
    OwnClassLoader.call(() -> RestoreFolder.parent(conf, rootDir, restoreDir));
    TableName table = snapshot.table().getTableName();
    List<Split> splits = new ArrayList<>();
    for (ExportedSnapshot.Region region : snapshot.regions()) {
      OwnClassLoader.call(
          () -> {
            RegionParts.add(
                splits,
                name(),
                table.getNameAsString(),
                region.info(),
                region.storeFileBytes(),
                () -> storeFiles(table, region),
                options.splitBytes(),
                conf);
            return null;
          });
    }
    return splits;
  }

  /**
   * The HFiles a region's store files are in the export (under {@code archive/}): its own, or its
   * split parent's that a reference file names (whose rows outside the region are left out when
   * cutting it). A file only linked to another table's is not read for cuts.
   */
  private List<Path> storeFiles(TableName table, ExportedSnapshot.Region region)
      throws IOException {
    FileSystem fs = rootDir.getFileSystem(conf);
    List<Path> files = new ArrayList<>();
    for (ExportedSnapshot.StoreFileName file : region.storeFiles()) {
      String regionName = region.info().getEncodedName();
      String hfile = file.name();
      if (StoreFileInfo.isReference(file.name())) {
        Pair<String, String> referred = StoreFileInfo.getReferredToRegionAndFile(file.name());
        regionName = referred.getFirst();
        hfile = referred.getSecond();
      } else if (HFileLink.isHFileLink(file.name())) {
        continue;
      }
      files.add(
          HFileLink.build(conf, table, regionName, file.family(), hfile).getAvailablePath(fs));
    }
    return files;
  }

  /**
   * Proposes options, mapping and table from the raw bytes of the first {@code sampleRecords} rows
   * (region after region), whatever this source's own decodings are; a {@code split-size} set is
   * kept.
   */
  @Override
  public SourceProposal propose(String keyspace, String table, int sampleRecords)
      throws IOException {
    List<Split> splits = plan();
    SnapshotSample sample =
        OwnClassLoader.call(() -> SnapshotSample.read(conf, restored(), splits, sampleRecords));
    String kept =
        MappingProposer.snapshotOption(options.snapshot())
            + SplitSize.optionLine(options.splitSize());
    return new MappingProposer("snapshot " + options.snapshot(), kept, sample)
        .propose(keyspace, table);
  }

  /** Refuses a family named in the options that the snapshot's table does not have. */
  private void checkFamilies(TableDescriptor table) {
    Set<String> families = new TreeSet<>();
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      families.add(family.getNameAsString());
    }
    for (String named : new TreeSet<>(options.mapping().familyLayouts().keySet())) {
      if (!families.contains(named)) {
        throw new IllegalArgumentException(
            "source '"
                + name()
                + "' options: families names '"
                + named
                + "', a family table "
                + table.getTableName().getNameAsString()
                + " does not have; it has "
                + families);
      }
    }
  }

  @Override
  RegionLayout layout() throws IOException {
    return restored();
  }

  private synchronized RestoredSnapshot restored() throws IOException {
    if (restored == null) {
      Path folder = RestoreFolder.newFolder(conf, rootDir, restoreDir);
      restored = RestoredSnapshot.restore(conf, rootDir, folder, options.snapshot());
    }
    return restored;
  }

  @Override
  public synchronized void close() throws IOException {
    if (restored != null) {
      OwnClassLoader.call(
          () -> {
            restored.close();
            return null;
          });
      restored = null;
    }
  }
}
