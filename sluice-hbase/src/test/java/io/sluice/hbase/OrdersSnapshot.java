package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStore;
import org.apache.hadoop.hbase.snapshot.ExportSnapshot;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ToolRunner;

/**
 * Builds an exported snapshot with HBase itself: a real in-process HBase (ZooKeeper, a master and a
 * region server on loopback, over the local file system) gets a table {@code orders} of two
 * families, cells in several versions, every kind of delete marker, a family TTL and cell TTLs, a
 * cell timestamped in the future, a split region and three store files in each; a snapshot is taken
 * and exported with {@code ExportSnapshot}, what a {@code Get} returns for every row is kept, and
 * HBase is stopped.
 */
final class OrdersSnapshot {

  static final String SNAPSHOT = "orders-snap";
  static final TableName TABLE = TableName.valueOf("orders");
  static final int ROWS = 40;
  static final byte[] D = Bytes.toBytes("d");
  static final byte[] T = Bytes.toBytes("t");

  /** The row with a cell {@code d:later} whose timestamp is a day after the snapshot. */
  static final int FUTURE_ROW = 7;

  /** Family {@code t}'s TTL. */
  static final int FAMILY_TTL_SECONDS = 86_400;

  /** The TTL of each {@code d:temp} cell. */
  static final long CELL_TTL_MILLIS = 7_200_000;

  private static final Duration PATIENCE = Duration.ofMinutes(2);

  /**
   * The folder ExportSnapshot wrote, every row's cells at snapshot time by column, and every row's
   * versions of each column (up to the families' 3), newest first, as a {@code Get} of 3 versions
   * returned them.
   */
  record Export(
      Path folder,
      Map<String, Map<String, ExpectedCell>> rows,
      Map<String, Map<String, List<ExpectedCell>>> versions,
      Path eventsFolder,
      Map<String, Map<String, ExpectedCell>> events,
      LargeRegionSnapshot.Export ledger) {}

  /** The versions each family keeps. */
  static final int MAX_VERSIONS = 3;

  private OrdersSnapshot() {}

  static String rowKey(int i) {
    return String.format("row-%03d", i);
  }

  /**
   * Builds the snapshot and exports it to {@code dir/export}; HBase's own files go in {@code
   * dir/hbase}.
   */
  static Export build(Path dir) throws Exception {
    Path base = Files.createDirectories(dir.resolve("hbase"));
    System.setProperty("test.build.data.basedirectory", base.toString());
    HBaseTestingUtility util = new HBaseTestingUtility(loopbackConfiguration());
    util.startMiniZKCluster();
    try {
      util.startMiniHBaseCluster(
          StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
      Map<String, Map<String, ExpectedCell>> rows;
      Map<String, Map<String, List<ExpectedCell>>> versions;
      Map<String, Map<String, ExpectedCell>> eventsRows;
      Map<String, Map<String, List<ExpectedCell>>> ledgerVersions;
      try (Admin admin = util.getAdmin();
          Table table = util.getConnection().getTable(TABLE)) {
        createTable(admin);
        long t0 = System.currentTimeMillis() - 3_600_000;
        writeFirstVersions(table, t0);
        admin.flush(TABLE);
        splitInTwo(util, admin);
        // After the split: each region's second store file holds newer versions and the delete
        // markers over the first's, and a third (flushed by the snapshot) the newest writes.
        writeNewVersionsAndDeletes(table, t0);
        admin.flush(TABLE);
        // Left in the memstore: the snapshot flushes it.
        table.put(
            new Put(Bytes.toBytes(rowKey(1))).addColumn(D, q("name"), t0 + 2_000, b("name-1-v3")));
        // A timestamp a client set in the future: HBase takes any.
        table.put(
            new Put(Bytes.toBytes(rowKey(FUTURE_ROW)))
                .addColumn(D, q("later"), System.currentTimeMillis() + 86_400_000L, b("tomorrow")));
        table.put(
            new Put(Bytes.toBytes(rowKey(14)))
                .addColumn(D, q("gone"), System.currentTimeMillis(), b("expires at once"))
                .setTTL(1));
        admin.snapshot(SNAPSHOT, TABLE);
        rows = readAll(table);
        versions = readAllVersions(table);
        eventsRows = EventsSnapshot.create(admin, util.getConnection());
        ledgerVersions = LargeRegionSnapshot.create(admin, util.getConnection());
      }
      Path export = export(util, SNAPSHOT, dir.resolve("export"));
      Path events = export(util, EventsSnapshot.SNAPSHOT, dir.resolve("export-events"));
      Path ledger = export(util, LargeRegionSnapshot.SNAPSHOT, dir.resolve("export-ledger"));
      return new Export(
          export,
          rows,
          versions,
          events,
          eventsRows,
          new LargeRegionSnapshot.Export(
              ledger, LargeRegionSnapshot.latest(ledgerVersions), ledgerVersions));
    } finally {
      util.shutdownMiniCluster();
    }
  }

  /** Exports {@code snapshot} with HBase's own {@code ExportSnapshot} to {@code folder}. */
  private static Path export(HBaseTestingUtility util, String snapshot, Path folder)
      throws Exception {
    int exitCode =
        ToolRunner.run(
            new Configuration(util.getConfiguration()),
            new ExportSnapshot(),
            new String[] {
              // The local file system's checksums differ from the raw copy's: nothing to compare.
              "-snapshot", snapshot, "-copy-to", folder.toUri().toString(), "-no-checksum-verify"
            });
    assertThat(exitCode).as("ExportSnapshot's exit code for " + snapshot).isZero();
    return folder;
  }

  private static Configuration loopbackConfiguration() {
    Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
    conf.set("hbase.master.ipc.address", "127.0.0.1");
    conf.set("hbase.regionserver.ipc.address", "127.0.0.1");
    conf.set("hbase.master.hostname", "localhost");
    conf.set("hbase.unsafe.regionserver.hostname", "localhost");
    conf.set("hbase.zookeeper.quorum", "localhost");
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    // The local file system has no hflush: HBase refuses it for its WAL unless told.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.set("hbase.wal.provider", "filesystem");
    conf.set("mapreduce.framework.name", "local");
    // A split region's reference files are gone once a chore removes the files compacted away:
    // every 2 minutes by default.
    conf.setInt("hbase.hfile.compaction.discharger.interval", 500);
    return conf;
  }

  private static void createTable(Admin admin) throws IOException {
    admin.createTable(
        TableDescriptorBuilder.newBuilder(TABLE)
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(D).setMaxVersions(MAX_VERSIONS).build())
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(T)
                    .setMaxVersions(MAX_VERSIONS)
                    .setTimeToLive(FAMILY_TTL_SECONDS)
                    .build())
            .build());
  }

  private static void writeFirstVersions(Table table, long t0) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      byte[] row = Bytes.toBytes(rowKey(i));
      puts.add(
          new Put(row)
              .addColumn(D, q("name"), t0, b("name-" + i + "-v1"))
              .addColumn(D, q("qty"), t0, Bytes.toBytes((long) i))
              .addColumn(T, q("note"), t0, b("note-" + i)));
      if (i % 5 == 0) {
        puts.add(new Put(row).addColumn(D, q("temp"), t0, b("temp-" + i)).setTTL(CELL_TTL_MILLIS));
      }
    }
    table.put(puts);
  }

  private static void writeNewVersionsAndDeletes(Table table, long t0) throws IOException {
    for (int i = 0; i < ROWS; i += 2) {
      table.put(
          new Put(Bytes.toBytes(rowKey(i)))
              .addColumn(D, q("name"), t0 + 1_000, b("name-" + i + "-v2")));
    }
    // The latest version of a column: the one before shows again.
    table.delete(new Delete(Bytes.toBytes(rowKey(4))).addColumn(D, q("name")));
    // Every version of a column.
    table.delete(new Delete(Bytes.toBytes(rowKey(6))).addColumns(D, q("name")));
    // A whole family.
    table.delete(new Delete(Bytes.toBytes(rowKey(8))).addFamily(T));
    // One version of every column of a family: d:name's second version stays.
    table.delete(new Delete(Bytes.toBytes(rowKey(12))).addFamilyVersion(D, t0));
    // A whole row.
    table.delete(new Delete(Bytes.toBytes(rowKey(10))));
  }

  private static void splitInTwo(HBaseTestingUtility util, Admin admin) throws Exception {
    admin.split(TABLE, Bytes.toBytes(rowKey(ROWS / 2)));
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (admin.getRegions(TABLE).size() < 2) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the table did not split within " + PATIENCE);
      }
      Thread.sleep(100);
    }
    util.waitUntilNoRegionsInTransition(PATIENCE.toMillis());
    // The daughters rewrite the halves of their parent's files they refer to as files of their
    // own: then each region's files are its own.
    admin.compact(TABLE);
    while (hasReferences(util)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the split regions kept references after " + PATIENCE);
      }
      Thread.sleep(100);
    }
  }

  private static boolean hasReferences(HBaseTestingUtility util) {
    for (HRegion region : util.getHBaseCluster().getRegions(TABLE)) {
      for (HStore store : region.getStores()) {
        if (store.hasReferences()) {
          return true;
        }
      }
    }
    return false;
  }

  /** Every row as {@code Get} returns it now: its latest live version of each column. */
  private static Map<String, Map<String, ExpectedCell>> readAll(Table table) throws IOException {
    Map<String, Map<String, ExpectedCell>> rows = new LinkedHashMap<>();
    readAllVersions(table, 1)
        .forEach(
            (key, columns) -> {
              Map<String, ExpectedCell> cells = new LinkedHashMap<>();
              columns.forEach((column, versions) -> cells.put(column, versions.get(0)));
              rows.put(key, cells);
            });
    return rows;
  }

  /** Every row as a {@code Get} of every version the families keep returns it now. */
  private static Map<String, Map<String, List<ExpectedCell>>> readAllVersions(Table table)
      throws IOException {
    return readAllVersions(table, MAX_VERSIONS);
  }

  private static Map<String, Map<String, List<ExpectedCell>>> readAllVersions(
      Table table, int versions) throws IOException {
    Map<String, Map<String, List<ExpectedCell>>> rows = new LinkedHashMap<>();
    for (int i = 0; i < ROWS; i++) {
      Result result = table.get(new Get(Bytes.toBytes(rowKey(i))).readVersions(versions));
      if (result.isEmpty()) {
        continue;
      }
      Map<String, List<ExpectedCell>> cells = new LinkedHashMap<>();
      for (Cell cell : result.rawCells()) {
        String family = Bytes.toString(CellUtil.cloneFamily(cell));
        String qualifier = Bytes.toString(CellUtil.cloneQualifier(cell));
        long ts = cell.getTimestamp();
        long expires =
            family.equals("t")
                ? (ts + FAMILY_TTL_SECONDS * 1000L) / 1000
                : qualifier.equals("temp") ? (ts + CELL_TTL_MILLIS) / 1000 : 0;
        cells
            .computeIfAbsent(family + ":" + qualifier, c -> new ArrayList<>())
            .add(new ExpectedCell(CellUtil.cloneValue(cell), ts, expires));
      }
      rows.put(rowKey(i), cells);
    }
    return rows;
  }

  private static byte[] q(String qualifier) {
    return Bytes.toBytes(qualifier);
  }

  private static byte[] b(String value) {
    return Bytes.toBytes(value);
  }
}
