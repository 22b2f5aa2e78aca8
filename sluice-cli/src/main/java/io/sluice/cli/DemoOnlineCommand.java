package io.sluice.cli;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.cli.demo.OnlineShop;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.flags.ExitCodes;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import io.sluice.node.StartResult;
import io.sluice.proxy.ProxyConfig;
import io.sluice.proxy.SluiceProxy;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sluice demo online}: the online half of a migration, end to end, on two local clusters.
 * The old one holds a shop's order history; an application writes and reads through {@code sluice
 * proxy} (dual writes, every read shadowed on the new cluster); {@code sluice migrate} copies the
 * history from the old table while the application runs; {@code sluice validate} compares; the
 * proxy switches reads to the new cluster without a restart. Everything it started is stopped at
 * the end.
 */
@Command(
    name = "online",
    description =
        "Start two local clusters (old and new), run a small application through sluice proxy,"
            + " backfill and validate the old table into the new one while it runs, switch reads to"
            + " the new cluster, show the shadow reads agree, and stop everything.")
final class DemoOnlineCommand implements java.util.concurrent.Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TABLE = "shop.orders";

  @Option(
      names = "--orders",
      defaultValue = "20000",
      description = "Orders in the old cluster's history (default ${DEFAULT-VALUE}).")
  int orders;

  @Option(
      names = "--seconds",
      defaultValue = "10",
      description =
          "How long the application runs in each step watched on its own (default"
              + " ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--rate",
      defaultValue = "200",
      description = "The application's operations a second (default ${DEFAULT-VALUE}).")
  int rate;

  @Spec CommandSpec spec;

  private PrintWriter out;

  @Override
  public Integer call() throws Exception {
    out = spec.commandLine().getOut();
    Path dir = SluiceHome.dir().resolve("demo-online");
    Files.createDirectories(dir);
    LocalNode oldNode = new LocalNode(dir.resolve("old-cluster"));
    LocalNode newNode = new LocalNode(dir.resolve("new-cluster"));
    // Ctrl-C stops the nodes too: the demo leaves nothing running.
    Thread stopNodes = new Thread(() -> stopBoth(oldNode, newNode), "demo-online-stop");
    Runtime.getRuntime().addShutdownHook(stopNodes);
    try {
      step("Starting the old and the new cluster (a local Apache Cassandra node each) in " + dir);
      CompletableFuture<StartResult> oldStart = CompletableFuture.supplyAsync(() -> start(oldNode));
      CompletableFuture<StartResult> newStart = CompletableFuture.supplyAsync(() -> start(newNode));
      CompletableFuture.allOf(oldStart, newStart).handle((done, failed) -> done).join();
      String oldCluster = started(oldStart, "old");
      String newCluster = started(newStart, "new");
      createTables(oldCluster, newCluster);
      writeHistory(oldCluster);
      Path proxyFile = writeProxyFile(dir, oldCluster, newCluster);
      return online(proxyFile, writeBackfillJob(dir, oldCluster, newCluster));
    } finally {
      step("Stopping both clusters");
      try {
        Runtime.getRuntime().removeShutdownHook(stopNodes);
      } catch (IllegalStateException e) {
        // The JVM is stopping: the hook stops the nodes as well.
      }
      stopBoth(oldNode, newNode);
      out.println("  Stopped. Their data stays in " + dir + "; delete it to start afresh.");
      out.flush();
    }
  }

  /** The steps that run while the application writes and reads through the proxy. */
  private int online(Path proxyFile, Path backfillJob) throws Exception {
    step("Starting sluice proxy " + proxyFile);
    ProxyConfig config = ProxyConfig.load(proxyFile);
    try (SluiceProxy proxy = SluiceProxy.start(config, proxyFile.getParent());
        CqlSession client =
            CqlSession.builder()
                .addContactPoint(proxy.address())
                .withLocalDatacenter("datacenter1")
                .withConfigLoader(demoSessions())
                .build()) {
      out.printf(
          "  Listening on 127.0.0.1:%d: reads from the old cluster, writes to both, every read of"
              + " %s also compared on the new cluster.%n",
          proxy.address().getPort(), TABLE);
      ProxyAdminClient admin = ProxyAdminClient.of(proxyFile, out);
      OnlineShop shop = new OnlineShop(client, orders, rate);
      step("The application starts: it places orders, changes them and looks them up");
      shop.start();
      JsonNode before = watch(admin, shop);
      out.printf(
          "  Shadow reads while the new cluster lacks the history: %s%n",
          Shadowed.between(null, before));

      step("Backfill: sluice migrate " + backfillJob + ", while the application runs");
      JobSpec job = JobFiles.load(backfillJob);
      RunReport copied = MigrateCommand.run(job, true, null, false, out);
      step("Validate: sluice validate " + backfillJob);
      RunReport validated =
          ValidateCommand.run(
              job,
              new ValidationSpec(100, false, ValidationSpec.RepairTimestamp.SOURCE, false, false),
              true,
              null,
              out);
      step("The application goes on, its reads compared on the backfilled new cluster");
      JsonNode validatedAt = status(admin);
      JsonNode backfilled = watch(admin, shop);
      Shadowed afterBackfill = Shadowed.between(validatedAt, backfilled);
      out.printf("  Shadow reads: %s%n", afterBackfill);

      step("Cutover: sluice proxy switch --primary secondary " + proxyFile);
      HttpResponse<String> switched = admin.send("POST", "/serve-reads?cluster=secondary");
      out.println(
          switched != null && switched.statusCode() == 200
              ? "  Reads now come from the new cluster; writes still go to both."
              : "  The switch was refused: "
                  + (switched == null ? "no answer" : ProxyStatusText.errorOf(switched)));
      JsonNode cutOver = watch(admin, shop);
      Shadowed afterSwitch = Shadowed.between(backfilled, cutOver);
      out.printf("  Shadow reads, the new cluster's answers against the old's: %s%n", afterSwitch);
      shop.close();

      step("sluice proxy status " + proxyFile);
      out.print(indented(ProxyStatusText.of(status(admin).toString())));
      out.println(
          "  (Its shadow reads count from the proxy's start, the reads before the backfill"
              + " included; each step's are above.)");
      boolean agree = afterBackfill.agree() && afterSwitch.agree();
      boolean ok =
          shop.failures() == 0
              && copied.outcome() == Outcome.COMPLETED
              && validated.outcome() == Outcome.COMPLETED
              && switched != null
              && switched.statusCode() == 200
              && agree;
      step("What happened");
      out.printf(
          "  The application: %,d operations, %,d failed%s%n",
          shop.operations(),
          shop.failures(),
          shop.failures() == 0 ? "" : " (last: " + shop.lastFailure() + ")");
      out.printf("  Backfill: %s; validation: %s%n", copied.outcome(), validated.outcome());
      out.printf("  Shadow reads after the backfill: %s%n", afterBackfill);
      out.printf("  Shadow reads after the switch (new against old): %s%n", afterSwitch);
      out.println(
          ok
              ? "  The new cluster serves the application, holding every order the old one has."
              : "  Something above did not go as it should: see the lines before.");
      out.flush();
      return ok ? ExitCodes.OK : ExitCodes.COMPLETED_WITH_ERRORS;
    }
  }

  private static StartResult start(LocalNode node) {
    return node.start(NodeOptions.builder().pickFreePorts(true).build());
  }

  /** Where a node that has started listens, said and returned; a failed start's error. */
  private String started(CompletableFuture<StartResult> start, String name) {
    StartResult started;
    try {
      started = start.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
    String contactPoint = "127.0.0.1:" + started.status().contactPoint().orElseThrow().getPort();
    out.printf(
        "  The %s cluster: Cassandra %s %s on %s%n",
        name,
        started.releaseVersion(),
        started.alreadyRunning() ? "already running" : "started",
        contactPoint);
    return contactPoint;
  }

  /** Stops both nodes at the same time: each stop is mostly Cassandra flushing and closing. */
  private static void stopBoth(LocalNode oldNode, LocalNode newNode) {
    CompletableFuture<?> oldStop = CompletableFuture.runAsync(oldNode::stop);
    newNode.stop();
    oldStop.join();
  }

  private void createTables(String oldCluster, String newCluster) {
    for (String cluster : new String[] {oldCluster, newCluster}) {
      try (CqlSession session = connect(cluster)) {
        session.execute(
            "CREATE KEYSPACE IF NOT EXISTS shop WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1}");
        session.execute(
            SimpleStatement.newInstance(
                    "CREATE TABLE IF NOT EXISTS shop.orders (id int PRIMARY KEY, customer text,"
                        + " status text, total decimal, placed_at timestamp)")
                .setTimeout(Duration.ofSeconds(60)));
        // A demo run before this one left its orders; a new table has none to clear.
        if (session.execute("SELECT id FROM shop.orders LIMIT 1").one() != null) {
          session.execute(
              SimpleStatement.newInstance("TRUNCATE shop.orders")
                  .setTimeout(Duration.ofSeconds(60)));
        }
      }
    }
    out.println("  Table " + TABLE + " on both, empty.");
  }

  /** The old cluster's history: orders written a year back, straight to the old cluster. */
  private void writeHistory(String oldCluster) throws InterruptedException {
    step(String.format("Writing %,d orders of history to the old cluster", orders));
    Instant yearAgo = Instant.now().minus(365, ChronoUnit.DAYS);
    try (CqlSession session = connect(oldCluster)) {
      PreparedStatement insert =
          session.prepare(
              "INSERT INTO shop.orders (id, customer, status, total, placed_at) VALUES (?, ?,"
                  + " 'delivered', ?, ?) USING TIMESTAMP ?");
      Semaphore inFlight = new Semaphore(64);
      AtomicReference<Throwable> failed = new AtomicReference<>();
      for (int id = 0; id < orders; id++) {
        inFlight.acquire();
        Instant placed = yearAgo.plusSeconds(id * 60L);
        CompletionStage<AsyncResultSet> written =
            session.executeAsync(
                insert.bind(
                    id,
                    "customer-" + (id % 5_000),
                    BigDecimal.valueOf(1_000 + id % 90_000, 2),
                    placed,
                    TimeUnit.MILLISECONDS.toMicros(placed.toEpochMilli())));
        written.whenComplete(
            (done, error) -> {
              if (error != null) {
                failed.compareAndSet(null, error);
              }
              inFlight.release();
            });
      }
      inFlight.acquire(64);
      if (failed.get() != null) {
        throw new IllegalStateException(
            "The old cluster refused an order of the history: " + failed.get().getMessage());
      }
    }
    out.println("  Done.");
  }

  private Path writeProxyFile(Path dir, String oldCluster, String newCluster) throws IOException {
    Path token = dir.resolve("admin.token");
    Files.deleteIfExists(token);
    Files.createFile(
        token, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    byte[] secret = new byte[16];
    new SecureRandom().nextBytes(secret);
    Files.writeString(token, HexFormat.of().formatHex(secret) + "\n");
    Path file = dir.resolve("proxy.yaml");
    Files.writeString(
        file,
        "# The online demo's proxy: the application connects here.\n"
            + "listen: 127.0.0.1:0\n"
            + "primary:                  # the old cluster: serves reads until the switch\n"
            + "  contact-points: ["
            + oldCluster
            + "]\n"
            + "secondary:                # the new cluster: gets every write too\n"
            + "  contact-points: ["
            + newCluster
            + "]\n"
            + "secondary-failure: log    # a new cluster that is down fails no application write\n"
            + "shadow-reads:\n"
            + "  tables:\n"
            + "    "
            + TABLE
            + ": 100\n"
            + "admin:                    # for sluice proxy switch and sluice proxy status\n"
            + "  listen: 127.0.0.1:"
            + freePort()
            + "\n"
            + "  token-file: admin.token\n"
            + "state-dir: proxy-state\n");
    return file;
  }

  private static Path writeBackfillJob(Path dir, String oldCluster, String newCluster)
      throws IOException {
    Path file = dir.resolve("backfill.yaml");
    Files.writeString(
        file,
        "# The online demo's backfill: the old cluster's table, cell by cell with its write"
            + " times, into the new one.\n"
            + "name: demo-online-backfill\n"
            + "sources:\n"
            + "  - name: old-orders\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + "      contact-points: ["
            + oldCluster
            + "]\n"
            + "      keyspace: shop\n"
            + "      table: orders\n"
            + "target:\n"
            + "  contact-points: ["
            + newCluster
            + "]\n"
            + "  keyspace: shop\n"
            + "  table: orders\n"
            + "mapping:\n"
            + "  columns: { id: id, customer: customer, status: status, total: total,"
            + " placed_at: placed_at }\n"
            + "state-dir: backfill-state\n"
            + "max-errors: 0\n");
    return file;
  }

  /** Lets the application run for {@code seconds}, then says what it did; the status after. */
  private JsonNode watch(ProxyAdminClient admin, OnlineShop shop) throws Exception {
    long from = shop.operations();
    long failedBefore = shop.failures();
    Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
    out.printf(
        "  The application did %,d operations in %d s, %,d failed.%n",
        shop.operations() - from, seconds, shop.failures() - failedBefore);
    out.flush();
    return status(admin);
  }

  private static JsonNode status(ProxyAdminClient admin) throws Exception {
    HttpResponse<String> response = admin.send("GET", "/status");
    if (response == null || response.statusCode() != 200) {
      throw new IllegalStateException("The proxy's admin endpoint did not answer its status.");
    }
    return JSON.readTree(response.body());
  }

  /** The rows shadow reads compared between two status answers, and how many differed. */
  private record Shadowed(long rows, long different) {

    static Shadowed between(JsonNode from, JsonNode to) {
      JsonNode now = to.path("shadow-reads").path(TABLE);
      JsonNode before = from == null ? null : from.path("shadow-reads").path(TABLE);
      long rows = now.path("rows").asLong() - (before == null ? 0 : before.path("rows").asLong());
      long equal =
          now.path("equal").asLong() - (before == null ? 0 : before.path("equal").asLong());
      return new Shadowed(rows, rows - equal);
    }

    /** Rows were compared, and none differed. */
    boolean agree() {
      return rows > 0 && different == 0;
    }

    @Override
    public String toString() {
      return String.format(
          "%,d of %,d rows compared differ (%.1f%%)",
          different, rows, rows == 0 ? 0 : 100.0 * different / rows);
    }
  }

  private static CqlSession connect(String contactPoint) {
    int colon = contactPoint.lastIndexOf(':');
    return CqlSession.builder()
        .addContactPoint(
            new InetSocketAddress(
                contactPoint.substring(0, colon),
                Integer.parseInt(contactPoint.substring(colon + 1))))
        .withLocalDatacenter("datacenter1")
        .withConfigLoader(demoSessions())
        .build();
  }

  /**
   * The driver's defaults, but a closed session does not linger for its threads' 2 s quiet period
   * (the demo opens and closes several, one after the other), and requests wait as long as two
   * nodes just started on a busy laptop take to create a keyspace, not the driver's 2 s.
   */
  private static DriverConfigLoader demoSessions() {
    return DriverConfigLoader.programmaticBuilder()
        .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
        .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10))
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .build();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static String indented(String text) {
    return "  " + text.replace("\n", "\n  ").stripTrailing() + "\n";
  }

  private void step(String what) {
    out.println();
    out.println("== " + what);
    out.flush();
  }
}
