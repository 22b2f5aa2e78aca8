import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The HBase benchmark's helper steps, none of them measured: reset the table, count its rows, print
 * the results table. Run by run.sh with the built sluice.jar on the class path (Java's source-file
 * mode); not compiled by the build.
 *
 * <pre>
 * HBaseBench reset  --contact-point host:port --datacenter dc   (create if missing, then TRUNCATE)
 * HBaseBench count  --contact-point host:port --datacenter dc
 * HBaseBench report --results results.tsv
 * </pre>
 */
public final class HBaseBench {

  static final String KEYSPACE = "bench_hbase";
  static final String TABLE = KEYSPACE + ".profiles";

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    switch (args.length == 0 ? "" : args[0]) {
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
      default -> throw new IllegalArgumentException("usage: HBaseBench reset|count|report");
    }
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
            + " (id text PRIMARY KEY, name text, email text, score bigint, visits bigint,"
            + " updated bigint)");
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
    return total.get();
  }

  /**
   * Prints the table from run.sh's results: one line per run, tab-separated: loader, round, rows,
   * cells, wall seconds, user CPU seconds, system CPU seconds, peak RSS in KiB, the node's CPU
   * seconds meanwhile (-1 when unknown). The ratios compare each loader's best round by rows/s.
   */
  private static void report(Path results) throws Exception {
    Map<String, double[]> best = new LinkedHashMap<>();
    System.out.printf(
        "%n%-13s %5s %9s %9s %7s %8s %9s %6s %11s %8s %10s %12s%n",
        "loader",
        "round",
        "rows",
        "cells",
        "wall s",
        "rows/s",
        "cells/s",
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
      double cpu = v[3] + v[4];
      System.out.printf(
          "%-13s %5s %,9.0f %,9.0f %7.1f %,8.0f %,9.0f %6.1f %11.1f %,8.0f %10s %12s%n",
          f[0],
          f[1],
          v[0],
          v[1],
          v[2],
          rate(v),
          v[1] / v[2],
          cpu,
          cpu / v[0] * 1e6,
          v[5] / 1024,
          v[6] < 0 ? "-" : String.format("%.1f", v[6]),
          v[6] < 0 ? "-" : String.format("%.1f", v[6] / v[0] * 1e6));
      best.merge(f[0], v, (kept, next) -> rate(next) > rate(kept) ? next : kept);
    }
    double[] raw = best.get("raw");
    System.out.println();
    System.out.println("Each loader's best round:");
    if (raw != null && best.containsKey("sluice")) {
      double[] sluice = best.get("sluice");
      System.out.printf(
          "Sluice over CQL / raw rows/s:      %.2f   (goal >= 1.0; CPU per row %.2f of raw's)%n",
          rate(sluice) / rate(raw), cpuPerRow(sluice) / cpuPerRow(raw));
    }
    if (raw != null && best.containsKey("base")) {
      double[] base = best.get("base");
      System.out.printf(
          "BASE_JAR over CQL / raw rows/s:    %.2f   (CPU per row %.2f of raw's)%n",
          rate(base) / rate(raw), cpuPerRow(base) / cpuPerRow(raw));
    }
    if (raw != null && best.containsKey("sstables")) {
      double[] sstables = best.get("sstables");
      System.out.printf(
          "Sluice SSTables / raw rows/s:      %.2f   (goal >= 2, files built and streamed;"
              + " node CPU per row %.2f of raw's)%n",
          rate(sstables) / rate(raw), sstables[6] / raw[6]);
    }
    if (raw != null && best.containsKey("base-sstables")) {
      double[] base = best.get("base-sstables");
      System.out.printf(
          "BASE_JAR SSTables / raw rows/s:    %.2f   (CPU per row %.2f of raw's)%n",
          rate(base) / rate(raw), cpuPerRow(base) / cpuPerRow(raw));
    }
    System.out.println(
        "rows/s, cells/s: over the loader process's wall time, JVM start included; CPU s: user +"
            + " system of the loader\n"
            + "process; node CPU s: the Cassandra node's over the same time.");
  }

  private static double rate(double[] v) {
    return v[0] / v[2];
  }

  private static double cpuPerRow(double[] v) {
    return (v[3] + v[4]) / v[0];
  }
}
