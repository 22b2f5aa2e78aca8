package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code secondary-failure: log}, the secondary's only node stops under client writes: no
 * client write fails, the writes it missed are kept on disk and replayed once it is back, and the
 * two clusters end with the same cells, write times and TTLs. A proxy killed with {@code kill -9}
 * while it holds such writes replays every one of them when it starts again. The secondary is a
 * node of this test's own, since it stops it; the primary is the shared node.
 */
@RealCassandra
class SecondaryOutageIT {

  private static final String TOKEN = "outage-token-51c2";
  private static final Duration OUTAGE = Duration.ofSeconds(15);
  private static final long MAX_WRITES = 50_000;
  private static final long NANOS_PER_WRITE = TimeUnit.MILLISECONDS.toNanos(4);
  private static final int TTL = 86_400;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  static OwnNode ownNode;
  static InetSocketAddress ownPoint;

  @BeforeAll
  static void startOwnNode(OwnNode own) throws Exception {
    ownNode = own;
    ownPoint = own.start(TestNodes.options().build());
  }

  @Test
  void aSecondaryDownForHalfAMinuteFailsNoWriteAndGetsEveryOneOnceBack(TestKeyspace shared)
      throws Exception {
    Path proxyFile = proxyFile(shared);
    String table = shared.name() + ".outage";
    ExecutorService workload = Executors.newSingleThreadExecutor();
    AtomicLong slowestExpiringNanos = new AtomicLong();
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfig.load(proxyFile), dir);
        CqlSession client = DualWriteIT.clientOf(proxy.address(), shared.localDatacenter(), "V5")) {
      client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, v text, t text)");
      PreparedStatement insert = client.prepare("INSERT INTO " + table + " (id, v) VALUES (?, ?)");
      PreparedStatement expiring =
          client.prepare("INSERT INTO " + table + " (id, t) VALUES (?, ?) USING TTL " + TTL);
      PreparedStatement delete = client.prepare("DELETE FROM " + table + " WHERE id = ?");
      PreparedStatement select = client.prepare("SELECT * FROM " + table + " WHERE id = ?");
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong written = new AtomicLong();
      ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
      Future<?> writes =
          workload.submit(
              () -> {
                long next = System.nanoTime();
                for (int n = 0; n < MAX_WRITES && !stop.get(); n++) {
                  // An application's steady pace, so that the writes span the whole outage.
                  next += NANOS_PER_WRITE;
                  LockSupport.parkNanos(next - System.nanoTime());
                  try {
                    switch (n % 10) {
                      case 3 -> {
                        long sent = System.nanoTime();
                        client.execute(expiring.bind(n, "expires " + n));
                        slowestExpiringNanos.accumulateAndGet(System.nanoTime() - sent, Math::max);
                      }
                      case 5 ->
                          client.execute(
                              "INSERT INTO " + table + " (id, v) VALUES (" + n + ", 'simple')");
                      case 7 -> client.execute(delete.bind(n - 6));
                      case 8 -> client.execute(select.bind(n - 8));
                      case 9 ->
                          client.execute(
                              BatchStatement.newInstance(
                                  DefaultBatchType.LOGGED,
                                  insert.bind(n, "batched " + n),
                                  insert.bind(-n, "batched " + n)));
                      default -> client.execute(insert.bind(n, "value " + n));
                    }
                  } catch (RuntimeException e) {
                    failures.add(n + ": " + e.getMessage());
                  }
                  written.incrementAndGet();
                }
              });
      awaitMore(written, 100);

      ownNode.stop();
      long stoppedAt = System.nanoTime();
      long before = written.get();
      Await.until(
          "the workload to write through 15 s of the secondary's outage",
          Duration.ofMinutes(3),
          () ->
              System.nanoTime() - stoppedAt >= OUTAGE.toNanos() && written.get() > before + 100
                  || writes.isDone());
      assertThat(proxy.replayBacklog()).as("writes kept while the secondary is down").isPositive();

      ownNode.restart();
      Await.until(
          "the replay to catch up with the live writes",
          Duration.ofMinutes(3),
          () -> proxy.replayBacklog() == 0 || writes.isDone());
      stop.set(true);
      writes.get(1, TimeUnit.MINUTES);
      Await.until(
          "the replay log to drain", Duration.ofMinutes(2), () -> proxy.replayBacklog() == 0);

      assertThat(failures).as("client writes that failed").isEmpty();
      String metrics = proxy.metrics();
      assertThat(counter(metrics, "sluice_proxy_missed_writes_total", "logged"))
          .as(metrics)
          .isPositive();
      assertThat(counter(metrics, "sluice_proxy_replayed_writes_total", "ok")).isPositive();
      assertThat(counter(metrics, "sluice_proxy_replayed_writes_total", "refused")).isZero();
      // The dashboard in docs/ charts names the proxy exports.
      Matcher charted =
          Pattern.compile("(sluice_proxy_[a-z_]+?)(?:_bucket|_count)?[{\\[(\"]")
              .matcher(Files.readString(Path.of("../docs/grafana-dashboard.json")));
      int names = 0;
      while (charted.find()) {
        assertThat(metrics).as("charted metric %s", charted.group(1)).contains(charted.group(1));
        names++;
      }
      assertThat(names).isGreaterThan(4);
    } finally {
      workload.shutdownNow();
    }
    assertSameCells(shared, table, Duration.ofNanos(slowestExpiringNanos.get()));
  }

  @Test
  void aProxyKilledWhileItHoldsWritesReplaysEveryOneWhenStartedAgain(TestKeyspace shared)
      throws Exception {
    Path proxyFile = proxyFile(shared);
    String table = shared.name() + ".killed";
    int held = 200;
    Process process = startProcess(proxyFile);
    try {
      int[] ports = awaitListening(process);
      try (CqlSession client =
          DualWriteIT.clientOf(
              new InetSocketAddress("127.0.0.1", ports[0]), shared.localDatacenter(), "V5")) {
        client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, v text)");
        PreparedStatement insert =
            client.prepare("INSERT INTO " + table + " (id, v) VALUES (?, ?)");
        for (int id = 0; id < 20; id++) {
          client.execute(insert.bind(id, "both up"));
        }
        ownNode.stop();
        for (int id = 100; id < 100 + held; id++) {
          client.execute(insert.bind(id, "kept for the secondary"));
        }
        client.execute("UPDATE " + table + " SET v = 'changed while down' WHERE id = 0");
      }
      JsonNode status = status(ports[1]);
      assertThat(status.path("replay-log").path("backlog-writes").asLong())
          .as(status.toString())
          .isEqualTo(held + 1);
      Await.until(
          "the status to show the secondary's node down",
          Duration.ofMinutes(1),
          () -> status(ports[1]).path("clusters").path("secondary").path("nodes-up").asInt() == 0);
    } finally {
      process.destroyForcibly();
      assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
    }

    // Started again while the secondary is still down: the writes are found on disk.
    try (SluiceProxy again = SluiceProxy.start(ProxyConfig.load(proxyFile), dir)) {
      assertThat(again.replayBacklog()).isEqualTo(held + 1);
      JsonNode status = status(again.adminAddress().getPort());
      assertThat(status.path("replay-log").path("backlog-writes").asLong()).isEqualTo(held + 1);
      ownNode.restart();
      Await.until(
          "the replay log to drain", Duration.ofMinutes(3), () -> again.replayBacklog() == 0);
      assertThat(counter(again.metrics(), "sluice_proxy_replayed_writes_total", "ok"))
          .isGreaterThanOrEqualTo(held + 1);
    }
    assertSameCells(shared, table, null);
    try (CqlSession own = TestSessions.connect(ownPoint, "datacenter1")) {
      assertThat(own.execute("SELECT v FROM " + table + " WHERE id = 0").one().getString(0))
          .isEqualTo("changed while down");
      assertThat(own.execute("SELECT count(*) FROM " + table).one().getLong(0))
          .isEqualTo(20 + held);
    }
  }

  /**
   * The secondary's node hangs (stopped with SIGSTOP, as a node in a long pause or behind a broken
   * network does) while it is sent a counter update, then again while it is sent a schema change:
   * the proxy stops waiting for each, keeps it, and cannot know whether the node applied it. The
   * counter update is not replayed (a second application would add twice) but written down with its
   * key and delta; the schema change, which the node makes once it runs again, is replayed and
   * counted as replayed, not refused; the writes after it reach the new table.
   */
  @Test
  void aHangingSecondaryGetsItsSchemaChangeOnceAndItsCounterUpdateNeverTwice(TestKeyspace shared)
      throws Exception {
    Path proxyFile =
        proxyFile(
            shared,
            "request-timeout: 3s\n"
                + "replay-log:\n"
                + "  timeout: 1s\n"
                + "  schema-timeout: 2s\n");
    String hits = shared.name() + ".hits";
    String later = shared.name() + ".later";
    long pid = ownNode.pid();
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfig.load(proxyFile), dir);
        CqlSession client = DualWriteIT.clientOf(proxy.address(), shared.localDatacenter(), "V5")) {
      client.execute("CREATE TABLE " + hits + " (page text PRIMARY KEY, n counter)");
      client.execute("UPDATE " + hits + " SET n = n + 1 WHERE page = 'about'");

      signal("STOP", pid);
      try {
        client.execute("UPDATE " + hits + " SET n = n + 5 WHERE page = 'home'");
        Await.until(
            "the counter update to be written down as uncertain",
            Duration.ofMinutes(2),
            () -> counter(proxy.metrics(), "sluice_proxy_replayed_writes_total", "uncertain") > 0);
      } finally {
        signal("CONT", pid);
      }
      Await.until(
          "the replay log to drain", Duration.ofMinutes(2), () -> proxy.replayBacklog() == 0);

      long givenUp = noAnswers(proxy.metrics());
      signal("STOP", pid);
      try {
        client.execute("CREATE TABLE " + later + " (id int PRIMARY KEY, v text)");
        Await.until(
            "the proxy to give up waiting for the schema change",
            Duration.ofMinutes(2),
            () -> noAnswers(proxy.metrics()) > givenUp);
      } finally {
        signal("CONT", pid);
      }
      PreparedStatement insert = client.prepare("INSERT INTO " + later + " (id, v) VALUES (?, ?)");
      for (int id = 0; id < 20; id++) {
        client.execute(insert.bind(id, "after the hang"));
      }
      Await.until(
          "the replay log to drain", Duration.ofMinutes(3), () -> proxy.replayBacklog() == 0);

      String metrics = proxy.metrics();
      assertThat(counter(metrics, "sluice_proxy_replayed_writes_total", "refused"))
          .as(metrics)
          .isZero();
      assertThat(counter(metrics, "sluice_proxy_replayed_writes_total", "uncertain"))
          .as(metrics)
          .isEqualTo(1);
      JsonNode replay = status(proxy.adminAddress().getPort()).path("replay-log");
      assertThat(replay.path("uncertain").asLong()).as(replay.toString()).isEqualTo(1);
      String uncertain = replay.path("uncertain-writes").path(0).path("write").asText();
      assertThat(uncertain).contains("n = n + 5").contains("page = 'home'");
      assertThat(Files.readString(Path.of(replay.path("uncertain-file").asText())))
          .contains("n = n + 5");
    }
    assertSameCells(shared, later, null);
    try (CqlSession own = TestSessions.connect(ownPoint, "datacenter1");
        CqlSession primary =
            TestSessions.connect(shared.contactPoint(), shared.localDatacenter())) {
      String home = "SELECT n FROM " + hits + " WHERE page = 'home'";
      assertThat(primary.execute(home).one().getLong(0)).isEqualTo(5);
      Row onSecondary = own.execute(home).one();
      // Applied by the node once it ran again, or not at all: never twice.
      assertThat(onSecondary == null ? null : onSecondary.getLong(0)).isIn(null, 5L);
      assertThat(own.execute("SELECT n FROM " + hits + " WHERE page = 'about'").one().getLong(0))
          .isEqualTo(1);
    }
  }

  private static void signal(String signal, long pid) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
    assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).as("kill -%s %d", signal, pid).isZero();
  }

  /** Requests to a cluster that the proxy stopped waiting for. */
  private static long noAnswers(String metrics) {
    return counter(metrics, "sluice_cluster_requests_seconds_count", "no_answer");
  }

  private Path proxyFile(TestKeyspace shared) throws Exception {
    return proxyFile(shared, "request-timeout: 5s\n");
  }

  private Path proxyFile(TestKeyspace shared, String settings) throws Exception {
    try (CqlSession own = TestSessions.connect(ownPoint, "datacenter1")) {
      own.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + shared.name()
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
    Files.writeString(dir.resolve("admin.token"), TOKEN + "\n");
    Path file = dir.resolve("proxy.yaml");
    Files.writeString(
        file,
        "listen: 127.0.0.1:0\n"
            + "primary:\n"
            + "  contact-points: ["
            + shared.hostAndPort()
            + "]\n"
            + "  local-datacenter: "
            + shared.localDatacenter()
            + "\n"
            + "secondary:\n"
            + "  contact-points: [127.0.0.1:"
            + ownPoint.getPort()
            + "]\n"
            + settings
            + "secondary-failure: log\n"
            + "shadow-reads:\n"
            + "  percent: 100\n"
            + "admin:\n"
            + "  listen: 127.0.0.1:0\n"
            + "  token-file: admin.token\n");
    return file;
  }

  private static Process startProcess(Path proxyFile) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ProxyProcess.class.getName(),
            proxyFile.toString())
        .redirectErrorStream(true)
        .start();
  }

  /** The proxy process's client and admin ports, once it says it listens; its output is echoed. */
  private static int[] awaitListening(Process process) throws Exception {
    CompletableFuture<int[]> ports = new CompletableFuture<>();
    Thread echo =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                  System.out.println("[proxy process] " + line);
                  if (line.startsWith("LISTENING ")) {
                    String[] words = line.split(" ");
                    ports.complete(
                        new int[] {Integer.parseInt(words[1]), Integer.parseInt(words[2])});
                  }
                }
              } catch (IOException e) {
                ports.completeExceptionally(e);
              }
              ports.completeExceptionally(new IllegalStateException("the proxy process ended"));
            },
            "proxy-process-output");
    echo.setDaemon(true);
    echo.start();
    return ports.get(3, TimeUnit.MINUTES);
  }

  private static JsonNode status(int adminPort) {
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/status"))
                      .header("Authorization", "Bearer " + TOKEN)
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * The clusters hold the same rows, cells and write times, and, when {@code slowestExpiringWrite}
   * is given, {@code t}'s TTLs as well. Each cluster counts a TTL from when the write reached it (a
   * replayed write from when the client made it, to the second below), so the two differ by at most
   * the slowest expiring write the client saw and the replay clock's second: never by the outage,
   * unless a write took as long.
   */
  private static void assertSameCells(
      TestKeyspace shared, String table, Duration slowestExpiringWrite) {
    try (CqlSession own = TestSessions.connect(ownPoint, "datacenter1");
        CqlSession primary =
            TestSessions.connect(shared.contactPoint(), shared.localDatacenter())) {
      boolean expiring = slowestExpiringWrite != null;
      String columns = expiring ? "id, v, WRITETIME(v), t, WRITETIME(t)" : "id, v, WRITETIME(v)";
      Map<Integer, String> onPrimary = cells(primary, table, columns);
      Map<Integer, String> onSecondary = cells(own, table, columns);
      assertThat(onPrimary).isNotEmpty();
      assertThat(onSecondary).isEqualTo(onPrimary);
      if (!expiring) {
        return;
      }
      // The primary's TTLs read before and after the secondary's, so the time between the reads
      // does not count.
      Map<Integer, Integer> primaryBefore = ttls(primary, table);
      Map<Integer, Integer> onSecondaryTtl = ttls(own, table);
      Map<Integer, Integer> primaryAfter = ttls(primary, table);
      assertThat(primaryBefore).isNotEmpty();
      assertThat(onSecondaryTtl.keySet()).isEqualTo(primaryBefore.keySet());
      long slack = slowestExpiringWrite.toSeconds() + 3;
      for (Map.Entry<Integer, Integer> ttl : primaryBefore.entrySet()) {
        // The replayed write expires when the client's did, not later by the outage.
        assertThat(onSecondaryTtl.get(ttl.getKey()))
            .as(
                "TTL of row %d (the slowest expiring write took %s)",
                ttl.getKey(), slowestExpiringWrite)
            .isBetween(
                (int) (primaryAfter.get(ttl.getKey()) - slack), (int) (ttl.getValue() + slack));
      }
    }
  }

  private static Map<Integer, String> cells(CqlSession session, String table, String columns) {
    Map<Integer, String> cells = new TreeMap<>();
    List<Row> rows = session.execute("SELECT " + columns + " FROM " + table).all();
    for (Row row : rows) {
      StringBuilder cell = new StringBuilder();
      for (int i = 1; i < row.getColumnDefinitions().size(); i++) {
        cell.append(row.getObject(i)).append('|');
      }
      cells.put(row.getInt(0), cell.toString());
    }
    return cells;
  }

  private static Map<Integer, Integer> ttls(CqlSession session, String table) {
    Map<Integer, Integer> ttls = new TreeMap<>();
    for (Row row : session.execute("SELECT id, TTL(t) FROM " + table).all()) {
      if (!row.isNull(1)) {
        ttls.put(row.getInt(0), row.getInt(1));
      }
    }
    return ttls;
  }

  private static long counter(String metrics, String name, String label) {
    long sum = 0;
    for (String line : metrics.split("\n")) {
      if (line.startsWith(name + "{") && line.contains("\"" + label + "\"")) {
        sum += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }

  private static void awaitMore(AtomicLong count, long more) {
    long from = count.get();
    Await.until(
        "the workload to make progress", Duration.ofMinutes(2), () -> count.get() >= from + more);
  }
}
