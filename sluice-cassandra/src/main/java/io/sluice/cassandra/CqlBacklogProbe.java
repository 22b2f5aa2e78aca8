package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.sluice.core.flow.Backlog;
import io.sluice.core.flow.BacklogProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads each node's running compactions over CQL, from the node-local virtual tables of Cassandra
 * 4.0 and later, with every query sent to the node it is about: the {@code
 * system_views.sstable_tasks} rows whose kind is a compaction (their count, and the bytes they have
 * left), plus the tasks queued on the node's {@code CompactionExecutor} ({@code
 * system_views.thread_pools}). Unlike JMX this does not see the compactions Cassandra has yet to
 * start, so the count stays near the node's {@code concurrent_compactors} while compaction is
 * behind.
 *
 * <p>Only nodes the driver connects to are read: with the default load balancing, those of the
 * local datacenter. A node that fails or does not answer within {@link #TIMEOUT} is left out of
 * that reading and logged once (see {@link UnreadableNodes}).
 */
final class CqlBacklogProbe implements BacklogProbe {

  static final Duration TIMEOUT = Duration.ofSeconds(2);

  static final String RUNNING_TASKS =
      "SELECT kind, progress, total, unit FROM system_views.sstable_tasks";
  static final String QUEUED_TASKS =
      "SELECT pending_tasks FROM system_views.thread_pools WHERE name = 'CompactionExecutor'";
  static final String SSTABLE_TASKS_EXISTS =
      "SELECT table_name FROM system_virtual_schema.tables"
          + " WHERE keyspace_name = 'system_views' AND table_name = 'sstable_tasks'";

  private final CqlSession session;
  private final UnreadableNodes unreadable = new UnreadableNodes("over CQL");

  CqlBacklogProbe(CqlSession session) {
    this.session = session;
  }

  /**
   * Whether the cluster has {@code system_views.sstable_tasks} (Cassandra 4.0 and later; not
   * Cassandra 3.x, nor services that only speak CQL).
   */
  static boolean available(CqlSession session) {
    try {
      return session.execute(statement(SSTABLE_TASKS_EXISTS)).one() != null;
    } catch (DriverException e) {
      return false;
    }
  }

  @Override
  public String signal() {
    return "running compactions over CQL (system_views.sstable_tasks)";
  }

  @Override
  public Optional<Backlog> read() {
    List<NodeReading> readings = readNodes();
    unreadable.record(readings);
    return BusiestNode.of(readings);
  }

  /** Reads every connected node once; what {@link #read()} does, without the logging. */
  List<NodeReading> readNodes() {
    Map<NodeAddress, CompletableFuture<Backlog>> reads = new LinkedHashMap<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      if (node.getDistance() != NodeDistance.IGNORED) {
        reads.put(NodeAddress.of(node), readNode(node).toCompletableFuture());
      }
    }
    long deadline = System.nanoTime() + TIMEOUT.plusSeconds(1).toNanos();
    List<NodeReading> readings = new ArrayList<>();
    for (Map.Entry<NodeAddress, CompletableFuture<Backlog>> read : reads.entrySet()) {
      readings.add(await(read.getKey().name(), read.getValue(), deadline));
    }
    return readings;
  }

  private CompletionStage<Backlog> readNode(Node node) {
    String name = NodeAddress.of(node).name();
    CompletionStage<List<CompactionTask>> running =
        session
            .executeAsync(statement(RUNNING_TASKS).setNode(node))
            .thenApply(CqlBacklogProbe::tasks);
    CompletionStage<Long> queued =
        session
            .executeAsync(statement(QUEUED_TASKS).setNode(node))
            .thenApply(CqlBacklogProbe::queued);
    return running.thenCombine(
        queued,
        (tasks, waiting) ->
            new Backlog(
                name,
                CompactionTask.countCompactions(tasks) + waiting,
                CompactionTask.compactionBytesRemaining(tasks)));
  }

  /** The first page holds them all: a node runs a handful of operations at a time. */
  private static List<CompactionTask> tasks(AsyncResultSet rows) {
    List<CompactionTask> tasks = new ArrayList<>();
    for (Row row : rows.currentPage()) {
      tasks.add(
          new CompactionTask(
              row.getString("kind"),
              row.getLong("progress"),
              row.getLong("total"),
              row.getString("unit")));
    }
    return tasks;
  }

  private static long queued(AsyncResultSet rows) {
    Row row = rows.one();
    return row == null ? 0 : row.getInt("pending_tasks");
  }

  private static NodeReading await(String node, CompletableFuture<Backlog> read, long deadline) {
    try {
      return NodeReading.read(
          read.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
    } catch (TimeoutException e) {
      read.cancel(false);
      return NodeReading.failed(node, "no answer within " + TIMEOUT.toSeconds() + " s");
    } catch (ExecutionException e) {
      return NodeReading.failed(node, describe(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return NodeReading.failed(node, "interrupted");
    }
  }

  private static String describe(Throwable failure) {
    String message = failure.getMessage();
    return failure.getClass().getSimpleName()
        + (message == null || message.isBlank() ? "" : ": " + message.strip());
  }

  private static SimpleStatement statement(String query) {
    return SimpleStatement.newInstance(query)
        .setTimeout(TIMEOUT)
        .setConsistencyLevel(DefaultConsistencyLevel.ONE)
        .setIdempotent(true);
  }

  @Override
  public void close() {}
}
