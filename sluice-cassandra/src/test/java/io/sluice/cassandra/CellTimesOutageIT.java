package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.timeline.TimelineLines;
import io.sluice.core.timeline.TimelineSample;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.MemorySource;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cells with a TTL written while the target is down: every write waits, is sent again once the node
 * is back, and its copy still expires when its source does. The target counts a TTL from the moment
 * it executes the write, so a resend must carry what the cell has left then, not what it had when
 * the write was first made, which would outlive the source by the outage.
 */
@RealCassandra
class CellTimesOutageIT {

  private static final int RECORDS = 20;
  private static final int WRITTEN_BEFORE = 3;

  /** Slow enough that most rows are still to write when the node stops. */
  private static final long ROWS_PER_SECOND = 2;

  private static final int DAY = 86_400;
  private static final Duration OUTAGE = Duration.ofSeconds(15);

  @TempDir Path dir;

  @Test
  void should_give_a_write_sent_again_after_an_outage_the_ttl_its_cells_have_left_then(OwnNode own)
      throws Exception {
    InetSocketAddress contactPoint = own.start(TestNodes.options().build());
    try (CqlSession session = TestSessions.connect(contactPoint, "datacenter1")) {
      session.execute(
          "CREATE KEYSPACE cells WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE cells.people (id text PRIMARY KEY, note text)");
    }
    long readAt = System.currentTimeMillis();
    List<SourceItem> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      records.add(
          new Record(
              new SourcePosition("people", i, "p" + i),
              Map.of("id", "p" + i, "note", "note " + i),
              10,
              i + 1,
              Map.of("note", CellTime.read(1_700_000_000_000_000L, DAY, readAt))));
    }

    RunReport report;
    try (CassandraTarget target = CassandraTarget.connect(targetSpec(contactPoint), dir);
        JobRun migration =
            Migration.prepare(
                job(contactPoint),
                target,
                List.of(new MemorySource("table", records)),
                Clock.systemUTC(),
                true)) {
      CompletableFuture<RunReport> run = CompletableFuture.supplyAsync(migration::run);
      try (CqlSession session = TestSessions.connect(contactPoint, "datacenter1")) {
        Await.until(
            "the first rows written",
            Duration.ofMinutes(2),
            () ->
                session.execute("SELECT count(*) FROM cells.people").one().getLong(0)
                    >= WRITTEN_BEFORE);
      }
      own.stop();
      long stoppedAt = System.nanoTime();
      Await.until(
          "the outage to last " + OUTAGE.toSeconds() + " s",
          Duration.ofMinutes(2),
          () -> run.isDone() || System.nanoTime() - stoppedAt >= OUTAGE.toNanos());
      if (run.isDone()) {
        RunReport ended = run.join();
        throw new AssertionError(
            "The run ended while the target was down, not waiting for it: "
                + ended.outcome()
                + ", "
                + ended.abortReason());
      }
      own.restart();
      report = run.get(3, TimeUnit.MINUTES);
    }

    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(RECORDS);
    assertThat(report.counts().retries()).as("writes sent again after the outage").isPositive();
    // The node counts a TTL from when the write arrives: a copy outlives its source by the time
    // its last attempt was in flight (seconds, on a busy machine), at most the run's slowest
    // answer; a resend that kept its first attempt's TTL would outlive it by the outage.
    double slowestMillis =
        TimelineLines.parse(Files.readAllBytes(dir.resolve("state").resolve("timeline.jsonl")))
            .stream()
            .mapToDouble(TimelineSample::maxMillis)
            .max()
            .orElse(0);
    int inFlight = (int) Math.ceil(Math.max(0, slowestMillis) / 1000);
    try (CqlSession session = TestSessions.connect(contactPoint, "datacenter1")) {
      long left = readAt / 1000 + DAY - System.currentTimeMillis() / 1000;
      for (var row : session.execute("SELECT id, ttl(note) FROM cells.people")) {
        assertThat(row.getInt(1))
            .as("the TTL of %s, whose source has %d s left", row.getString(0), left)
            .isBetween((int) left - 2, (int) left + 1 + inFlight);
      }
    }
  }

  private static TargetSpec targetSpec(InetSocketAddress contactPoint) {
    return MemoryJobs.target(
        "127.0.0.1:" + contactPoint.getPort(), "datacenter1", "cells", "people");
  }

  private JobSpec job(InetSocketAddress contactPoint) {
    return MemoryJobs.job(
        "cells",
        targetSpec(contactPoint),
        List.of("id", "note"),
        new FlowSpec(1, 16, null, null, null, ROWS_PER_SECOND, null, null, null, null),
        dir);
  }
}
