import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.ClientSideRegionScanner;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.snapshot.RestoreSnapshotHelper;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The loader a team would write for the occasion: HBase's own snapshot reading (the snapshot
 * restored as links, then each region read by a {@link ClientSideRegionScanner}, as HBase's {@code
 * TableSnapshotScanner} and {@code TableSnapshotInputFormat} do), a few regions at once on a thread
 * each; each row's cells decoded for the table's columns and written with the Java driver, one
 * prepared {@code INSERT ... USING TIMESTAMP} per distinct cell timestamp of the row (HBase's
 * milliseconds times 1000), {@code executeAsync} under a semaphore of {@code --in-flight} writes.
 * No retries, checkpoints or rejects. Run by run.sh as its own process, with HBase's jars and the
 * driver on the class path (target/hbase-classpath.txt).
 *
 * <pre>
 * RawHBaseLoader --export folder --snapshot name --contact-point host:port --datacenter dc
 *                [--threads N] [--in-flight 256]
 * </pre>
 */
public final class RawHBaseLoader {

  /** The table's columns by HBase {@code family:qualifier}. */
  private static final Map<String, String> COLUMNS =
      Map.of(
          "d:name", "name",
          "d:email", "email",
          "d:score", "score",
          "m:visits", "visits",
          "m:updated", "updated");

  /** The columns whose cells hold {@code Bytes.toBytes(long)}; the others hold UTF-8 text. */
  private static final List<String> LONGS = List.of("score", "visits", "updated");

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    String contactPoint = options.getOrDefault("contact-point", "127.0.0.1:9042");
    int inFlight = Integer.parseInt(options.getOrDefault("in-flight", "256"));
    int threads =
        Integer.parseInt(
            options.getOrDefault(
                "threads", String.valueOf(Runtime.getRuntime().availableProcessors())));
    Path root = new Path(java.nio.file.Path.of(options.get("export")).toUri());
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.HBASE_DIR, root.toString());
    conf.set("fs.defaultFS", "file:///");
    // Without a region server there is no memstore chunk pool: closing a region would fail on it.
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    FileSystem fs = root.getFileSystem(conf);
    Path restoreDir = new Path(Files.createTempDirectory("raw-hbase-restore-").toUri());
    fs.delete(restoreDir, true);
    int colon = contactPoint.lastIndexOf(':');
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(
                new InetSocketAddress(
                    contactPoint.substring(0, colon),
                    Integer.parseInt(contactPoint.substring(colon + 1))))
            .withLocalDatacenter(options.getOrDefault("datacenter", "datacenter1"))
            .withConfigLoader(
                DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(12))
                    .withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false)
                    .build())
            .build()) {
      long start = System.nanoTime();
      RestoreSnapshotHelper.RestoreMetaChanges restored =
          RestoreSnapshotHelper.copySnapshotForScanner(
              conf, fs, root, restoreDir, options.get("snapshot"));
      // One statement per set of columns written together, prepared on first use.
      Map<List<String>, PreparedStatement> inserts = new ConcurrentHashMap<>();
      Semaphore permits = new Semaphore(inFlight);
      AtomicLong rows = new AtomicLong();
      AtomicLong cells = new AtomicLong();
      AtomicLong written = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      AtomicReference<Throwable> firstError = new AtomicReference<>();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<?>> regions = new ArrayList<>();
      for (RegionInfo region : restored.getRegionsToAdd()) {
        regions.add(
            pool.submit(
                () -> {
                  Scan scan = new Scan().setCacheBlocks(false);
                  try (ClientSideRegionScanner scanner =
                      new ClientSideRegionScanner(
                          conf,
                          fs,
                          restoreDir,
                          restored.getTableDescriptor(),
                          region,
                          scan,
                          null)) {
                    for (Result row; (row = scanner.next()) != null; ) {
                      String id = Bytes.toString(row.getRow());
                      // The row's cells by timestamp: each group is one INSERT at its time.
                      Map<Long, Map<String, Object>> byTime = new TreeMap<>();
                      for (Cell cell : row.rawCells()) {
                        String column =
                            COLUMNS.get(
                                Bytes.toString(CellUtil.cloneFamily(cell))
                                    + ":"
                                    + Bytes.toString(CellUtil.cloneQualifier(cell)));
                        byte[] value = CellUtil.cloneValue(cell);
                        byTime
                            .computeIfAbsent(cell.getTimestamp(), t -> new TreeMap<>())
                            .put(
                                column,
                                LONGS.contains(column)
                                    ? Bytes.toLong(value)
                                    : Bytes.toString(value));
                        cells.incrementAndGet();
                      }
                      rows.incrementAndGet();
                      for (Map.Entry<Long, Map<String, Object>> group : byTime.entrySet()) {
                        List<String> columns = List.copyOf(group.getValue().keySet());
                        BoundStatementBuilder insert =
                            inserts
                                .computeIfAbsent(columns, c -> prepare(session, c))
                                .boundStatementBuilder()
                                .setString(0, id);
                        int i = 1;
                        for (Object value : group.getValue().values()) {
                          if (value instanceof Long number) {
                            insert.setLong(i++, number);
                          } else {
                            insert.setString(i++, (String) value);
                          }
                        }
                        insert.setLong(i, group.getKey() * 1000);
                        permits.acquire();
                        session
                            .executeAsync(insert.build())
                            .whenComplete(
                                (result, error) -> {
                                  if (error == null) {
                                    written.incrementAndGet();
                                  } else {
                                    failed.incrementAndGet();
                                    firstError.compareAndSet(null, error);
                                  }
                                  permits.release();
                                });
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> region : regions) {
        region.get();
      }
      pool.shutdown();
      permits.acquire(inFlight);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "raw loader: rows=%d cells=%d inserts=%d failed=%d seconds=%.2f rows/s=%.0f"
              + " regions=%d threads=%d in-flight=%d%n",
          rows.get(),
          cells.get(),
          written.get(),
          failed.get(),
          seconds,
          rows.get() / seconds,
          regions.size(),
          threads,
          inFlight);
      if (failed.get() > 0) {
        System.err.println("first failure: " + firstError.get());
        System.exit(1);
      }
    } finally {
      fs.delete(restoreDir, true);
    }
  }

  private static PreparedStatement prepare(CqlSession session, List<String> columns) {
    return session.prepare(
        "INSERT INTO bench_hbase.profiles (id, "
            + String.join(", ", columns)
            + ") VALUES (?"
            + ", ?".repeat(columns.size())
            + ") USING TIMESTAMP ?");
  }
}
