package io.sluice.hbase;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.ClientSideRegionScanner;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/**
 * Reads one region of a restored snapshot with HBase's own region scanner ({@link
 * ClientSideRegionScanner}), which merges the region's store files as a region server does: one
 * version per cell, deleted and expired cells left out, as a {@code Get} would return them. Work is
 * the region's store file bytes; a reader counts the bytes of the cells it returns against it,
 * which can fall short (older versions, deletes and compression are not returned) and is made up
 * when the region's last row has been read.
 */
final class RegionSplitReader implements SplitReader {

  private final ClientSideRegionScanner scanner;
  private final RowRecords records;
  private final long work;
  private long rowsDone;
  private long bytesRead;

  private RegionSplitReader(
      ClientSideRegionScanner scanner, RowRecords records, long work, long rowsDone) {
    this.scanner = scanner;
    this.records = records;
    this.work = work;
    this.rowsDone = rowsDone;
  }

  /** Opens the region at its first row, or right after the row {@code after} names. */
  static RegionSplitReader open(
      Configuration conf,
      RestoredSnapshot restored,
      Split split,
      RowRecords records,
      RowPosition after)
      throws IOException {
    Scan scan = new Scan().readVersions(1).setCacheBlocks(false);
    if (after != null) {
      scan.withStartRow(after.rowKey(), false);
    }
    ClientSideRegionScanner scanner =
        new ClientSideRegionScanner(
            conf,
            restored.rootDir().getFileSystem(conf),
            restored.rootDir(),
            restored.table(),
            restored.region(HBaseSnapshotSource.regionOf(split)),
            scan,
            null);
    return new RegionSplitReader(
        scanner, records, split.work(), after == null ? 0 : after.rowsDone());
  }

  @Override
  public SourceItem next() throws IOException {
    Result row = OwnClassLoader.call(scanner::next);
    if (row == null) {
      bytesRead = work;
      return null;
    }
    SourceItem item = records.toItem(row, rowsDone++);
    bytesRead +=
        item instanceof Record record ? record.sizeBytes() : ((MalformedRecord) item).sizeBytes();
    return item;
  }

  @Override
  public long workDone() {
    return Math.min(work, bytesRead);
  }

  @Override
  public void close() {
    scanner.close();
  }
}
