package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeStatus;
import io.sluice.node.StartResult;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.net.InetSocketAddress;
import java.time.Duration;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A keyspace replicated to a datacenter that no longer exists, made for real: a cluster of two
 * local nodes in two datacenters, a keyspace replicated to both, then the second datacenter's only
 * node stopped and removed from the ring (assassinated, as an operator does with a node that is
 * gone). Cassandra 4.0 and later refuse to create such a keyspace, but keep one whose datacenter
 * went away; {@code sluice doctor} fails it with the fix.
 */
class DoctorAbsentDatacenterIT {

  private static LocalNode first;
  private static LocalNode second;
  private static InetSocketAddress contactPoint;

  @BeforeAll
  static void removeTheSecondDatacenter() throws Exception {
    first = TestNodes.create("doctor-dc1-");
    second = TestNodes.create("doctor-dc2-");
    StartResult started =
        first.start(TestNodes.options().datacenter(NodeStatus.LOCAL_DATACENTER).build());
    contactPoint = started.status().contactPoint().orElseThrow();
    int seedPort = started.status().ports().orElseThrow().storagePort();
    int jmxPort = started.status().ports().orElseThrow().jmxPort();
    StartResult joined = second.start(TestNodes.joining(seedPort).datacenter("dc2").build());
    int secondStoragePort = joined.status().ports().orElseThrow().storagePort();
    try (CqlSession session = session()) {
      Await.until(
          "the second datacenter in the driver's view",
          Duration.ofMinutes(3),
          () ->
              session.getMetadata().getNodes().values().stream()
                  .anyMatch(node -> "dc2".equals(node.getDatacenter())));
      session.execute(
          "CREATE KEYSPACE two_datacenters WITH replication ="
              + " {'class': 'NetworkTopologyStrategy', 'datacenter1': 1, 'dc2': 1}");
    }
    second.stop();
    assassinate(jmxPort, "127.0.0.1:" + secondStoragePort);
    try (CqlSession session = session()) {
      Await.until(
          "the second datacenter gone from the ring",
          Duration.ofMinutes(3),
          () -> session.execute("SELECT data_center FROM system.peers_v2").all().isEmpty());
    }
  }

  /** Removes a dead node from the ring through the first node's JMX, as nodetool assassinate. */
  private static void assassinate(int jmxPort, String address) throws Exception {
    JMXServiceURL url =
        new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");
    try (JMXConnector jmx = JMXConnectorFactory.connect(url)) {
      jmx.getMBeanServerConnection()
          .invoke(
              new ObjectName("org.apache.cassandra.net:type=Gossiper"),
              "assassinateEndpoint",
              new Object[] {address},
              new String[] {String.class.getName()});
    }
  }

  @AfterAll
  static void stopNodes() {
    if (second != null) {
      second.stop();
    }
    if (first != null) {
      first.stop();
    }
  }

  private static CqlSession session() {
    return TestSessions.connect(contactPoint, NodeStatus.LOCAL_DATACENTER);
  }

  @Test
  void should_fail_a_keyspace_replicated_to_a_datacenter_with_no_node() {
    CliRun doctor =
        CliRun.of(
            "doctor",
            "--contact-points",
            contactPoint.getHostString() + ":" + contactPoint.getPort(),
            "--keyspace",
            "two_datacenters");

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(doctor.out())
        .contains(
            "FAIL  replication  keyspace two_datacenters is replicated to datacenter 'dc2', which"
                + " has no node (datacenters: datacenter1): its replicas are never written and"
                + " EACH_QUORUM fails. Fix: ALTER KEYSPACE two_datacenters WITH replication ="
                + " {...} without 'dc2' (or with the datacenter's current name).")
        .contains("OK    nodes        1 node(s) up (1 in datacenter1)");
  }
}
