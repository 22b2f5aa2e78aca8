package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.sluice.core.flow.Backlog;
import io.sluice.core.flow.BacklogProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads each node's pending compactions over JMX: the {@code PendingTasks} gauge of {@code
 * org.apache.cassandra.metrics:type=Compaction} (Cassandra's estimate of the compactions still to
 * run, plus those running), and the bytes the running compactions have left from the {@code
 * CompactionManager} MBean. The best signal there is, where the nodes' JMX port is open to Sluice.
 *
 * <p>Every node in the session's metadata is read, in parallel, each within {@link #READ_TIMEOUT};
 * the nodes are looked up again at every read, so nodes that join are read too. A node whose read
 * fails or times out is left out of that reading and logged once (see {@link UnreadableNodes}); its
 * connection is opened again at the next read. A read that hangs (a node that accepts connections
 * but never answers) keeps its thread and is waited for again at the next read rather than started
 * anew, so there is at most one thread per node.
 *
 * <p>The estimate is refreshed only when Cassandra looks for compactions to start, which it does
 * not for tables whose autocompaction is disabled: their SSTables can pile up while the estimate
 * stays where it was (0 for a new table) until autocompaction is enabled again.
 */
final class JmxBacklogProbe implements BacklogProbe {

  static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

  private final CqlSession session;
  private final int port;
  private final Optional<JmxCredentials> credentials;
  private final Map<NodeAddress, JmxNodeConnection> connections = new HashMap<>();
  private final Map<NodeAddress, Future<Backlog>> unfinished = new HashMap<>();
  private final UnreadableNodes unreadable = new UnreadableNodes("over JMX");
  private final ExecutorService readers =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "sluice-jmx-backlog");
            thread.setDaemon(true);
            return thread;
          });

  JmxBacklogProbe(CqlSession session, int port, Optional<JmxCredentials> credentials) {
    this.session = session;
    this.port = port;
    this.credentials = credentials;
  }

  @Override
  public String signal() {
    return "pending compactions over JMX (port " + port + ")";
  }

  @Override
  public Optional<Backlog> read() {
    List<NodeReading> readings = readNodes();
    unreadable.record(readings);
    return BusiestNode.of(readings);
  }

  /** Reads every node once; what {@link #read()} does, without the logging. */
  synchronized List<NodeReading> readNodes() {
    if (readers.isShutdown()) {
      return List.of();
    }
    Map<NodeAddress, Future<Backlog>> reads = new LinkedHashMap<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      NodeAddress address = NodeAddress.of(node);
      JmxNodeConnection connection =
          connections.computeIfAbsent(address, a -> new JmxNodeConnection(a, port, credentials));
      Future<Backlog> previous = unfinished.remove(address);
      reads.put(address, previous != null ? previous : readers.submit(connection::read));
    }
    forgetDeparted(reads);
    long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
    List<NodeReading> readings = new ArrayList<>();
    for (Map.Entry<NodeAddress, Future<Backlog>> read : reads.entrySet()) {
      readings.add(await(read.getKey(), read.getValue(), deadline));
    }
    return readings;
  }

  private NodeReading await(NodeAddress node, Future<Backlog> read, long deadline) {
    String where = "JMX at " + node.withPort(port);
    try {
      return NodeReading.read(
          read.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
    } catch (TimeoutException e) {
      unfinished.put(node, read);
      return NodeReading.failed(
          node.name(), where + " did not answer within " + READ_TIMEOUT.toSeconds() + " s");
    } catch (ExecutionException e) {
      return NodeReading.failed(node.name(), where + " " + JmxFailures.describe(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      read.cancel(true);
      return NodeReading.failed(node.name(), where + " was not read (interrupted)");
    }
  }

  /** Closes the connections of nodes that left the cluster. */
  private void forgetDeparted(Map<NodeAddress, ?> present) {
    connections
        .entrySet()
        .removeIf(
            entry -> {
              if (present.containsKey(entry.getKey())) {
                return false;
              }
              readers.execute(entry.getValue()::close);
              return true;
            });
    unfinished.keySet().retainAll(present.keySet());
  }

  /** Closes every connection, on the reader threads: closing one to a hung node would block. */
  @Override
  public synchronized void close() {
    if (readers.isShutdown()) {
      return;
    }
    unfinished.values().forEach(read -> read.cancel(true));
    connections.values().forEach(connection -> readers.execute(connection::close));
    connections.clear();
    unfinished.clear();
    readers.shutdown();
  }
}
