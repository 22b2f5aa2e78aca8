import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.snapshot.ExportSnapshot;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.util.ToolRunner;

/**
 * Writes the benchmark's snapshot with HBase itself: an in-process HBase (ZooKeeper, a master and a
 * region server on loopback, over the local file system, as sluice-hbase's IT starts it) gets a
 * table {@code profiles} pre-split into 4 regions, of two families, {@code d} (name, email, score)
 * and {@code m} (visits, updated), 5 cells a row, each row written at a timestamp of its own; then
 * every fifth row gets a newer version of {@code d:score} and {@code m:visits} in a second store
 * file. A snapshot is taken and exported with HBase's own {@code ExportSnapshot}.
 *
 * <p>What a {@code Get} returns: CELLS cells over CELLS / 5 rows; the snapshot holds 2 of every 25
 * cells again in an older version, which the readers merge away.
 *
 * <pre>
 * SnapshotMaker --cells N --out folder --work folder
 * </pre>
 */
public final class SnapshotMaker {

  static final String SNAPSHOT = "profiles-snap";
  static final TableName TABLE = TableName.valueOf("profiles");
  static final byte[] D = Bytes.toBytes("d");
  static final byte[] M = Bytes.toBytes("m");
  static final int REGIONS = 4;

  /** The first row's timestamp: each row is written a millisecond after the one before. */
  static final long T0 = 1_717_200_000_000L;

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    int rows = Integer.parseInt(options.get("cells")) / 5;
    Path out = Path.of(options.get("out"));
    Path work = Files.createDirectories(Path.of(options.get("work")));
    System.setProperty("test.build.data.basedirectory", work.toString());
    HBaseTestingUtility util = new HBaseTestingUtility(loopbackConfiguration());
    util.startMiniZKCluster();
    try {
      util.startMiniHBaseCluster(
          StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
      try (Admin admin = util.getAdmin()) {
        createTable(admin, rows);
        try (BufferedMutator writer = util.getConnection().getBufferedMutator(TABLE)) {
          for (int i = 0; i < rows; i++) {
            writer.mutate(firstVersion(i));
          }
        }
        admin.flush(TABLE);
        try (BufferedMutator writer = util.getConnection().getBufferedMutator(TABLE)) {
          for (int i = 0; i < rows; i += 5) {
            writer.mutate(newerVersion(i, rows));
          }
        }
        admin.flush(TABLE);
        admin.snapshot(SNAPSHOT, TABLE);
      }
      int exit =
          ToolRunner.run(
              new Configuration(util.getConfiguration()),
              new ExportSnapshot(),
              new String[] {
                "-snapshot", SNAPSHOT, "-copy-to", out.toUri().toString(), "-no-checksum-verify"
              });
      if (exit != 0) {
        throw new IllegalStateException("ExportSnapshot exited with " + exit);
      }
    } finally {
      util.shutdownMiniCluster();
    }
    System.out.printf(
        "Exported snapshot %s of %,d rows, %,d cells, %d regions, to %s%n",
        SNAPSHOT, rows, rows * 5L, REGIONS, out);
  }

  static String rowKey(int i) {
    return String.format("user%08d", i);
  }

  private static Put firstVersion(int i) {
    long ts = T0 + i;
    Put put = new Put(Bytes.toBytes(rowKey(i)));
    put.addColumn(D, Bytes.toBytes("name"), ts, Bytes.toBytes("User " + i));
    put.addColumn(D, Bytes.toBytes("email"), ts, Bytes.toBytes("user" + i + "@example.com"));
    put.addColumn(D, Bytes.toBytes("score"), ts, Bytes.toBytes((long) (i % 1000)));
    put.addColumn(M, Bytes.toBytes("visits"), ts, Bytes.toBytes((long) (i % 97)));
    put.addColumn(M, Bytes.toBytes("updated"), ts, Bytes.toBytes(ts));
    // The snapshot flushes the memstore: a write-ahead log would only slow the benchmark's setup.
    return put.setDurability(Durability.SKIP_WAL);
  }

  private static Put newerVersion(int i, int rows) {
    long ts = T0 + rows + i;
    Put put = new Put(Bytes.toBytes(rowKey(i)));
    put.addColumn(D, Bytes.toBytes("score"), ts, Bytes.toBytes((long) (i % 1000) + 1));
    put.addColumn(M, Bytes.toBytes("visits"), ts, Bytes.toBytes((long) (i % 97) + 1));
    return put.setDurability(Durability.SKIP_WAL);
  }

  private static void createTable(Admin admin, int rows) throws Exception {
    List<byte[]> splits = new ArrayList<>();
    for (int r = 1; r < REGIONS; r++) {
      splits.add(Bytes.toBytes(rowKey(rows / REGIONS * r)));
    }
    admin.createTable(
        TableDescriptorBuilder.newBuilder(TABLE)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(D).setMaxVersions(3).build())
            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(M).setMaxVersions(3).build())
            .build(),
        splits.toArray(new byte[0][]));
  }

  /** As sluice-hbase's IT: everything on loopback, no web UIs, the local file system's limits. */
  private static Configuration loopbackConfiguration() {
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.master.ipc.address", "127.0.0.1");
    conf.set("hbase.regionserver.ipc.address", "127.0.0.1");
    conf.set("hbase.master.hostname", "localhost");
    conf.set("hbase.unsafe.regionserver.hostname", "localhost");
    conf.set("hbase.zookeeper.quorum", "localhost");
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.set("hbase.wal.provider", "filesystem");
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }
}
