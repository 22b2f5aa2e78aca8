package io.sluice.testinfra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.node.NodePort;
import io.sluice.node.NodeStatus;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster the tests share: the module's local node ({@link ModuleNodes}: started by the first
 * test JVM that needs it, joined by the others, stopped by the last to end), or an existing cluster
 * named by {@value #CONTACT_POINTS_PROPERTY} (whose first node's JMX port is {@value
 * #JMX_PORT_PROPERTY}, default 7199). A test JVM that runs many test classes (one after the other,
 * or fed to it one class at a time by a build that forks several) connects once.
 */
final class SharedCluster {

  static final String CONTACT_POINTS_PROPERTY = "sluice.it.contact-points";
  static final String LOCAL_DATACENTER_PROPERTY = "sluice.it.local-datacenter";
  static final String WORK_DIR_PROPERTY = "sluice.it.work-dir";
  static final String JMX_PORT_PROPERTY = "sluice.it.jmx-port";

  private static final Logger LOG = LoggerFactory.getLogger(SharedCluster.class);

  private final List<InetSocketAddress> contactPoints;
  private final String localDatacenter;
  private final int jmxPort;
  private final CqlSession adminSession;

  private SharedCluster(
      List<InetSocketAddress> contactPoints, String localDatacenter, int jmxPort) {
    this.contactPoints = List.copyOf(contactPoints);
    this.localDatacenter = localDatacenter;
    this.jmxPort = jmxPort;
    this.adminSession = session(null);
  }

  /** The second cluster's contact points, when tests use existing clusters. */
  static final String SECOND_CONTACT_POINTS_PROPERTY = "sluice.it.second-contact-points";

  /** The cluster named by the system properties, or a freshly started local node. */
  static SharedCluster fromSystemProperties() {
    return fromSystemProperties(CONTACT_POINTS_PROPERTY, "cassandra");
  }

  /** A second cluster, independent of the first: named by its own property, or a local node. */
  static SharedCluster secondFromSystemProperties() {
    return fromSystemProperties(SECOND_CONTACT_POINTS_PROPERTY, "cassandra-second");
  }

  private static SharedCluster fromSystemProperties(String property, String nodeName) {
    String contactPoints = System.getProperty(property, "");
    if (!contactPoints.isBlank()) {
      String datacenter =
          System.getProperty(LOCAL_DATACENTER_PROPERTY, NodeStatus.LOCAL_DATACENTER);
      int jmxPort =
          Integer.parseInt(
              System.getProperty(JMX_PORT_PROPERTY, String.valueOf(NodePort.JMX.defaultPort())));
      LOG.info("Tests use the existing cluster at {} (datacenter {}).", contactPoints, datacenter);
      return new SharedCluster(parseContactPoints(contactPoints), datacenter, jmxPort);
    }
    return moduleNode(nodeName);
  }

  private static SharedCluster moduleNode(String name) {
    NodeStatus status = ModuleNodes.join(TestNodes.workDir(), name);
    return new SharedCluster(
        List.of(status.contactPoint().orElseThrow()),
        NodeStatus.LOCAL_DATACENTER,
        status.ports().orElseThrow().jmxPort());
  }

  /** Parses {@code host[:port],host[:port]}; the port defaults to 9042. */
  static List<InetSocketAddress> parseContactPoints(String text) {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (String part : text.split(",")) {
      String trimmed = part.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      int colon = trimmed.lastIndexOf(':');
      String host = colon < 0 ? trimmed : trimmed.substring(0, colon);
      int port = colon < 0 ? 9042 : Integer.parseInt(trimmed.substring(colon + 1));
      addresses.add(InetSocketAddress.createUnresolved(host, port));
    }
    if (addresses.isEmpty()) {
      throw new IllegalArgumentException(
          CONTACT_POINTS_PROPERTY + " names no contact points: '" + text + "'.");
    }
    return addresses;
  }

  /**
   * Creates the keyspace afresh (dropping a leftover of an earlier run) with SimpleStrategy RF 1.
   */
  TestKeyspace createKeyspace(String name) {
    adminSession.execute("DROP KEYSPACE IF EXISTS " + name);
    adminSession.execute(
        "CREATE KEYSPACE "
            + name
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    return new TestKeyspace(resolved(), localDatacenter, name);
  }

  /** Where the first node answers JMX. */
  NodeJmx jmx() {
    return new NodeJmx(resolved().get(0).getHostString(), jmxPort);
  }

  void dropKeyspace(String name) {
    adminSession.execute("DROP KEYSPACE IF EXISTS " + name);
  }

  /** A new session, connected to {@code keyspace} unless it is null. */
  CqlSession session(String keyspace) {
    return TestSessions.connect(resolved(), localDatacenter, keyspace);
  }

  private List<InetSocketAddress> resolved() {
    return contactPoints.stream()
        .map(a -> a.isUnresolved() ? new InetSocketAddress(a.getHostString(), a.getPort()) : a)
        .toList();
  }
}
