package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.sluice.core.flow.Backlog;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.job.CompactionSpec;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.NodeCompactions;
import io.sluice.testinfra.NodeJmx;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The backlog probes against the test node, with a backlog built on purpose: six flushed SSTables
 * of a table whose autocompaction was off, then compacted at 1 MiB/s, so the compaction of about 12
 * MB lasts some ten seconds, until compaction is unthrottled again.
 */
@RealCassandra
class CompactionBacklogProbeIT {

  private static final String TABLE = "backlog";
  private static final int SSTABLES = 6;
  private static final int ROWS_PER_SSTABLE = 500;
  private static final int VALUE_LENGTH = 4_096;
  private static final int WRITES_IN_FLIGHT = 100;
  private static final Duration BACKLOG_WAIT = Duration.ofMinutes(2);
  private static final Duration CATCH_UP_WAIT = Duration.ofMinutes(5);

  private static CompactionSpec overJmx(int port) {
    return new CompactionSpec(null, null, port, null, null, null, null);
  }

  @Test
  void should_see_the_backlog_until_compaction_catches_up(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) {
    session.execute(
        "CREATE TABLE "
            + TABLE
            + " (id int PRIMARY KEY, v text)"
            // Compaction is throttled by bytes read from disk: uncompressed, 12 MB stay 12 MB.
            + " WITH compression = {'enabled': false}");
    int throughput = compactions.compactionThroughputMibPerSec();
    compactions.disableAutoCompaction(keyspace.name(), TABLE);
    try (BacklogProbe jmx = BacklogProbes.open(session, overJmx(compactions.jmx().port()));
        BacklogProbe cql = BacklogProbes.open(session, CompactionSpec.defaults())) {
      writeFlushedSstables(session, keyspace, compactions);
      compactions.setCompactionThroughputMibPerSec(1);

      compactions.enableAutoCompaction(keyspace.name(), TABLE);

      Backlog pending = awaitReading(jmx, b -> b.tasks() > 0, BACKLOG_WAIT);
      assertThat(pending.node()).isEqualTo(keyspace.hostAndPort());
      Backlog running = awaitReading(cql, b -> b.tasks() > 0, BACKLOG_WAIT);
      assertThat(running.node()).isEqualTo(pending.node());
      assertThat(running.bytesRemaining()).isPositive();

      compactions.setCompactionThroughputMibPerSec(0);

      Backlog caughtUp = awaitReading(jmx, b -> b.tasks() == 0, CATCH_UP_WAIT);
      assertThat(caughtUp.node()).isEqualTo(keyspace.hostAndPort());
    } finally {
      compactions.setCompactionThroughputMibPerSec(throughput);
      compactions.enableAutoCompaction(keyspace.name(), TABLE);
    }
  }

  @Test
  void should_read_running_compactions_over_cql_from_the_node_itself(
      CqlSession session, TestKeyspace keyspace) {
    try (BacklogProbe cql = BacklogProbes.open(session, CompactionSpec.defaults())) {
      assertThat(cql.signal())
          .isEqualTo("running compactions over CQL (system_views.sstable_tasks)");
      assertThat(cql.read())
          .hasValueSatisfying(
              backlog -> {
                assertThat(backlog.node()).isEqualTo(keyspace.hostAndPort());
                assertThat(backlog.tasks()).isNotNegative();
                assertThat(backlog.bytesRemaining()).isNotNegative();
              });
    }
  }

  @Test
  void should_read_pending_compactions_over_jmx_when_the_port_is_given(
      CqlSession session, TestKeyspace keyspace, NodeJmx jmx) {
    try (BacklogProbe probe = BacklogProbes.open(session, overJmx(jmx.port()))) {
      assertThat(probe.signal())
          .isEqualTo("pending compactions over JMX (port " + jmx.port() + ")");
      assertThat(probe.read())
          .hasValueSatisfying(
              backlog -> assertThat(backlog.node()).isEqualTo(keyspace.hostAndPort()));
    }
  }

  @Test
  void should_refuse_to_start_when_no_node_answers_on_the_jmx_port(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    int unused = unusedPort();

    assertThatThrownBy(() -> BacklogProbes.open(session, overJmx(unused)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "JMX at "
                + keyspace.host()
                + ":"
                + unused
                + " was not reachable (connection refused), so the compaction backlog cannot be"
                + " watched: check flow.compaction.jmx-port")
        .hasMessageEndingWith(
            "or remove flow.compaction.jmx-port to watch running compactions over CQL instead.");
  }

  @Test
  void should_skip_nodes_whose_jmx_stops_answering_instead_of_failing_the_load(CqlSession session)
      throws IOException {
    try (JmxBacklogProbe probe = new JmxBacklogProbe(session, unusedPort(), Optional.empty())) {
      assertThat(probe.read()).isEmpty();
      assertThat(probe.read()).isEmpty();
    }
  }

  @Test
  void should_read_no_backlog_when_the_watch_is_turned_off(CqlSession session, NodeJmx jmx) {
    CompactionSpec off = new CompactionSpec(null, null, jmx.port(), null, null, null, false);

    try (BacklogProbe probe = BacklogProbes.open(session, off)) {
      assertThat(probe.signal()).isEqualTo("none (latency only)");
      assertThat(probe.read()).isEmpty();
    }
  }

  /** Writes and flushes {@link #SSTABLES} SSTables of about 2 MB each, of incompressible text. */
  private static void writeFlushedSstables(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) {
    PreparedStatement insert = session.prepare("INSERT INTO " + TABLE + " (id, v) VALUES (?, ?)");
    Random random = new Random(42);
    for (int sstable = 0; sstable < SSTABLES; sstable++) {
      List<CompletionStage<AsyncResultSet>> writes = new ArrayList<>();
      for (int row = 0; row < ROWS_PER_SSTABLE; row++) {
        writes.add(
            session.executeAsync(
                insert.bind(sstable * ROWS_PER_SSTABLE + row, randomText(random))));
        if (writes.size() == WRITES_IN_FLIGHT) {
          writes.forEach(write -> write.toCompletableFuture().join());
          writes.clear();
        }
      }
      writes.forEach(write -> write.toCompletableFuture().join());
      compactions.flush(keyspace.name(), TABLE);
    }
  }

  private static String randomText(Random random) {
    char[] text = new char[VALUE_LENGTH];
    for (int i = 0; i < text.length; i++) {
      text[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(text);
  }

  /** Reads until a reading is as wanted, at most for {@code within}. */
  private static Backlog awaitReading(
      BacklogProbe probe, Predicate<Backlog> wanted, Duration within) {
    AtomicReference<Optional<Backlog>> last = new AtomicReference<>(Optional.empty());
    Await.until(
        "the " + probe.signal() + " to read as expected",
        within,
        () -> {
          last.set(probe.read());
          return last.get().filter(wanted).isPresent();
        },
        () -> "last: " + last.get());
    return last.get().orElseThrow();
  }

  private static int unusedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
