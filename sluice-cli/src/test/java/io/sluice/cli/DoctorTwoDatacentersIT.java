package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.node.NodeStatus;
import io.sluice.testinfra.TestSessions;
import io.sluice.testinfra.TwoDatacenters;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code sluice doctor} against a real cluster of two local nodes in two datacenters (both on
 * 127.0.0.1, each on its own ports): both up, then the second datacenter's only node stopped: a
 * WARN for the down node where its ranges have another replica, a FAIL where it held the only one.
 * Then that node is removed from the ring (assassinated, as an operator does with a node that is
 * gone), and a keyspace still replicated to its datacenter fails with the fix: Cassandra 4.0 and
 * later refuse to create such a keyspace, but keep one whose datacenter went away. One cluster
 * serves every case, in that order; each test brings the cluster to the state it needs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DoctorTwoDatacentersIT {

  private static TwoDatacenters cluster;
  private static InetSocketAddress contactPoint;
  private static String secondAddress;
  private static boolean secondStopped;
  private static boolean secondAssassinated;

  @BeforeAll
  static void startTwoDatacenters() throws Exception {
    cluster = TwoDatacenters.start("doctor-", NodeStatus.LOCAL_DATACENTER, "dc2");
    contactPoint = cluster.first();
    secondAddress = "127.0.0.1:" + cluster.second().getPort();
    try (CqlSession session = TestSessions.connect(contactPoint, NodeStatus.LOCAL_DATACENTER)) {
      session.execute(
          "CREATE KEYSPACE two_replicas WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 2}");
      session.execute(
          "CREATE KEYSPACE one_replica WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute(
          "CREATE KEYSPACE two_datacenters WITH replication ="
              + " {'class': 'NetworkTopologyStrategy', 'datacenter1': 1, 'dc2': 1}");
    }
  }

  @AfterAll
  static void stopNodes() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static void stopTheSecond() {
    if (!secondStopped) {
      cluster.stopSecond();
      secondStopped = true;
    }
  }

  private static CliRun doctor(String keyspace) {
    return CliRun.of(
        "doctor",
        "--contact-points",
        contactPoint.getHostString() + ":" + contactPoint.getPort(),
        "--keyspace",
        keyspace);
  }

  /** The other datacenter's node counts as up: the doctor connects to it to know. */
  @Test
  @Order(1)
  void should_find_every_node_of_both_datacenters_up() {
    CliRun doctor = doctor("two_datacenters");

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.OK);
    assertThat(doctor.out())
        .contains("OK    nodes        2 node(s) up (1 in datacenter1, 1 in dc2)");
  }

  @Test
  @Order(2)
  void should_warn_of_a_down_node_whose_ranges_have_another_replica() {
    stopTheSecond();
    CliRun doctor = doctor("two_replicas");

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.OK);
    assertThat(doctor.out())
        .contains(
            "WARN  nodes        node "
                + secondAddress
                + " in dc2 is down: writes to its ranges rely on the other replicas, and"
                + " hints pile up. Fix: start it (or 'nodetool removenode' a node that is gone for"
                + " good) before the load.");
  }

  @Test
  @Order(3)
  void should_fail_on_a_down_node_that_held_the_only_replica() {
    stopTheSecond();
    CliRun doctor = doctor("one_replica");

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(doctor.out())
        .contains(
            "FAIL  nodes        node "
                + secondAddress
                + " in dc2 is down, and keyspace one_replica keeps one replica there:"
                + " writes to its token ranges fail.");
  }

  @Test
  @Order(4)
  void should_fail_a_keyspace_replicated_to_a_datacenter_with_no_node() throws Exception {
    stopTheSecond();
    if (!secondAssassinated) {
      cluster.assassinateSecond();
      secondAssassinated = true;
    }
    CliRun doctor = doctor("two_datacenters");

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
