import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The proxy benchmark's client, run by run.sh with sluice.jar (which holds the Java driver) on the
 * class path.
 *
 * <pre>
 * ProxyBench schema   --contact-point host:port    keyspace bench_proxy and table kv
 * ProxyBench truncate --contact-point host:port    empties kv
 * ProxyBench run --phase NAME --contact-point host:port [--also-write-to host:port]
 *                --ops N --concurrency C --warmup W --results DIR
 * ProxyBench compare --results DIR                 the ratios of the phases in DIR
 * </pre>
 *
 * {@code run} is one phase: {@code --warmup} operations that are not counted (half inserts, half
 * reads of what they inserted, ids apart from the measured ones), then {@code --ops / 2} prepared
 * {@code INSERT}s of distinct ids with a 100-character value, then the rest as prepared point
 * {@code SELECT}s by id of those rows, each checked; async, at most {@code --concurrency} requests
 * awaiting an answer (a closed loop: the load is what the node or the proxy sustains). Each
 * request's latency is taken in microseconds from its send to its answer. With {@code
 * --also-write-to}, the client dual-writes itself: each insert goes to both sessions and completes
 * when both have answered; reads go to the first contact point only. It prints ops/s, p50 and p99
 * of writes and reads and writes them to {@code DIR/NAME.properties}; it fails when a request
 * failed or a read did not find its row.
 */
public final class ProxyBench {

  private static final String TABLE = "bench_proxy.kv";
  private static final long WARMUP_IDS = 1_000_000_000_000L;
  private static final String FILLER = "x".repeat(100);

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    switch (args[0]) {
      case "schema" -> {
        try (CqlSession session = connect(options.get("contact-point"))) {
          session.execute(
              "CREATE KEYSPACE IF NOT EXISTS bench_proxy WITH replication ="
                  + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
          session.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (id bigint PRIMARY KEY, v text)");
        }
      }
      case "truncate" -> {
        try (CqlSession session = connect(options.get("contact-point"))) {
          session.execute("TRUNCATE " + TABLE);
        }
      }
      case "run" -> {
        Phase phase =
            run(
                options.get("phase"),
                options.get("contact-point"),
                options.get("also-write-to"),
                Integer.parseInt(options.get("ops")),
                Integer.parseInt(options.get("concurrency")),
                Integer.parseInt(options.get("warmup")));
        phase.print();
        phase.save(Path.of(options.get("results")));
        if (phase.failures > 0) {
          System.err.println(phase.name + ": " + phase.failures + " operations failed");
          System.exit(1);
        }
      }
      case "compare" -> compare(Path.of(options.get("results")));
      default -> throw new IllegalArgumentException("unknown command " + args[0]);
    }
  }

  static CqlSession connect(String contactPoint) {
    String[] hostPort = contactPoint.split(":");
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))
        .withLocalDatacenter("datacenter1")
        .withConfigLoader(
            DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build())
        .build();
  }

  /** What a phase measured: for writes and reads, the count, the seconds and the latencies. */
  record Phase(String name, Part writes, Part reads, long failures) {

    double overall() {
      return (writes.ops + reads.ops) / (writes.seconds + reads.seconds);
    }

    void print() {
      writes.print(name, "writes");
      reads.print(name, "reads");
      System.out.printf(
          "%-12s %-7s %8d ops %7.2f s %9.0f ops/s  failures %d%n",
          name, "all", writes.ops + reads.ops, writes.seconds + reads.seconds, overall(), failures);
    }

    void save(Path dir) throws IOException {
      Properties p = new Properties();
      writes.put(p, "writes");
      reads.put(p, "reads");
      p.setProperty("failures", Long.toString(failures));
      Files.createDirectories(dir);
      try (Writer out = Files.newBufferedWriter(dir.resolve(name + ".properties"))) {
        p.store(out, name);
      }
    }

    static Phase load(Path file, String name) throws IOException {
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file)) {
        p.load(in);
      }
      return new Phase(
          name, Part.get(p, "writes"), Part.get(p, "reads"), Long.parseLong(p.getProperty("failures")));
    }
  }

  /** One half of a phase; latencies in microseconds. */
  record Part(long ops, double seconds, long p50, long p99, long max) {

    static Part of(long[] latencies, double seconds) {
      long[] sorted = latencies.clone();
      Arrays.sort(sorted);
      return new Part(
          sorted.length, seconds, percentile(sorted, 50), percentile(sorted, 99), sorted[sorted.length - 1]);
    }

    /** The nearest-rank percentile of sorted values. */
    static long percentile(long[] sorted, double percent) {
      int rank = (int) Math.ceil(percent / 100 * sorted.length);
      return sorted[Math.max(0, rank - 1)];
    }

    double rate() {
      return ops / seconds;
    }

    void print(String phase, String what) {
      System.out.printf(
          "%-12s %-7s %8d ops %7.2f s %9.0f ops/s  p50 %6.2f ms  p99 %6.2f ms  max %7.2f ms%n",
          phase, what, ops, seconds, rate(), p50 / 1e3, p99 / 1e3, max / 1e3);
    }

    void put(Properties p, String prefix) {
      p.setProperty(prefix + ".ops", Long.toString(ops));
      p.setProperty(prefix + ".seconds", Double.toString(seconds));
      p.setProperty(prefix + ".p50", Long.toString(p50));
      p.setProperty(prefix + ".p99", Long.toString(p99));
      p.setProperty(prefix + ".max", Long.toString(max));
    }

    static Part get(Properties p, String prefix) {
      return new Part(
          Long.parseLong(p.getProperty(prefix + ".ops")),
          Double.parseDouble(p.getProperty(prefix + ".seconds")),
          Long.parseLong(p.getProperty(prefix + ".p50")),
          Long.parseLong(p.getProperty(prefix + ".p99")),
          Long.parseLong(p.getProperty(prefix + ".max")));
    }
  }

  static Phase run(
      String name, String contactPoint, String alsoWriteTo, int ops, int concurrency, int warmup)
      throws Exception {
    try (CqlSession session = connect(contactPoint);
        CqlSession second = alsoWriteTo == null ? null : connect(alsoWriteTo)) {
      PreparedStatement insert = session.prepare("INSERT INTO " + TABLE + " (id, v) VALUES (?, ?)");
      PreparedStatement insert2 =
          second == null ? null : second.prepare("INSERT INTO " + TABLE + " (id, v) VALUES (?, ?)");
      PreparedStatement select = session.prepare("SELECT v FROM " + TABLE + " WHERE id = ?");
      Workload load = new Workload(session, second, insert, insert2, select, concurrency);
      // Warm-up: the JIT of the client (and of the proxy), the connections; timed by no one, but
      // its failures count.
      load.writes(WARMUP_IDS, warmup / 2);
      load.reads(WARMUP_IDS, warmup / 2);
      int writes = ops / 2;
      long[] writeLatencies = new long[writes];
      long[] readLatencies = new long[ops - writes];
      double writeSeconds = load.writes(0, writes, writeLatencies);
      double readSeconds = load.reads(0, ops - writes, readLatencies);
      if (load.firstFailure.get() != null) {
        System.err.println(name + ": first failure: " + load.firstFailure.get());
      }
      return new Phase(
          name,
          Part.of(writeLatencies, writeSeconds),
          Part.of(readLatencies, readSeconds),
          load.failures.get());
    }
  }

  /** Async requests, at most {@code concurrency} awaiting an answer. */
  static final class Workload {
    final CqlSession session;
    final CqlSession second;
    final PreparedStatement insert;
    final PreparedStatement insert2;
    final PreparedStatement select;
    final int concurrency;
    final Semaphore inFlight;
    final AtomicLong failures = new AtomicLong();
    final AtomicReference<Object> firstFailure = new AtomicReference<>();

    Workload(
        CqlSession session,
        CqlSession second,
        PreparedStatement insert,
        PreparedStatement insert2,
        PreparedStatement select,
        int concurrency) {
      this.session = session;
      this.second = second;
      this.insert = insert;
      this.insert2 = insert2;
      this.select = select;
      this.concurrency = concurrency;
      this.inFlight = new Semaphore(concurrency);
    }

    static String value(long id) {
      String prefix = id + ":";
      return prefix + FILLER.substring(prefix.length());
    }

    double writes(long firstId, int count) throws InterruptedException {
      return writes(firstId, count, new long[count]);
    }

    double reads(long firstId, int count) throws InterruptedException {
      return reads(firstId, count, new long[count]);
    }

    double writes(long firstId, int count, long[] latencies) throws InterruptedException {
      long started = System.nanoTime();
      for (int i = 0; i < count; i++) {
        long id = firstId + i;
        String v = value(id);
        int index = i;
        inFlight.acquire();
        long sent = System.nanoTime();
        CompletionStage<AsyncResultSet> request = session.executeAsync(insert.bind(id, v));
        if (second != null) {
          request =
              CompletableFuture.allOf(
                      request.toCompletableFuture(),
                      second.executeAsync(insert2.bind(id, v)).toCompletableFuture())
                  .thenApply(ignored -> null);
        }
        request.whenComplete(
            (ok, error) -> {
              latencies[index] = (System.nanoTime() - sent) / 1000;
              if (error != null) {
                fail(error);
              }
              inFlight.release();
            });
      }
      inFlight.acquire(concurrency);
      inFlight.release(concurrency);
      return (System.nanoTime() - started) / 1e9;
    }

    double reads(long firstId, int count, long[] latencies) throws InterruptedException {
      long started = System.nanoTime();
      for (int i = 0; i < count; i++) {
        long id = firstId + i;
        int index = i;
        inFlight.acquire();
        long sent = System.nanoTime();
        session
            .executeAsync(select.bind(id))
            .whenComplete(
                (answer, error) -> {
                  latencies[index] = (System.nanoTime() - sent) / 1000;
                  if (error != null) {
                    fail(error);
                  } else {
                    Row row = answer.one();
                    if (row == null || !value(id).equals(row.getString(0))) {
                      fail("row " + id + (row == null ? " missing" : " differs"));
                    }
                  }
                  inFlight.release();
                });
      }
      inFlight.acquire(concurrency);
      inFlight.release(concurrency);
      return (System.nanoTime() - started) / 1e9;
    }

    private void fail(Object what) {
      failures.incrementAndGet();
      firstFailure.compareAndSet(null, what);
    }
  }

  /** The proxy's figures over those of each phase it is compared with. */
  static void compare(Path dir) throws IOException {
    Path proxyFile = dir.resolve("proxy.properties");
    if (!Files.exists(proxyFile)) {
      return;
    }
    Phase proxy = Phase.load(proxyFile, "proxy");
    for (String base : new String[] {"direct", "direct-both"}) {
      Path file = dir.resolve(base + ".properties");
      if (!Files.exists(file)) {
        continue;
      }
      Phase other = Phase.load(file, base);
      System.out.printf(
          "proxy / %-11s throughput: writes %.2f, reads %.2f, overall %.2f (goal: at least 0.9)%n",
          base,
          proxy.writes.rate() / other.writes.rate(),
          proxy.reads.rate() / other.reads.rate(),
          proxy.overall() / other.overall());
      System.out.printf(
          "proxy - %-11s p99:        writes %+.2f ms, reads %+.2f ms (goal: at most +1 ms)%n",
          base, (proxy.writes.p99 - other.writes.p99) / 1e3, (proxy.reads.p99 - other.reads.p99) / 1e3);
    }
  }
}
