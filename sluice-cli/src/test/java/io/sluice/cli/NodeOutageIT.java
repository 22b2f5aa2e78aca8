package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The target goes away in the middle of a load. Within {@code flow.outage-patience} writes wait for
 * it and the job completes once it is back; past the patience the run stops with its progress
 * saved, and running it again completes the job. Runs its own node, since it stops it.
 */
@RealCassandra
class NodeOutageIT {

  private static final int DOCUMENTS = 30_000;

  @TempDir static Path dir;

  static OwnNode node;
  static InetSocketAddress contactPoint;

  @BeforeAll
  static void startOwnNode(OwnNode own) throws Exception {
    node = own;
    contactPoint = own.start(TestNodes.options().build());
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

  private static CqlSession session() {
    return TestSessions.connect(contactPoint, "datacenter1");
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
              SimpleStatement.newInstance("SELECT id FROM outage." + table).setPageSize(5_000))) {
        rows++;
      }
      return rows;
    }
  }

  /**
   * Waits until the run has written its first rows, then checks it is still loading: the rate limit
   * keeps every run of these tests loading for 20 s or more after that.
   */
  private static void awaitLoading(RunningCli migration, String table) {
    try (CqlSession session = session()) {
      Await.until(
          "the first rows in " + table,
          Duration.ofMinutes(3),
          () ->
              migration.isDone()
                  || session.execute("SELECT id FROM outage." + table + " LIMIT 1").one() != null,
          migration::toString);
    }
    assertThat(migration.isDone()).as("the load should still be running\n%s", migration).isFalse();
  }

  @Test
  void should_wait_for_the_target_and_complete_when_it_returns() throws Exception {
    Path job = job("outage", "{ outage-patience: 10m, rows-per-second: 1500 }");

    try (LogWatch log = LogWatch.start()) {
      RunningCli migration = RunningCli.start("migrate", job.toString());
      awaitLoading(migration, "people");
      node.stop();
      Await.until(
          "the run to notice the outage",
          Duration.ofMinutes(3),
          () -> log.saw("The target does not answer"),
          () -> log + migration.toString());
      node.restart();
      CliRun run = migration.await(Duration.ofMinutes(10));

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
      assertThat(log.saw("The target answers again")).as(log.toString()).isTrue();
    }
    JsonNode counts = CliRun.report(dir.resolve("state-outage"));
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("retries").asLong()).isPositive();
    assertThat(rowsIn("people")).isEqualTo(DOCUMENTS);
  }

  @Test
  void should_stop_with_progress_saved_when_the_target_stays_away_past_the_patience()
      throws Exception {
    Path job = job("impatient", "{ outage-patience: 5s, rows-per-second: 1500 }");

    RunningCli migration = RunningCli.start("migrate", job.toString());
    awaitLoading(migration, "impatient");
    node.stop();
    CliRun stopped;
    try {
      stopped = migration.await(Duration.ofMinutes(5));
    } finally {
      node.restart();
    }

    assertThat(stopped.exitCode()).as(stopped.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(stopped.toString())
        .contains("flow.outage-patience (5 s)")
        .contains("Progress is saved");
    long savedRows = CliRun.report(dir.resolve("state-impatient")).get("rows-written").asLong();
    assertThat(savedRows).isPositive().isLessThan(DOCUMENTS);

    // The rest at full speed: the limit only kept the first run loading through the outage.
    CliRun resumed = CliRun.of("migrate", job.toString(), "--rows-per-second", "1000000");

    assertThat(resumed.exitCode()).as(resumed.toString()).isEqualTo(ExitCodes.OK);
    assertThat(resumed.out()).contains("Resuming");
    JsonNode counts = CliRun.report(dir.resolve("state-impatient"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(rowsIn("impatient")).isEqualTo(DOCUMENTS);
  }
}
