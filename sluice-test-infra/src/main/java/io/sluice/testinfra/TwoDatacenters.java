package io.sluice.testinfra;

import io.sluice.node.LocalNode;
import io.sluice.node.NodePorts;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A cluster of two local nodes on 127.0.0.1, each on its own ports and in its own datacenter
 * ({@code GossipingPropertyFileSnitch}), the second joining the first with no data streamed. Once
 * started, the first node's gossip holds both live. Read and steered through the first node's JMX,
 * as {@code nodetool} does: a test session connected to one datacenter has no state for the other
 * datacenter's node. Closing stops both nodes.
 */
public final class TwoDatacenters implements AutoCloseable {

  private static final ObjectName STORAGE_SERVICE =
      objectName("org.apache.cassandra.db:type=StorageService");
  private static final ObjectName GOSSIPER = objectName("org.apache.cassandra.net:type=Gossiper");

  /**
   * Cassandra's ring delay, the time it lets gossip spread before it trusts a change of the ring:
   * 30 s by default, slept through whole by an assassination. Gossip between two nodes of one
   * machine spreads within a second or two.
   */
  private static final String RING_DELAY_MS = "3000";

  private final LocalNode first;
  private final LocalNode second;
  private final NodePorts firstPorts;
  private final NodePorts secondPorts;

  private TwoDatacenters(
      LocalNode first, LocalNode second, NodePorts firstPorts, NodePorts secondPorts) {
    this.first = first;
    this.second = second;
    this.firstPorts = firstPorts;
    this.secondPorts = secondPorts;
  }

  /**
   * Starts the two nodes, the first in {@code firstDatacenter}, the second in {@code
   * secondDatacenter}, their folders named from {@code prefix}.
   */
  public static TwoDatacenters start(String prefix, String firstDatacenter, String secondDatacenter)
      throws Exception {
    TestNodes.Started first =
        TestNodes.startOnFreePorts(
            prefix + firstDatacenter + "-",
            TestNodes.options()
                .datacenter(firstDatacenter)
                .systemProperty("cassandra.ring_delay_ms", RING_DELAY_MS)
                .build());
    LocalNode second = null;
    try {
      NodePorts firstPorts = first.result().status().ports().orElseThrow();
      TestNodes.Started joined =
          TestNodes.startOnFreePorts(
              prefix + secondDatacenter + "-",
              TestNodes.joining(firstPorts.storagePort())
                  .datacenter(secondDatacenter)
                  .systemProperty("cassandra.ring_delay_ms", RING_DELAY_MS)
                  .build());
      second = joined.node();
      TwoDatacenters cluster =
          new TwoDatacenters(
              first.node(), second, firstPorts, joined.result().status().ports().orElseThrow());
      // Live in gossip is not yet in the ring: until the first node has both owning tokens, a
      // keyspace naming the second datacenter is refused as naming an unknown one.
      Await.until(
          "both nodes live and owning tokens in the first node's ring",
          Duration.ofMinutes(3),
          () ->
              cluster.storageServiceList("LiveNodesWithPort").size() == 2
                  && cluster.storageServiceList("JoiningNodesWithPort").isEmpty()
                  && cluster.tokenOwners() == 2);
      return cluster;
    } catch (Exception | Error e) {
      if (second != null) {
        second.stop();
      }
      first.node().stop();
      throw e;
    }
  }

  /** The first node's CQL address. */
  public InetSocketAddress first() {
    return new InetSocketAddress("127.0.0.1", firstPorts.nativePort());
  }

  /** The second node's CQL address. */
  public InetSocketAddress second() {
    return new InetSocketAddress("127.0.0.1", secondPorts.nativePort());
  }

  /** Stops the second node, and waits until the first node's gossip holds it unreachable. */
  public void stopSecond() {
    second.stop();
    Await.until(
        "the second node unreachable in the first node's gossip",
        Duration.ofMinutes(3),
        () -> storageServiceList("UnreachableNodesWithPort").size() == 1);
  }

  /**
   * Removes the stopped second node from the ring (as {@code nodetool assassinate} does with a node
   * that is gone for good), and waits until the first node's peers no longer list it.
   */
  public void assassinateSecond() throws Exception {
    try (JMXConnector jmx = JMXConnectorFactory.connect(jmxUrl())) {
      jmx.getMBeanServerConnection()
          .invoke(
              GOSSIPER,
              "assassinateEndpoint",
              new Object[] {"127.0.0.1:" + secondPorts.storagePort()},
              new String[] {String.class.getName()});
    }
    Await.until(
        "the second node gone from the first node's ring",
        Duration.ofMinutes(3),
        () ->
            storageServiceList("LiveNodesWithPort").size() == 1
                && storageServiceList("UnreachableNodesWithPort").isEmpty());
  }

  @Override
  public void close() {
    second.stop();
    first.stop();
  }

  /** How many nodes own tokens in the first node's ring. */
  @SuppressWarnings("unchecked")
  private long tokenOwners() {
    try (JMXConnector jmx = JMXConnectorFactory.connect(jmxUrl())) {
      Map<String, String> owners =
          (Map<String, String>)
              jmx.getMBeanServerConnection()
                  .getAttribute(STORAGE_SERVICE, "TokenToEndpointWithPortMap");
      return owners.values().stream().distinct().count();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the ring through JMX", e);
    }
  }

  @SuppressWarnings("unchecked")
  private List<String> storageServiceList(String attribute) {
    try (JMXConnector jmx = JMXConnectorFactory.connect(jmxUrl())) {
      return (List<String>) jmx.getMBeanServerConnection().getAttribute(STORAGE_SERVICE, attribute);
    } catch (Exception e) {
      throw new IllegalStateException("cannot read " + attribute + " through JMX", e);
    }
  }

  private JMXServiceURL jmxUrl() throws Exception {
    return new JMXServiceURL(
        "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + firstPorts.jmxPort() + "/jmxrmi");
  }

  private static ObjectName objectName(String name) {
    try {
      return new ObjectName(name);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
