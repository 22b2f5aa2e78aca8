package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import io.sluice.node.StartResult;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The target goes away in the middle of a load. Within {@code flow.outage-patience} writes wait for
 * it and the job completes once it is back; past the patience the run stops with its progress
 * saved, and running it again completes the job. Runs its own node, since it stops it.
 */
class NodeOutageIT {

  private static final int DOCUMENTS = 100_000;

  @TempDir static Path dir;

  static LocalNode node;
  static InetSocketAddress contactPoint;

  @BeforeAll
  static void startOwnNode() throws Exception {
    Path workDir = Path.of(System.getProperty("sluice.it.work-dir", "target/it-work"));
    Files.createDirectories(workDir);
    node = new LocalNode(Files.createTempDirectory(workDir, "outage-node-"));
    StartResult started = node.start(NodeOptions.builder().pickFreePorts(true).build());
    contactPoint = started.status().contactPoint().orElseThrow();
    try (CqlSession session = session()) {
      session.execute(
          "CREATE KEYSPACE outage WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE outage.people (id text PRIMARY KEY, n int)");
      session.execute("CREATE TABLE outage.impatient (id text PRIMARY KEY, n int)");
    }
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        writer.write(new Document("_id", "p" + i).append("n", i));
      }
    }
  }

  @AfterAll
  static void stopOwnNode() {
    if (node != null) {
      node.stop();
    }
  }

  private static CqlSession session() {
    return CqlSession.builder()
        .addContactPoint(contactPoint)
        .withLocalDatacenter("datacenter1")
        .build();
  }

  private static Path job(String name, String flow) throws IOException {
    TestKeyspace keyspace = new TestKeyspace(List.of(contactPoint), "datacenter1", "outage");
    return JobFile.write(
        dir,
        name,
        keyspace,
        name.equals("outage") ? "people" : name,
        "  - type: bson\n    path: people.bson\n    options: {split-size: 128KiB}\n",
        "mapping:\n  columns:\n    id: _id\n    n: n\nflow: " + flow + "\nmax-errors: 0\n");
  }

  /** Counts by paging through the keys: a count(*) of the whole table can time out on the node. */
  private static long rowsIn(String table) {
    try (CqlSession session = session()) {
      long rows = 0;
      for (var ignored :
          session.execute(
              SimpleStatement.newInstance("SELECT id FROM outage." + table)
                  .setPageSize(5_000)
                  .setTimeout(Duration.ofSeconds(60)))) {
        rows++;
      }
      return rows;
    }
  }

  @Test
  void should_wait_for_the_target_and_complete_when_it_returns() throws Exception {
    Path job = job("outage", "{ outage-patience: 3m }");

    CompletableFuture<CliRun> migration =
        CompletableFuture.supplyAsync(() -> CliRun.of("migrate", job.toString()));
    Thread.sleep(4_000);
    assertThat(migration).as("the load should still be running").isNotDone();
    node.stop();
    Thread.sleep(20_000);
    node.start(NodeOptions.defaults());
    CliRun run = migration.get(4, TimeUnit.MINUTES);

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-outage"));
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("retries").asLong()).isPositive();
    assertThat(rowsIn("people")).isEqualTo(DOCUMENTS);
  }

  @Test
  void should_stop_with_progress_saved_when_the_target_stays_away_past_the_patience()
      throws Exception {
    Path job = job("impatient", "{ outage-patience: 5s, rows-per-second: 5000 }");

    CompletableFuture<CliRun> migration =
        CompletableFuture.supplyAsync(() -> CliRun.of("migrate", job.toString()));
    Thread.sleep(4_000);
    assertThat(migration).as("the load should still be running").isNotDone();
    node.stop();
    CliRun stopped;
    try {
      stopped = migration.get(2, TimeUnit.MINUTES);
    } finally {
      node.start(NodeOptions.defaults());
    }

    assertThat(stopped.exitCode()).as(stopped.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(stopped.toString())
        .contains("flow.outage-patience (5 s)")
        .contains("Progress is saved");
    long savedRows = CliRun.report(dir.resolve("state-impatient")).get("rows-written").asLong();
    assertThat(savedRows).isPositive().isLessThan(DOCUMENTS);

    CliRun resumed = CliRun.of("migrate", job.toString());

    assertThat(resumed.exitCode()).as(resumed.toString()).isEqualTo(ExitCodes.OK);
    assertThat(resumed.out()).contains("Resuming");
    JsonNode counts = CliRun.report(dir.resolve("state-impatient"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(rowsIn("impatient")).isEqualTo(DOCUMENTS);
  }
}
