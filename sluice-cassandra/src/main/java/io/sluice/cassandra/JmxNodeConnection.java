package io.sluice.cassandra;

import io.sluice.core.flow.Backlog;
import java.io.IOException;
import java.net.MalformedURLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One node's JMX connection for {@link JmxBacklogProbe}: opened on the first read, dropped when a
 * read finds it broken, and opened again by the next read. The probe runs at most one read of a
 * node at a time; {@link #close()} may come from another thread and then fails that read.
 */
final class JmxNodeConnection implements AutoCloseable {

  /** Cassandra's estimate of the compactions still to run, plus those running (an Integer). */
  static final ObjectName PENDING_TASKS =
      objectName("org.apache.cassandra.metrics:type=Compaction,name=PendingTasks");

  /** Its {@code Compactions} attribute lists the running operations, one map of strings each. */
  static final ObjectName COMPACTION_MANAGER =
      objectName("org.apache.cassandra.db:type=CompactionManager");

  private static final Logger LOG = LoggerFactory.getLogger(JmxNodeConnection.class);

  private final NodeAddress node;
  private final int port;
  private final Optional<JmxCredentials> credentials;
  private volatile JMXConnector connector;

  JmxNodeConnection(NodeAddress node, int port, Optional<JmxCredentials> credentials) {
    this.node = node;
    this.port = port;
    this.credentials = credentials;
  }

  /** Where this connects, as {@code host:port}, for messages. */
  String jmxAddress() {
    return node.withPort(port);
  }

  /**
   * Reads the node's pending compactions and, where the running ones count bytes, the bytes they
   * have left (-1 when that list cannot be read).
   *
   * @throws IOException when the node cannot be reached; the connection is then dropped
   * @throws JMException when the node has no compaction metrics (not a Cassandra node?)
   */
  Backlog read() throws IOException, JMException {
    MBeanServerConnection mbeans = connection();
    try {
      Object pending = mbeans.getAttribute(PENDING_TASKS, "Value");
      long tasks = pending instanceof Number n ? n.longValue() : 0;
      return new Backlog(node.name(), tasks, bytesRemaining(mbeans));
    } catch (IOException e) {
      close();
      throw e;
    }
  }

  private long bytesRemaining(MBeanServerConnection mbeans) throws IOException {
    try {
      Object compactions = mbeans.getAttribute(COMPACTION_MANAGER, "Compactions");
      if (!(compactions instanceof List<?> entries)) {
        return -1;
      }
      return CompactionTask.compactionBytesRemaining(
          entries.stream()
              .filter(Map.class::isInstance)
              .map(entry -> CompactionTask.fromJmx((Map<?, ?>) entry))
              .toList());
    } catch (JMException e) {
      LOG.debug("No running compactions from {}: {}", jmxAddress(), e.toString());
      return -1;
    }
  }

  private MBeanServerConnection connection() throws IOException {
    JMXConnector open = connector;
    if (open == null) {
      Map<String, Object> environment = new HashMap<>();
      credentials.ifPresent(c -> environment.put(JMXConnector.CREDENTIALS, c.asJmxCredentials()));
      open = JMXConnectorFactory.connect(serviceUrl(node.withPort(port)), environment);
      connector = open;
    }
    try {
      return open.getMBeanServerConnection();
    } catch (IOException e) {
      close();
      throw e;
    }
  }

  /** Cassandra's JMX address: the RMI registry on the JMX port, entry {@code jmxrmi}. */
  static JMXServiceURL serviceUrl(String hostAndPort) {
    try {
      return new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostAndPort + "/jmxrmi");
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("Not a JMX address: " + hostAndPort, e);
    }
  }

  /**
   * Drops the connection, if any; the next read opens a new one. Closing tells the node, so it can
   * block as long as a read can when the node hangs: the probe calls it on its reader threads.
   */
  @Override
  public void close() {
    JMXConnector open = connector;
    connector = null;
    if (open == null) {
      return;
    }
    try {
      open.close();
    } catch (IOException | RuntimeException e) {
      LOG.debug("Closing the JMX connection to {}: {}", jmxAddress(), e.toString());
    }
  }

  private static ObjectName objectName(String name) {
    try {
      return new ObjectName(name);
    } catch (MalformedObjectNameException e) {
      throw new IllegalStateException(e);
    }
  }
}
