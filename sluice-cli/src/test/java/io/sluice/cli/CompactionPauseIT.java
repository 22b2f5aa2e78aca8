package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.NodeCompactions;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load that watches the node's compaction backlog over JMX pauses while the backlog is above its
 * high mark and resumes, completing, once compaction has caught up.
 */
@RealCassandra
class CompactionPauseIT {

  private static final int DOCUMENTS = 20_000;
  private static final int SSTABLES = 6;
  private static final int ROWS_PER_SSTABLE = 1_000;

  @TempDir Path dir;

  @Test
  void should_pause_while_compaction_is_behind_and_resume_after(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) throws Exception {
    session.execute("CREATE TABLE people (id text PRIMARY KEY, n int)");
    // Compaction is throttled by bytes on disk: uncompressed, 24 MB stay 24 MB, which take at
    // least 24 s to compact at 1 MiB/s: long enough to see the load held.
    session.execute(
        "CREATE TABLE heavy (id int PRIMARY KEY, v text) WITH compression = {'enabled': false}");
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        writer.write(new Document("_id", String.format("p%06d", i)).append("n", i));
      }
    }
    Path job =
        JobFile.write(
            dir,
            "paused",
            keyspace,
            "people",
            "  - type: bson\n    path: people.bson\n",
            "mapping:\n  columns:\n    id: _id\n    n: n\n"
                + "flow:\n  rows-per-second: 4000\n  compaction:\n    high-mark: 0\n"
                + "    low-mark: 0\n    poll-interval: 200ms\n    jmx-port: "
                + compactions.jmx().port()
                + "\n");
    int throughput = compactions.compactionThroughputMibPerSec();
    try {
      compactions.disableAutoCompaction(keyspace.name(), "heavy");
      writeFlushedSstables(session, keyspace, compactions);
      compactions.setCompactionThroughputMibPerSec(1);
      compactions.enableAutoCompaction(keyspace.name(), "heavy");
      awaitPending(compactions);

      try (LogWatch log = LogWatch.start()) {
        RunningCli load = RunningCli.start("migrate", job.toString());
        Await.until(
            "the load to pause",
            Duration.ofMinutes(3),
            () -> log.saw("Pausing the load") || load.isDone(),
            () -> log + load.toString());
        assertThat(load.isDone()).as("the load should be paused, not over\n%s", load).isFalse();
        long heldAt = rowsHeldWhilePaused(session, log);
        assertThat(heldAt).as("rows while paused").isLessThan(DOCUMENTS);

        compactions.setCompactionThroughputMibPerSec(0);
        CliRun run = load.await(Duration.ofMinutes(5));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("Compaction watch: pending compactions over JMX");
        assertThat(log.saw("Resuming the load")).as(log.toString()).isTrue();
      }
      assertThat(count(session)).isEqualTo(DOCUMENTS);
      JsonNode flow =
          new ObjectMapper()
              .readTree(dir.resolve("state-paused").resolve("report.json").toFile())
              .get("flow");
      assertThat(flow.get("compaction-pauses").asLong()).isGreaterThanOrEqualTo(1);
      assertThat(flow.get("compaction-paused-seconds").asDouble()).isPositive();
    } finally {
      compactions.setCompactionThroughputMibPerSec(throughput);
      compactions.enableAutoCompaction(keyspace.name(), "heavy");
    }
  }

  private static long count(CqlSession session) {
    return session.execute("SELECT count(*) FROM people").one().getLong(0);
  }

  /**
   * The number of rows once it has held still for a second while the load is paused. The writes in
   * flight when the pause began still land, so the first reads may differ; a load that does not
   * pause at all holds still only once every row is in.
   */
  private static long rowsHeldWhilePaused(CqlSession session, LogWatch log) {
    long[] last = {-1, System.nanoTime()};
    Await.until(
        "the row count to hold still for a second while paused",
        Duration.ofMinutes(2),
        () -> {
          if (log.saw("Resuming the load")) {
            throw new AssertionError("compaction caught up before the pause could be seen\n" + log);
          }
          long rows = count(session);
          long now = System.nanoTime();
          if (rows != last[0]) {
            last[0] = rows;
            last[1] = now;
          }
          return now - last[1] >= TimeUnit.SECONDS.toNanos(1);
        },
        log::toString);
    return last[0];
  }

  private static void awaitPending(NodeCompactions compactions) {
    Await.until("pending compactions", Duration.ofMinutes(2), () -> compactions.pendingTasks() > 0);
  }

  private static void writeFlushedSstables(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) {
    PreparedStatement insert = session.prepare("INSERT INTO heavy (id, v) VALUES (?, ?)");
    Random random = new Random(42);
    for (int sstable = 0; sstable < SSTABLES; sstable++) {
      for (int row = 0; row < ROWS_PER_SSTABLE; row++) {
        char[] text = new char[4_096];
        for (int i = 0; i < text.length; i++) {
          text[i] = (char) ('a' + random.nextInt(26));
        }
        session.execute(insert.bind(sstable * ROWS_PER_SSTABLE + row, new String(text)));
      }
      compactions.flush(keyspace.name(), "heavy");
    }
  }
}
