package io.sluice.testinfra;

import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import io.sluice.node.StartResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;

/**
 * A Cassandra node a test class has to itself, because it stops, restarts, throttles or
 * reconfigures it: a parameter of the class's {@code @BeforeAll} or test methods ({@link
 * RealCassandra}), one per class, started by {@link #start} with the options the class needs (on
 * free ports, started again on new ones should another process take one first), and stopped by the
 * extension after the class's last test, whatever happened in it.
 *
 * <pre>{@code
 * @BeforeAll
 * static void startOwnNode(OwnNode own) {
 *   contactPoint = own.start(TestNodes.options().build());
 * }
 * }</pre>
 */
public final class OwnNode implements AutoCloseable {

  private final String prefix;
  private LocalNode node;
  private InetSocketAddress contactPoint;

  OwnNode(String prefix) {
    this.prefix = prefix;
  }

  /**
   * Starts the node with {@code options} (see {@link TestNodes#options()}) and returns where it
   * answers CQL; the node of a class starts once.
   */
  public synchronized InetSocketAddress start(NodeOptions options) {
    if (node != null) {
      throw new IllegalStateException("This class's own node is started already.");
    }
    try {
      TestNodes.Started started = TestNodes.startOnFreePorts(prefix, options);
      node = started.node();
      contactPoint = started.result().status().contactPoint().orElseThrow();
      return contactPoint;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot make the node's folder: " + e.getMessage(), e);
    }
  }

  /** Where the node answers CQL. */
  public synchronized InetSocketAddress contactPoint() {
    started();
    return contactPoint;
  }

  /** The node itself, to read its status or its logs. */
  public synchronized LocalNode node() {
    return started();
  }

  /** Stops the node, as an outage does: cleanly, within the default grace. */
  public void stop() {
    node().stop();
  }

  /** Starts the stopped node again, on the ports it had, and returns once it answers CQL. */
  public StartResult restart() {
    return node().start(TestNodes.restart());
  }

  /** The node's process id, while it runs. */
  public long pid() {
    return node().status().pid().orElseThrow();
  }

  private LocalNode started() {
    if (node == null) {
      throw new IllegalStateException("Start the class's own node first: OwnNode.start(options).");
    }
    return node;
  }

  @Override
  public synchronized void close() {
    if (node != null) {
      node.stop();
    }
  }
}
