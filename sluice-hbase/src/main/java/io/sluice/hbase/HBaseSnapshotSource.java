package io.sluice.hbase;

import io.sluice.core.source.CellTimesSource;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.ProposingSource;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourceProposal;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * {@code type: hbase-snapshot}: an exported HBase snapshot, read with HBase's own code, one split
 * per region in key order. The snapshot is restored (links only) into a temporary folder the first
 * time a split is opened, and that folder is removed when the source closes.
 *
 * <p>A split's position is the last row done ({@link RowPosition}); a resumed split scans from
 * right after that row key.
 */
final class HBaseSnapshotSource implements ProposingSource, CellTimesSource {

  private final String name;
  private final Path rootDir;
  private final HBaseSnapshotOptions options;
  private final Configuration conf;
  private RestoredSnapshot restored;

  HBaseSnapshotSource(String name, java.nio.file.Path exportDir, HBaseSnapshotOptions options) {
    this.name = name;
    this.rootDir = new Path(exportDir.toAbsolutePath().toUri());
    this.options = options;
    this.conf = LocalHadoop.configuration(rootDir);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public synchronized List<Split> plan() throws IOException {
    ExportedSnapshot snapshot =
        OwnClassLoader.call(() -> ExportedSnapshot.open(conf, rootDir, options.snapshot()));
    String table = snapshot.table().getTableName().getNameAsString();
    checkFamilies(snapshot.table());
    List<Split> splits = new ArrayList<>();
    for (ExportedSnapshot.Region region : snapshot.regions()) {
      long work = Math.max(1, region.storeFileBytes());
      splits.add(
          new Split(
              name, splits.size(), table + "/" + region.info().getEncodedName(), 0, work, work));
    }
    return splits;
  }

  /**
   * Proposes options, mapping and table from the raw bytes of the first {@code sampleRecords} rows
   * (region after region), whatever this source's own decodings are.
   */
  @Override
  public SourceProposal propose(String keyspace, String table, int sampleRecords)
      throws IOException {
    List<Split> splits = plan();
    SnapshotSample sample =
        OwnClassLoader.call(() -> SnapshotSample.read(conf, restored(), splits, sampleRecords));
    return new MappingProposer(options.snapshot(), sample).propose(keyspace, table);
  }

  @Override
  public String writeTimes() {
    return "each cell's own HBase timestamp, and the TTL it has left (no write-timestamp needed)";
  }

  @Override
  public SplitReader open(Split split) throws IOException {
    return open(split, null);
  }

  @Override
  public SplitReader open(Split split, String position) throws IOException {
    RowPosition saved;
    try {
      saved = position == null ? null : RowPosition.parse(position);
    } catch (IllegalArgumentException e) {
      throw new IOException(
          "the saved position '"
              + position
              + "' of split "
              + split.id()
              + " is not one an hbase-snapshot source writes; run with --fresh to start over");
    }
    // No row done yet: the region's start.
    RowPosition after = saved == null || saved.itemsDone() == 0 ? null : saved;
    return OwnClassLoader.call(
        () -> {
          RestoredSnapshot layout = restored();
          RowRecords records = new RowRecords(split.resource(), layout.table(), options);
          return RegionSplitReader.open(conf, layout, split, records, after, options.versions());
        });
  }

  /**
   * The row after which a reader continues: the item's number and row key; for a record of a row
   * whose later cells are records too, the position it carries (that row partly done).
   */
  @Override
  public String positionAfter(SourceItem item) {
    if (item instanceof Record record && record.positionAfter() != null) {
      return record.positionAfter();
    }
    long itemsDone =
        item instanceof Record record ? record.nextOffset() : ((MalformedRecord) item).nextOffset();
    String row = item.position().id();
    return new RowPosition(itemsDone, row == null ? new byte[0] : Bytes.toBytesBinary(row)).text();
  }

  /** Refuses a family named in the options that the snapshot's table does not have. */
  private void checkFamilies(TableDescriptor table) {
    Set<String> families = new TreeSet<>();
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      families.add(family.getNameAsString());
    }
    for (String named : new TreeSet<>(options.familyLayouts().keySet())) {
      if (!families.contains(named)) {
        throw new IllegalArgumentException(
            "source '"
                + name
                + "' options: families names '"
                + named
                + "', a family table "
                + table.getTableName().getNameAsString()
                + " does not have; it has "
                + families);
      }
    }
  }

  private synchronized RestoredSnapshot restored() throws IOException {
    if (restored == null) {
      java.nio.file.Path folder = Files.createTempDirectory("sluice-hbase-restore-");
      Files.delete(folder);
      restored =
          RestoredSnapshot.restore(conf, rootDir, new Path(folder.toUri()), options.snapshot());
    }
    return restored;
  }

  /** The encoded name of the region a split reads. */
  static String regionOf(Split split) {
    return split.resource().substring(split.resource().lastIndexOf('/') + 1);
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
