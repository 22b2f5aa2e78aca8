package io.sluice.hbase;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.client.ClientSideRegionScanner;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.hfile.CorruptHFileException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Reads one region of a {@link RegionLayout}, or the rows of a part of it ({@link RegionRange}), (a
 * restored snapshot, or HFiles linked into regions) with HBase's own region scanner ({@link
 * ClientSideRegionScanner}), which merges the region's store files as a region server does: the
 * latest version of each cell (or the latest {@code versions: N}), deleted and expired cells left
 * out, as a {@code Get} would return them. Work is the region's store file bytes; a reader counts
 * the bytes of the cells it returns against it, which can fall short (older versions, deletes and
 * compression are not returned) and is made up when the region's last row has been read.
 *
 * <p>A damaged store file ({@link RegionDamage}), or a block whose checksum failed ({@link
 * ChecksumWatch}), ends the region with one rejected item naming the region, the last row read, the
 * file and, when HBase knows it, the block: rows past a damaged file cannot be merged correctly (a
 * delete marker or newer version may be in the lost part), so none are guessed.
 */
final class RegionSplitReader implements SplitReader {

  private final Split split;
  private final ClientSideRegionScanner scanner;
  private final RowRecords records;
  private final Deque<SourceItem> pending = new ArrayDeque<>();
  private MalformedRecord damage;
  private boolean ended;
  private long itemsDone;
  private byte[] lastRow;
  private long bytesRead;

  /** The records of a row partly done that the first row read leaves out. */
  private int cellsToSkip;

  private final long readAgain;

  private final Checksums checksums;

  private RegionSplitReader(
      Split split,
      ClientSideRegionScanner scanner,
      RowRecords records,
      RowPosition after,
      Checksums checksums) {
    this.split = split;
    this.checksums = checksums;
    this.scanner = scanner;
    this.records = records;
    this.itemsDone = after == null ? 0 : after.itemsDone() - after.cellsDone();
    this.lastRow = after == null || after.partial() ? null : after.rowKey();
    this.cellsToSkip = after == null ? 0 : after.cellsDone();
    this.readAgain = cellsToSkip;
  }

  /**
   * Opens the region at its first row, or right after the row {@code after} names, reading up to
   * {@code versions} versions of each cell.
   */
  static RegionSplitReader open(
      Configuration conf,
      RegionLayout restored,
      Split split,
      RowRecords records,
      RowPosition after,
      int versions)
      throws IOException {
    RegionRange range = RegionSource.rangeOf(split);
    Scan scan = range.limit(new Scan().readVersions(versions).setCacheBlocks(false));
    if (after != null) {
      // A row partly done is read again from its start.
      scan.withStartRow(after.rowKey(), after.partial());
    }
    FileSystem fs = ChecksumWatch.checkingFileSystem(conf);
    RegionInfo region = restored.region(range.region());
    Checksums checksums = new Checksums(conf, fs, restored, region);
    ClientSideRegionScanner scanner;
    try {
      scanner =
          ChecksumWatch.read(
              () ->
                  new ClientSideRegionScanner(
                      conf, fs, restored.rootDir(), restored.table(), region, scan, null));
      checksums.check();
    } catch (IOException | RuntimeException | AssertionError e) {
      String block = checksums.damagedBlock();
      if (block == null && !RegionDamage.isDamage(e)) {
        throw e;
      }
      RegionSplitReader reader = new RegionSplitReader(split, null, records, after, checksums);
      reader.damage = reader.damaged(e, block);
      return reader;
    }
    return new RegionSplitReader(split, scanner, records, after, checksums);
  }

  /**
   * What tells this region's reads from a damaged block that HBase's checksum caught but read
   * anyway ({@link ChecksumWatch}).
   */
  private static final class Checksums {
    private final Configuration conf;
    private final FileSystem fs;
    private final RegionLayout layout;
    private final RegionInfo region;
    private long seen = ChecksumWatch.failures();

    Checksums(Configuration conf, FileSystem fs, RegionLayout layout, RegionInfo region) {
      this.conf = conf;
      this.fs = fs;
      this.layout = layout;
      this.region = region;
    }

    /** Throws when a checksum failed since the last check and a file of this region failed it. */
    void check() throws IOException {
      String block = damagedBlock();
      if (block != null) {
        throw new DamagedBlock(block);
      }
    }

    /** The block of this region's files that failed its checksum since the last check, or null. */
    String damagedBlock() throws IOException {
      if (ChecksumWatch.failures() == seen) {
        return null;
      }
      String block = ChecksumWatch.damagedBlock(conf, fs, layout.rootDir(), layout.table(), region);
      seen = ChecksumWatch.failures();
      return block;
    }
  }

  /** A block of a store file failed HBase's checksum. */
  private static final class DamagedBlock extends CorruptHFileException {
    DamagedBlock(String block) {
      super(block + " failed its checksum");
    }
  }

  @Override
  public SourceItem next() throws IOException {
    if (damage != null) {
      SourceItem item = damage;
      damage = null;
      ended = true;
      return item;
    }
    while (pending.isEmpty()) {
      if (ended) {
        return null;
      }
      readRow();
    }
    return pending.poll();
  }

  /** Reads the next row into {@link #pending}: its items, possibly none, or the damage it met. */
  private void readRow() throws IOException {
    Result row;
    try {
      row = OwnClassLoader.call(() -> ChecksumWatch.read(scanner::next));
      checksums.check();
    } catch (IOException | RuntimeException | AssertionError e) {
      String block = e instanceof DamagedBlock ? null : checksums.damagedBlock();
      if (block == null && !RegionDamage.isDamage(e)) {
        throw e;
      }
      ended = true;
      pending.add(damaged(e, block));
      return;
    }
    if (row == null) {
      ended = true;
      bytesRead = split.work();
      return;
    }
    List<SourceItem> items = records.toItems(row, itemsDone, cellsToSkip);
    itemsDone += cellsToSkip + items.size();
    cellsToSkip = 0;
    lastRow = row.getRow();
    for (SourceItem item : items) {
      bytesRead +=
          item instanceof Record record ? record.sizeBytes() : ((MalformedRecord) item).sizeBytes();
    }
    pending.addAll(items);
  }

  @Override
  public long readAgain() {
    return readAgain;
  }

  /** The item that rejects the rest of the region. */
  private MalformedRecord damaged(Throwable failure, String checksumFailed) {
    String after =
        lastRow == null
            ? " (no row of it read)"
            : " after row '" + Bytes.toStringBinary(lastRow) + "' (its later rows are not read)";
    return new MalformedRecord(
        new SourcePosition(
            split.resource(), itemsDone, lastRow == null ? null : Bytes.toStringBinary(lastRow)),
        "region "
            + split.resource()
            + " is damaged"
            + after
            + ": "
            + (checksumFailed == null
                ? RegionDamage.describe(failure)
                : new DamagedBlock(checksumFailed).getMessage()),
        0,
        itemsDone);
  }

  @Override
  public long workDone() {
    return Math.min(split.work(), bytesRead);
  }

  @Override
  public void close() {
    if (scanner != null) {
      scanner.close();
    }
  }
}
