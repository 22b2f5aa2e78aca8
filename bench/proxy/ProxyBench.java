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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The proxy benchmark's client, run by run.sh with sluice.jar (which holds the Java driver) on the
 * class path.
 *
 * <pre>
 * ProxyBench schema   --contact-point host:port    keyspace bench_proxy and table kv
 * ProxyBench truncate --contact-point host:port    empties kv
 * ProxyBench run --phase NAME --contact-point host:port [--also-write-to host:port]
 *                --ops N --concurrency C --warmup W --results DIR
 *                [--rate R --max-in-flight M]      at a fixed offered rate instead (open loop)
 *                [--through host:port]             side by side (with --also-write-to and --rate):
 *                                                  every other request through the proxy there
 * ProxyBench compare --results DIR                 the ratios of the phases in DIR
 * ProxyBench compare-rate --results DIR [--other-cpu-limit L]
 *                                                  the added p99 of the fixed-rate phases in DIR
 * ProxyBench quiet-round --results DIR --other-cpu-limit L
 *                                                  fails when other processes took more than L %
 *                                                  of the machine in a phase of the round in DIR
 * ProxyBench rate --results DIR                    the default fixed rate: half the lowest writes
 *                                                  ops/s in DIR, rounded down to a thousand
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
 *
 * <p>With {@code --rate R}, the same phase runs at a fixed offered rate instead (an open loop):
 * request i of each half (warm-up included) has the intended start time {@code i / R} seconds after
 * the half's start, is sent at that time (or at once if the sender is behind), and its latency is
 * taken from that intended start to its answer, so that a request held back by a slow system counts
 * its wait (no coordinated omission). At most {@code --max-in-flight} requests await an answer; a
 * request that has to wait for one of them to finish is counted as a late start ("cap waits"), as
 * are those sent more than 1 ms after their intended start for any reason ("sent late").
 *
 * <p>With {@code --through} as well (a fixed-rate phase only), the phase is two in one, side by
 * side: request i goes through the proxy at {@code --through} when i is even, and is the client's
 * own dual write (or its direct read) when i is odd, on the same schedule. Each path gets half the
 * rate, and both meet the machine in the same moments, so a node's burst or a collection falls on
 * both alike rather than on whichever phase it happened to land in. It saves {@code
 * NAME-proxy.properties} and {@code NAME-direct-both.properties}, and the latencies of all its
 * writes and all its reads in send order, even lines through the proxy.
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
        List<Phase> phases =
            run(
                options.get("phase"),
                options.get("contact-point"),
                options.get("also-write-to"),
                Integer.parseInt(options.get("ops")),
                Integer.parseInt(options.get("concurrency")),
                Integer.parseInt(options.get("warmup")),
                Double.parseDouble(options.getOrDefault("rate", "0")),
                Integer.parseInt(options.getOrDefault("max-in-flight", "512")),
                Path.of(options.get("results")),
                options.get("through"));
        for (Phase phase : phases) {
          phase.print();
          phase.save(Path.of(options.get("results")));
        }
        long failures = phases.get(0).failures;
        if (failures > 0) {
          System.err.println(options.get("phase") + ": " + failures + " operations failed");
          System.exit(1);
        }
      }
      case "compare" -> compare(Path.of(options.get("results")));
      case "compare-rate" ->
          compareRate(
              Path.of(options.get("results")),
              Double.parseDouble(options.getOrDefault("other-cpu-limit", "100")));
      case "quiet-round" -> {
        List<String> disturbed =
            disturbances(
                Path.of(options.get("results")),
                Double.parseDouble(options.get("other-cpu-limit")));
        if (!disturbed.isEmpty()) {
          System.out.println(
              Path.of(options.get("results")).getFileName()
                  + " does not count, another round follows: "
                  + String.join("; ", disturbed));
          System.exit(1);
        }
      }
      case "rate" -> System.out.println(defaultRate(Path.of(options.get("results"))));
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

  /**
   * What a phase measured: for writes and reads, the count, the seconds and the latencies; {@code
   * rate} is the offered rate of a fixed-rate phase, 0 for a closed-loop one. The two halves of a
   * side-by-side phase share its failures.
   */
  record Phase(String name, Part writes, Part reads, long failures, double rate) {

    double overall() {
      return (writes.ops + reads.ops) / (writes.seconds + reads.seconds);
    }

    void print() {
      writes.print(name, "writes", rate > 0);
      reads.print(name, "reads", rate > 0);
      if (rate > 0) {
        System.out.printf(
            "%-12s %-7s %8d ops %7.2f s %9.0f ops/s  failures %d  (offered %.0f ops/s)%n",
            name, "all", writes.ops + reads.ops, writes.seconds + reads.seconds, overall(), failures,
            rate);
      } else {
        System.out.printf(
            "%-12s %-7s %8d ops %7.2f s %9.0f ops/s  failures %d%n",
            name, "all", writes.ops + reads.ops, writes.seconds + reads.seconds, overall(), failures);
      }
    }

    void save(Path dir) throws IOException {
      Properties p = new Properties();
      writes.put(p, "writes");
      reads.put(p, "reads");
      p.setProperty("failures", Long.toString(failures));
      p.setProperty("rate", Double.toString(rate));
      // The client's own CPU (its JVM's start included), which run.sh sets apart from other work.
      p.setProperty(
          "clientCpuSeconds",
          Double.toString(
              ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO).toMillis()
                  / 1e3));
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
          name,
          Part.get(p, "writes"),
          Part.get(p, "reads"),
          Long.parseLong(p.getProperty("failures")),
          Double.parseDouble(p.getProperty("rate", "0")));
    }
  }

  /**
   * One half of a phase; latencies in microseconds. For a fixed-rate phase, also the late starts:
   * requests that waited for the in-flight cap, requests sent more than 1 ms after their intended
   * start, and the largest delay of a send after its intended start.
   */
  record Part(
      long ops,
      double seconds,
      long p50,
      long p99,
      long p999,
      long over5ms,
      long max,
      long capWaits,
      long sentLate,
      long maxLag) {

    static Part of(long[] latencies, double seconds) {
      return of(latencies, seconds, Pacing.NONE);
    }

    static Part of(long[] latencies, double seconds, Pacing pacing) {
      long[] sorted = latencies.clone();
      Arrays.sort(sorted);
      return new Part(
          sorted.length,
          seconds,
          percentile(sorted, 50),
          percentile(sorted, 99),
          percentile(sorted, 99.9),
          Arrays.stream(sorted).filter(l -> l > 5_000).count(),
          sorted[sorted.length - 1],
          pacing.capWaits,
          pacing.sentLate,
          pacing.maxLag);
    }

    /** The nearest-rank percentile of sorted values. */
    static long percentile(long[] sorted, double percent) {
      int rank = (int) Math.ceil(percent / 100 * sorted.length);
      return sorted[Math.max(0, rank - 1)];
    }

    double rate() {
      return ops / seconds;
    }

    void print(String phase, String what, boolean paced) {
      System.out.printf(
          "%-12s %-7s %8d ops %7.2f s %9.0f ops/s  p50 %6.2f ms  p99 %6.2f ms  p99.9 %7.2f ms"
              + "  max %7.2f ms  >5 ms %d",
          phase, what, ops, seconds, rate(), p50 / 1e3, p99 / 1e3, p999 / 1e3, max / 1e3, over5ms);
      if (paced) {
        System.out.printf(
            "  cap waits %d, sent >1 ms late %d, max send lag %.2f ms", capWaits, sentLate, maxLag / 1e3);
      }
      System.out.println();
    }

    void put(Properties p, String prefix) {
      p.setProperty(prefix + ".ops", Long.toString(ops));
      p.setProperty(prefix + ".seconds", Double.toString(seconds));
      p.setProperty(prefix + ".p50", Long.toString(p50));
      p.setProperty(prefix + ".p99", Long.toString(p99));
      p.setProperty(prefix + ".p999", Long.toString(p999));
      p.setProperty(prefix + ".over5ms", Long.toString(over5ms));
      p.setProperty(prefix + ".max", Long.toString(max));
      p.setProperty(prefix + ".capWaits", Long.toString(capWaits));
      p.setProperty(prefix + ".sentLate", Long.toString(sentLate));
      p.setProperty(prefix + ".maxLag", Long.toString(maxLag));
    }

    static Part get(Properties p, String prefix) {
      return new Part(
          Long.parseLong(p.getProperty(prefix + ".ops")),
          Double.parseDouble(p.getProperty(prefix + ".seconds")),
          Long.parseLong(p.getProperty(prefix + ".p50")),
          Long.parseLong(p.getProperty(prefix + ".p99")),
          Long.parseLong(p.getProperty(prefix + ".p999", "0")),
          Long.parseLong(p.getProperty(prefix + ".over5ms", "0")),
          Long.parseLong(p.getProperty(prefix + ".max")),
          Long.parseLong(p.getProperty(prefix + ".capWaits", "0")),
          Long.parseLong(p.getProperty(prefix + ".sentLate", "0")),
          Long.parseLong(p.getProperty(prefix + ".maxLag", "0")));
    }
  }

  /** How far a fixed-rate half fell behind its schedule; see {@link Part}. */
  record Pacing(long capWaits, long sentLate, long maxLag) {
    static final Pacing NONE = new Pacing(0, 0, 0);
  }

  static List<Phase> run(
      String name,
      String contactPoint,
      String alsoWriteTo,
      int ops,
      int concurrency,
      int warmup,
      double rate,
      int maxInFlight,
      Path results,
      String through)
      throws Exception {
    if (through != null && (rate <= 0 || alsoWriteTo == null)) {
      throw new IllegalArgumentException(
          "--through runs side by side with a client's own dual write: it needs --also-write-to"
              + " and --rate");
    }
    try (CqlSession session = connect(contactPoint);
        CqlSession second = alsoWriteTo == null ? null : connect(alsoWriteTo);
        CqlSession proxied = through == null ? null : connect(through)) {
      PreparedStatement insert = session.prepare("INSERT INTO " + TABLE + " (id, v) VALUES (?, ?)");
      PreparedStatement insert2 =
          second == null ? null : second.prepare("INSERT INTO " + TABLE + " (id, v) VALUES (?, ?)");
      PreparedStatement select = session.prepare("SELECT v FROM " + TABLE + " WHERE id = ?");
      Workload own = new Workload(session, second, insert, insert2, select, maxInFlight);
      if (proxied != null) {
        Workload viaProxy =
            new Workload(
                proxied,
                null,
                proxied.prepare("INSERT INTO " + TABLE + " (id, v) VALUES (?, ?)"),
                null,
                proxied.prepare("SELECT v FROM " + TABLE + " WHERE id = ?"),
                maxInFlight);
        return sideBySide(name, viaProxy, own, ops, warmup, rate, results);
      }
      if (rate > 0) {
        return List.of(paced(name, own, ops, warmup, rate, results));
      }
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
      return List.of(
          new Phase(
              name,
              Part.of(writeLatencies, writeSeconds),
              Part.of(readLatencies, readSeconds),
              load.failures.get(),
              0));
    }
  }

  /**
   * {@link #run} at a fixed offered rate: the same halves, each request on a schedule. Each
   * measured request's latency is also written in send order to {@code NAME-writes.lat} and {@code
   * NAME-reads.lat} in {@code results}, to be laid beside the nodes' and the proxy's logs in time.
   */
  static Phase paced(String name, Workload load, int ops, int warmup, double rate, Path results)
      throws InterruptedException, IOException {
    // Warm-up at the same rate, not counted.
    load.pacedWrites(WARMUP_IDS, warmup / 2, new long[warmup / 2], null, rate);
    load.pacedReads(WARMUP_IDS, warmup / 2, new long[warmup / 2], rate);
    int writes = ops / 2;
    long[] writeLatencies = new long[writes];
    long[] readLatencies = new long[ops - writes];
    long[][] eachNode =
        load.second == null ? null : new long[][] {new long[writes], new long[writes]};
    Workload.Paced w = load.pacedWrites(0, writes, writeLatencies, eachNode, rate);
    Workload.Paced r = load.pacedReads(0, ops - writes, readLatencies, rate);
    if (load.firstFailure.get() != null) {
      System.err.println(name + ": first failure: " + load.firstFailure.get());
    }
    LatencyFile.writeBoth(results, name, rate, w, writeLatencies, eachNode, r, readLatencies);
    return new Phase(
        name,
        Part.of(writeLatencies, w.seconds, w.pacing),
        Part.of(readLatencies, r.seconds, r.pacing),
        load.failures.get(),
        rate);
  }

  /**
   * {@link #paced} with two paths on one schedule: request i through the proxy ({@code viaProxy})
   * when i is even, the client's own dual write or direct read ({@code own}) when it is odd. One
   * sender and one cap on requests in flight serve both, so the pacing figures are the phase's.
   */
  static List<Phase> sideBySide(
      String name, Workload viaProxy, Workload own, int ops, int warmup, double rate, Path results)
      throws InterruptedException, IOException {
    // Warm-up at the same rate, on both paths, not counted.
    Workload.Sender warmupWrites =
        alternating(viaProxy.writer(WARMUP_IDS, null), own.writer(WARMUP_IDS, null));
    own.paced(warmup / 2, new long[warmup / 2], rate, warmupWrites);
    Workload.Sender warmupReads = alternating(viaProxy.reader(WARMUP_IDS), own.reader(WARMUP_IDS));
    own.paced(warmup / 2, new long[warmup / 2], rate, warmupReads);
    int writes = ops / 2;
    long[] writeLatencies = new long[writes];
    long[] readLatencies = new long[ops - writes];
    Workload.Sender writesOnBoth = alternating(viaProxy.writer(0, null), own.writer(0, null));
    Workload.Paced w = own.paced(writes, writeLatencies, rate, writesOnBoth);
    Workload.Sender readsOnBoth = alternating(viaProxy.reader(0), own.reader(0));
    Workload.Paced r = own.paced(ops - writes, readLatencies, rate, readsOnBoth);
    long failures = viaProxy.failures.get() + own.failures.get();
    for (Workload load : List.of(viaProxy, own)) {
      if (load.firstFailure.get() != null) {
        System.err.println(name + ": first failure: " + load.firstFailure.get());
      }
    }
    LatencyFile.writeBoth(results, name, rate, w, writeLatencies, null, r, readLatencies);
    List<Phase> halves = new ArrayList<>();
    String[] paths = {"proxy", "direct-both"};
    for (int half = 0; half < 2; half++) {
      halves.add(
          new Phase(
              name + "-" + paths[half],
              Part.of(everyOther(writeLatencies, half), w.seconds, w.pacing),
              Part.of(everyOther(readLatencies, half), r.seconds, r.pacing),
              failures,
              rate / 2));
    }
    return halves;
  }

  private static Workload.Sender alternating(Workload.Sender even, Workload.Sender odd) {
    return (i, intended) -> (i % 2 == 0 ? even : odd).send(i, intended);
  }

  /** The values at {@code first}, {@code first + 2}, {@code first + 4} ... */
  private static long[] everyOther(long[] values, int first) {
    long[] half = new long[(values.length - first + 1) / 2];
    for (int i = 0; i < half.length; i++) {
      half[i] = values[first + 2 * i];
    }
    return half;
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
        whenAnswered(request, latencies, index, sent);
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

    /**
     * The seconds a fixed-rate half took, from its first intended start to its last answer, and
     * the wall-clock time of its first intended start.
     */
    record Paced(double seconds, Pacing pacing, long startEpochMicros) {}

    /**
     * With a second session and {@code eachNode} not null, {@code eachNode[0][i]} and {@code
     * eachNode[1][i]} get each node's own latency of write i, from the same intended start.
     */
    Paced pacedWrites(long firstId, int count, long[] latencies, long[][] eachNode, double rate)
        throws InterruptedException {
      return paced(count, latencies, rate, writer(firstId, eachNode));
    }

    /** Sends write i: an insert of id {@code firstId + i}, to both sessions when there are two. */
    Sender writer(long firstId, long[][] eachNode) {
      return (i, intended) -> {
        long id = firstId + i;
        String v = value(id);
        CompletableFuture<AsyncResultSet> request =
            session.executeAsync(insert.bind(id, v)).toCompletableFuture();
        if (second == null) {
          return request;
        }
        CompletableFuture<AsyncResultSet> request2 =
            second.executeAsync(insert2.bind(id, v)).toCompletableFuture();
        if (eachNode != null) {
          request.whenComplete((ok, e) -> eachNode[0][i] = (System.nanoTime() - intended) / 1000);
          request2.whenComplete((ok, e) -> eachNode[1][i] = (System.nanoTime() - intended) / 1000);
        }
        return CompletableFuture.allOf(request, request2);
      };
    }

    /** Sends request {@code i}, intended to start at {@code intended} (System.nanoTime). */
    interface Sender {
      CompletionStage<?> send(int i, long intended);
    }

    Paced pacedReads(long firstId, int count, long[] latencies, double rate)
        throws InterruptedException {
      return paced(count, latencies, rate, reader(firstId));
    }

    /** Sends read i: a select of id {@code firstId + i}, whose answer must be that id's row. */
    Sender reader(long firstId) {
      return (i, intended) -> {
        long id = firstId + i;
        return session
            .executeAsync(select.bind(id))
            .thenAccept(
                answer -> {
                  Row row = answer.one();
                  if (row == null || !value(id).equals(row.getString(0))) {
                    fail("row " + id + (row == null ? " missing" : " differs"));
                  }
                });
      };
    }

    /**
     * Sends request i at {@code start + i / rate} (parking the sender until then, or at once when
     * it is behind), at most {@code concurrency} awaiting an answer; each latency is from the
     * intended start to the answer.
     */
    Paced paced(int count, long[] latencies, double rate, Sender send)
        throws InterruptedException {
      double interval = 1e9 / rate;
      long start = System.nanoTime() + 1_000_000;
      long startEpochMicros =
          ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) + 1_000;
      long capWaits = 0;
      long sentLate = 0;
      long maxLag = 0;
      for (int i = 0; i < count; i++) {
        long intended = start + (long) (i * interval);
        long wait;
        while ((wait = intended - System.nanoTime()) > 0) {
          LockSupport.parkNanos(wait);
        }
        if (!inFlight.tryAcquire()) {
          capWaits++;
          inFlight.acquire();
        }
        long lag = System.nanoTime() - intended;
        if (lag > 1_000_000) {
          sentLate++;
        }
        maxLag = Math.max(maxLag, lag);
        int index = i;
        CompletionStage<?> request;
        try {
          request = send.send(i, intended);
        } catch (RuntimeException e) {
          request = CompletableFuture.failedFuture(e);
        }
        whenAnswered(request, latencies, index, intended);
      }
      inFlight.acquire(concurrency);
      inFlight.release(concurrency);
      return new Paced(
          (System.nanoTime() - start) / 1e9,
          new Pacing(capWaits, sentLate, maxLag / 1000),
          startEpochMicros);
    }

    /** Records a request's latency from {@code fromNanos} and its failure, and frees its slot. */
    private void whenAnswered(
        CompletionStage<?> request, long[] latencies, int index, long fromNanos) {
      request.whenComplete(
          (ok, error) -> {
            latencies[index] = (System.nanoTime() - fromNanos) / 1000;
            if (error != null) {
              fail(error);
            }
            inFlight.release();
          });
    }

    private void fail(Object what) {
      failures.incrementAndGet();
      firstFailure.compareAndSet(null, what);
    }
  }

  /** The proxy's figures over those of each phase it is compared with. */
  static void compare(Path dir) throws IOException {
    againstEachBase(
        dir,
        (proxy, other) -> {
          System.out.printf(
              "proxy / %-11s throughput: writes %.2f, reads %.2f, overall %.2f (goal: at least"
                  + " 0.9)%n",
              other.name,
              proxy.writes.rate() / other.writes.rate(),
              proxy.reads.rate() / other.reads.rate(),
              proxy.overall() / other.overall());
          System.out.printf(
              "proxy - %-11s p99:        writes %+.2f ms, reads %+.2f ms (goal: at most +1 ms)%n",
              other.name,
              (proxy.writes.p99 - other.writes.p99) / 1e3,
              (proxy.reads.p99 - other.reads.p99) / 1e3);
        });
  }

  /**
   * The phases of a round whose share of the machine taken by other processes (other work on the
   * machine, as run.sh measured it) was above {@code limit} percent, described; empty when none.
   */
  static List<String> disturbances(Path round, double limit) throws IOException {
    List<String> disturbed = new ArrayList<>();
    try (var files = Files.list(round)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        String fileName = file.getFileName().toString();
        if (!fileName.endsWith(".properties")) {
          continue;
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
          p.load(in);
        }
        double share = Double.parseDouble(p.getProperty("otherCpuShare", "0"));
        if (share > limit) {
          disturbed.add(
              String.format(
                  "other processes took %.1f %% of the machine during %s (limit %.1f %%)",
                  share, fileName.replaceFirst("\\.properties$", ""), limit));
        }
      }
    }
    return disturbed;
  }

  /**
   * The p99 the proxy adds at the fixed rate, against each phase it is compared with, in each
   * round (a folder {@code round-NN} of {@code dir}), then the median over the rounds that count
   * (in none of whose phases other processes took more than {@code otherCpuLimit} percent of the
   * machine) and, when some did not count, over all of them.
   */
  static void compareRate(Path dir, double otherCpuLimit) throws IOException {
    List<Path> rounds = new ArrayList<>();
    try (var folders = Files.list(dir)) {
      folders.filter(Files::isDirectory).sorted().forEach(rounds::add);
    }
    Map<String, List<Double>> added = new TreeMap<>();
    Map<String, List<Double>> addedInAll = new TreeMap<>();
    for (Path round : rounds) {
      String name = round.getFileName().toString();
      List<String> disturbed = disturbances(round, otherCpuLimit);
      if (!disturbed.isEmpty()) {
        System.out.println(name + " does not count: " + String.join("; ", disturbed));
      }
      Map<String, List<Double>> into = disturbed.isEmpty() ? added : new TreeMap<>();
      Phase shadow = saved(round, "proxy-shadow");
      Phase plain = saved(round, "proxy");
      if (shadow != null && plain != null) {
        double reads = (shadow.reads.p99 - plain.reads.p99) / 1e3;
        note(List.of(into, addedInAll), "shadow reads at 100% - proxy, reads", reads);
        System.out.printf(
            "%s: shadow reads at 100%% - proxy p99 at %.0f ops/s: reads %+.2f ms (goal: at most"
                + " +1 ms)%n",
            name, shadow.rate, reads);
      }
      Phase sideProxy = saved(round, "side-by-side-proxy");
      Phase sideOwn = saved(round, "side-by-side-direct-both");
      if (sideProxy != null && sideOwn != null) {
        double writes = (sideProxy.writes.p99 - sideOwn.writes.p99) / 1e3;
        double reads = (sideProxy.reads.p99 - sideOwn.reads.p99) / 1e3;
        note(List.of(into, addedInAll), "side by side, proxy - direct-both, writes", writes);
        note(List.of(into, addedInAll), "side by side, proxy - direct-both, reads", reads);
        System.out.printf(
            "%s: side by side, proxy - direct-both p99 at %.0f + %.0f ops/s: writes %+.2f ms, reads"
                + " %+.2f ms (goal: at most +1 ms)%n",
            name, sideProxy.rate, sideOwn.rate, writes, reads);
      }
      againstEachBase(
          round,
          (proxy, other) -> {
            double writes = (proxy.writes.p99 - other.writes.p99) / 1e3;
            double reads = (proxy.reads.p99 - other.reads.p99) / 1e3;
            note(List.of(into, addedInAll), "proxy - " + other.name + ", writes", writes);
            note(List.of(into, addedInAll), "proxy - " + other.name + ", reads", reads);
            System.out.printf(
                "%s: proxy - %-11s p99 at %.0f ops/s: writes %+.2f ms, reads %+.2f ms (goal: at"
                    + " most +1 ms)%n",
                name, other.name, proxy.rate, writes, reads);
          });
    }
    if (rounds.size() > 1) {
      printMedians(added, "rounds that count");
      if (!added.equals(addedInAll)) {
        printMedians(addedInAll, "rounds, those that do not count included");
      }
    }
  }

  /** The phase saved as {@code NAME.properties} in {@code dir}, or null when there is none. */
  private static Phase saved(Path dir, String name) throws IOException {
    Path file = dir.resolve(name + ".properties");
    return Files.exists(file) ? Phase.load(file, name) : null;
  }

  /** Adds {@code value} to the list of {@code what} in each of {@code into}. */
  private static void note(List<Map<String, List<Double>>> into, String what, double value) {
    for (Map<String, List<Double>> m : into) {
      m.computeIfAbsent(what, k -> new ArrayList<>()).add(value);
    }
  }

  private static void printMedians(Map<String, List<Double>> added, String which) {
    added.forEach(
        (what, values) -> {
          List<Double> sorted = new ArrayList<>(values);
          sorted.sort(null);
          int n = sorted.size();
          double median =
              n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
          System.out.printf(
              "median of %d %s: %s p99 %+.2f ms (goal: at most +1 ms)%n", n, which, what, median);
        });
  }

  /** Hands the proxy's phase and each other phase saved in {@code dir} to {@code print}. */
  private static void againstEachBase(Path dir, java.util.function.BiConsumer<Phase, Phase> print)
      throws IOException {
    Path proxyFile = dir.resolve("proxy.properties");
    if (!Files.exists(proxyFile)) {
      return;
    }
    Phase proxy = Phase.load(proxyFile, "proxy");
    for (String base : new String[] {"direct", "direct-both"}) {
      Path file = dir.resolve(base + ".properties");
      if (Files.exists(file)) {
        print.accept(proxy, Phase.load(file, base));
      }
    }
  }

  /**
   * Half the lowest writes ops/s of the (closed-loop) phases in {@code dir}, rounded down to a
   * thousand, at least 1,000.
   */
  static long defaultRate(Path dir) throws IOException {
    double lowest = Double.MAX_VALUE;
    try (var files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String fileName = file.getFileName().toString();
        if (fileName.endsWith(".properties")) {
          Phase phase = Phase.load(file, fileName.replaceFirst("\\.properties$", ""));
          lowest = Math.min(lowest, phase.writes.rate());
        }
      }
    }
    if (lowest == Double.MAX_VALUE) {
      throw new IllegalStateException("no phase in " + dir);
    }
    return Math.max(1000, (long) (lowest / 2 / 1000) * 1000);
  }

  /**
   * A fixed-rate half's latencies, one request a line in send order (request i was intended to
   * start {@code i / rate} s after the header's start): its latency in microseconds, then each
   * node's own for a client's dual write. The header names the start (microseconds since the
   * epoch), the rate and the client's process id (its GC log is {@code gc-PID.log} with GC_LOGS=1).
   */
  static final class LatencyFile {
    private LatencyFile() {}

    /** A phase's two files, {@code NAME-writes.lat} and {@code NAME-reads.lat}, in {@code dir}. */
    static void writeBoth(
        Path dir,
        String name,
        double rate,
        Workload.Paced writes,
        long[] writeLatencies,
        long[][] eachNode,
        Workload.Paced reads,
        long[] readLatencies)
        throws IOException {
      Files.createDirectories(dir);
      write(dir.resolve(name + "-writes.lat"), writes.startEpochMicros, rate, writeLatencies, eachNode);
      write(dir.resolve(name + "-reads.lat"), reads.startEpochMicros, rate, readLatencies, null);
    }

    static void write(
        Path file, long startEpochMicros, double rate, long[] latencies, long[][] eachNode)
        throws IOException {
      try (Writer out = Files.newBufferedWriter(file)) {
        out.write(
            "# start-epoch-us " + startEpochMicros + " rate " + rate + " pid "
                + ProcessHandle.current().pid() + "\n");
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < latencies.length; i++) {
          line.setLength(0);
          line.append(latencies[i]);
          if (eachNode != null) {
            line.append(' ').append(eachNode[0][i]).append(' ').append(eachNode[1][i]);
          }
          out.write(line.append('\n').toString());
        }
      }
    }
  }
}
