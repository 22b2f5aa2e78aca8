package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source cluster of a table copy goes away in the middle of it: within the source's {@code
 * outage-patience} its reads wait for it, and the copy completes once it is back, every row once.
 * Runs its own source node, since it stops it; the target is the shared node.
 */
@RealCassandra
class SourceOutageIT {

  private static final int PARTITIONS = 12;
  private static final int ROWS_PER_PARTITION = 2_000;

  @TempDir static Path dir;

  static OwnNode sourceNode;
  static InetSocketAddress sourcePoint;

  @BeforeAll
  static void startSourceNode(OwnNode own) throws Exception {
    sourceNode = own;
    sourcePoint = own.start(TestNodes.options().build());
    try (CqlSession session = TestSessions.connect(sourcePoint, "datacenter1")) {
      session.execute(
          "CREATE KEYSPACE old WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE old.events (id int, n int, v text, PRIMARY KEY (id, n))");
      PreparedStatement insert =
          session.prepare("INSERT INTO old.events (id, n, v) VALUES (?, ?, ?) USING TIMESTAMP ?");
      for (int id = 0; id < PARTITIONS; id++) {
        for (int from = 0; from < ROWS_PER_PARTITION; from += 100) {
          BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
          for (int n = from; n < from + 100; n++) {
            batch = batch.add(insert.bind(id, n, "v" + id + "/" + n, 1_000L + n));
          }
          session.execute(batch);
        }
      }
    }
  }

  @Test
  void should_wait_for_the_source_and_complete_when_it_returns(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE events (id int, n int, v text, PRIMARY KEY (id, n))");
    String sources =
        "  - type: cassandra\n"
            + "    options:\n"
            + "      contact-points: [127.0.0.1:"
            + sourcePoint.getPort()
            + "]\n"
            + "      keyspace: old\n"
            + "      table: events\n"
            + "      fetch-size: 200\n"
            + "      rows-per-second: 2000\n"
            + "      outage-patience: 10m\n";
    Path job =
        JobFile.write(
            dir,
            "outage",
            keyspace,
            "events",
            sources,
            "mapping:\n  columns: { id: id, n: n, v: v }\nmax-errors: 0\n");

    try (LogWatch log = LogWatch.start()) {
      RunningCli migration = RunningCli.start("migrate", job.toString());
      Await.until(
          "the first rows copied",
          Duration.ofMinutes(3),
          () ->
              migration.isDone() || session.execute("SELECT id FROM events LIMIT 1").one() != null,
          migration::toString);
      assertThat(migration.isDone()).as("the copy should still run\n%s", migration).isFalse();
      sourceNode.stop();
      Await.until(
          "the copy to notice the outage",
          Duration.ofMinutes(3),
          () -> log.saw("the source cluster does not answer"),
          () -> log + migration.toString());
      sourceNode.restart();
      CliRun run = migration.await(Duration.ofMinutes(10));

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
      assertThat(log.saw("the source cluster answers again")).as(log.toString()).isTrue();
    }
    long total = (long) PARTITIONS * ROWS_PER_PARTITION;
    JsonNode counts = CliRun.report(dir.resolve("state-outage"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(total);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(total);
    assertThat(session.execute("SELECT count(*) FROM events").one().getLong(0)).isEqualTo(total);
  }
}
