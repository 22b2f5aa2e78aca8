import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.io.BufferedWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load benchmark's helper steps, none of them measured: generate the CSV, reset the table,
 * count its rows, print the results table. Run by run.sh with the built sluice.jar on the class
 * path (Java's source-file mode); not compiled by the build.
 *
 * <pre>
 * LoadBench generate --rows N --out people.csv
 * LoadBench reset    --contact-point host:port --datacenter dc   (create if missing, then TRUNCATE)
 * LoadBench count    --contact-point host:port --datacenter dc
 * LoadBench report   --results results.tsv
 * </pre>
 */
public final class LoadBench {

  static final String KEYSPACE = "bench_load";
  static final String TABLE = KEYSPACE + ".people";
  static final String HEADER = "id,name,email,n,score,created";
  private static final String[] GIVEN =
      ("ada alan barbara claude donald edsger frances grace john katherine ken leslie margaret"
              + " niklaus radia tony")
          .split(" ");
  private static final String[] FAMILY =
      ("allen backus dijkstra hamilton hoare hopper johnson knuth lamport liskov lovelace perlman"
              + " ritchie shannon turing wirth")
          .split(" ");
  private static final Instant CREATED_BASE = Instant.parse("2024-01-01T00:00:00Z");

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    switch (args.length == 0 ? "" : args[0]) {
      case "generate" ->
          generate(Integer.parseInt(options.get("rows")), Path.of(options.get("out")));
      case "reset" -> {
        try (CqlSession session = open(options)) {
          reset(session);
        }
      }
      case "count" -> {
        try (CqlSession session = open(options)) {
          System.out.println(count(session));
        }
      }
      case "report" -> report(Path.of(options.get("results")));
      default -> throw new IllegalArgumentException("usage: LoadBench generate|reset|count|report");
    }
  }

  /**
   * Row {@code i} of the dataset, a pure function of {@code i}: the same file on every machine.
   * About 115 bytes a line; never quoted, so a plain split on commas reads it.
   */
  static String row(long i) {
    UUID id =
        new UUID(
            mix(i) & 0xffffffffffff0fffL | 0x4000L,
            mix(~i) & 0x3fffffffffffffffL | 0x8000000000000000L);
    String given = GIVEN[(int) (i % GIVEN.length)];
    String family = FAMILY[(int) (i / GIVEN.length % FAMILY.length)];
    return String.join(
        ",",
        id.toString(),
        cap(given) + " " + cap(family),
        given + "." + family + i + "@example.com",
        String.valueOf(Math.floorMod(mix(i * 31), 1_000_000)),
        String.valueOf((i % 100_000) / 100.0),
        CREATED_BASE.plusSeconds(i * 37).toString());
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }

  private static String cap(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  private static void generate(int rows, Path out) throws Exception {
    Path partial = out.resolveSibling(out.getFileName() + ".partial");
    try (BufferedWriter writer = Files.newBufferedWriter(partial)) {
      writer.write(HEADER);
      writer.write('\n');
      for (int i = 0; i < rows; i++) {
        writer.write(row(i));
        writer.write('\n');
      }
    }
    Files.move(partial, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    System.out.printf(
        "Wrote %,d rows, %,d bytes (%.0f bytes a row) to %s%n",
        rows, Files.size(out), (double) Files.size(out) / rows, out);
  }

  static CqlSession open(Map<String, String> options) {
    String contactPoint = options.getOrDefault("contact-point", "127.0.0.1:9042");
    int colon = contactPoint.lastIndexOf(':');
    return CqlSession.builder()
        .addContactPoint(
            new InetSocketAddress(
                contactPoint.substring(0, colon),
                Integer.parseInt(contactPoint.substring(colon + 1))))
        .withLocalDatacenter(options.getOrDefault("datacenter", "datacenter1"))
        .withConfigLoader(
            DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(120))
                .withDuration(
                    DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build())
        .build();
  }

  private static void reset(CqlSession session) {
    session.execute(
        "CREATE KEYSPACE IF NOT EXISTS "
            + KEYSPACE
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute(
        "CREATE TABLE IF NOT EXISTS "
            + TABLE
            + " (id uuid PRIMARY KEY, name text, email text,"
            + " n int, score double, created timestamp)");
    session.execute("TRUNCATE " + TABLE);
  }

  /** Counts the table's rows in 64 token ranges, 8 at a time. */
  private static long count(CqlSession session) throws Exception {
    PreparedStatement range =
        session.prepare(
            "SELECT count(*) FROM " + TABLE + " WHERE token(id) > ? AND token(id) <= ?");
    int ranges = 64;
    long step = -(Long.MIN_VALUE / ranges) * 2;
    AtomicLong total = new AtomicLong();
    List<CompletableFuture<?>> batch = new ArrayList<>();
    for (int r = 0; r < ranges; r++) {
      long lower = Long.MIN_VALUE + r * step;
      long upper = r == ranges - 1 ? Long.MAX_VALUE : lower + step;
      batch.add(
          session
              .executeAsync(range.bind(lower, upper))
              .thenAccept(rs -> total.addAndGet(rs.one().getLong(0)))
              .toCompletableFuture());
      if (batch.size() == 8) {
        CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new)).get();
        batch.clear();
      }
    }
    CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new)).get();
    // token(id) > MIN_VALUE leaves out a key whose token is exactly MIN_VALUE; Murmur3 never
    // gives it.
    return total.get();
  }

  /**
   * Prints the table from run.sh's results: one line per run of a loader, tab-separated: name,
   * round, rows, wall seconds, user CPU seconds, system CPU seconds, peak RSS in KiB, the loader's
   * own rows/s, the node's CPU seconds meanwhile (-1 when unknown: a cluster not started by
   * run.sh). The ratios compare each loader's best round by rows/s.
   */
  private static void report(Path results) throws Exception {
    Map<String, double[]> best = new LinkedHashMap<>();
    System.out.printf(
        "%n%-10s %5s %10s %8s %10s %10s %8s %12s %8s %11s %13s%n",
        "loader",
        "round",
        "rows",
        "wall s",
        "rows/s",
        "own rows/s",
        "CPU s",
        "CPU µs/row",
        "peak MB",
        "node CPU s",
        "node µs/row");
    for (String line : Files.readAllLines(results)) {
      String[] f = line.split("\t");
      double[] v = new double[f.length - 2];
      for (int i = 2; i < f.length; i++) {
        v[i - 2] = Double.parseDouble(f[i]);
      }
      double cpu = v[2] + v[3];
      System.out.printf(
          "%-10s %5s %,10.0f %8.1f %,10.0f %,10.0f %8.1f %12.1f %8.0f %11s %13s%n",
          f[0],
          f[1],
          v[0],
          v[1],
          rate(v),
          v[5],
          cpu,
          cpu / v[0] * 1e6,
          v[4] / 1024,
          v[6] < 0 ? "-" : String.format("%.1f", v[6]),
          v[6] < 0 ? "-" : String.format("%.1f", v[6] / v[0] * 1e6));
      best.merge(f[0], v, (kept, next) -> rate(next) > rate(kept) ? next : kept);
    }
    double[] sluice = best.get("sluice");
    double[] dsbulk = best.get("dsbulk");
    double[] raw = best.get("raw");
    System.out.println();
    System.out.println("Each loader's best round:");
    if (sluice != null && dsbulk != null) {
      System.out.printf(
          "Sluice / DSBulk rows/s:         %.2f   (goal >= 1.5; own reports: %.2f)%n",
          rate(sluice) / rate(dsbulk), sluice[5] / dsbulk[5]);
      System.out.printf(
          "Sluice / DSBulk CPU per row:    %.2f   (goal <= 0.5)%n",
          cpuPerRow(sluice) / cpuPerRow(dsbulk));
    }
    if (sluice != null && raw != null) {
      System.out.printf(
          "Sluice / raw limit rows/s:      %.2f   (goal >= 0.95; own reports: %.2f)%n",
          rate(sluice) / rate(raw), sluice[5] / raw[5]);
    }
    double[] replica = best.get("sluice-replica");
    if (replica != null && raw != null) {
      System.out.printf(
          "Sluice replica batches / raw:   %.2f   (goal >= 1.3; node CPU per row %.2f of raw's)%n",
          rate(replica) / rate(raw), nodeCpuPerRow(replica) / nodeCpuPerRow(raw));
    }
    if (replica != null && dsbulk != null) {
      System.out.printf(
          "Sluice replica / DSBulk CPU/row: %.2f  (goal <= 0.25)%n",
          cpuPerRow(replica) / cpuPerRow(dsbulk));
    }
    for (String files : List.of("sstables", "sstables-2")) {
      double[] sstables = best.get(files);
      if (sstables != null && raw != null) {
        System.out.printf(
            "%-10s / raw rows/s:  %.2f   (goal >= 2, files built and streamed; node CPU per row"
                + " %.2f of raw's)%n",
            files, rate(sstables) / rate(raw), nodeCpuPerRow(sstables) / nodeCpuPerRow(raw));
      }
    }
    double[] spark = best.get("spark");
    if (spark != null && sluice != null) {
      System.out.printf(
          "Spark / Sluice CLI rows/s:      %.2f   (goal >= 0.9; own reports: %.2f)%n",
          rate(spark) / rate(sluice), spark[5] / sluice[5]);
    }
    double[] one = best.get("spark-1");
    double[] four = best.get("spark-4");
    if (one != null && four != null) {
      System.out.printf(
          "Spark 4 tasks / 1 task own rows/s: %.2f   (with ROWS_PER_SECOND: goal within 0.9-1.1)%n",
          four[5] / one[5]);
    }
    System.out.println(
        "rows/s: rows over the loader process's wall time, JVM start included; own rows/s: the"
            + " loader's own report;\nCPU s: user + system of the loader process; node CPU s: the"
            + " Cassandra node's over the same time.");
  }

  private static double rate(double[] v) {
    return v[0] / v[1];
  }

  private static double nodeCpuPerRow(double[] v) {
    return v[6] / v[0];
  }

  private static double cpuPerRow(double[] v) {
    return (v[2] + v[3]) / v[0];
  }
}
