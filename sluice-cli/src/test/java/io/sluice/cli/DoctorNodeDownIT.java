package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeStatus;
import io.sluice.node.StartResult;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code sluice doctor} against a real cluster of two local nodes (both on 127.0.0.1, each on its
 * own ports) with one of them stopped: a WARN for the down node where its ranges have another
 * replica, a FAIL where it held the only one.
 */
class DoctorNodeDownIT {

  private static LocalNode first;
  private static LocalNode second;
  private static InetSocketAddress contactPoint;
  private static String secondAddress;

  @BeforeAll
  static void startTwoNodesAndStopOne() throws Exception {
    first = TestNodes.create("doctor-first-");
    second = TestNodes.create("doctor-second-");
    StartResult started = first.start(TestNodes.options().build());
    contactPoint = started.status().contactPoint().orElseThrow();
    int seedPort = started.status().ports().orElseThrow().storagePort();
    // The second node joins the first's cluster: same seed, its own ports, no data to stream.
    StartResult joined = second.start(TestNodes.joining(seedPort).build());
    secondAddress = "127.0.0.1:" + joined.status().ports().orElseThrow().nativePort();
    try (CqlSession session = session()) {
      Await.until(
          "both nodes up in the driver's view",
          Duration.ofMinutes(3),
          () ->
              nodes(session).size() == 2 && nodes(session).stream().allMatch(DoctorNodeDownIT::up));
      session.execute(
          "CREATE KEYSPACE two_replicas WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 2}");
      session.execute(
          "CREATE KEYSPACE one_replica WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
    second.stop();
    try (CqlSession session = session()) {
      Await.until(
          "the stopped node down in the driver's view",
          Duration.ofMinutes(3),
          () -> nodes(session).stream().anyMatch(node -> !up(node)));
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

  private static Collection<Node> nodes(CqlSession session) {
    return session.getMetadata().getNodes().values();
  }

  private static boolean up(Node node) {
    return node.getState() == NodeState.UP;
  }

  private static CliRun doctor(String keyspace) {
    return CliRun.of(
        "doctor",
        "--contact-points",
        contactPoint.getHostString() + ":" + contactPoint.getPort(),
        "--keyspace",
        keyspace);
  }

  @Test
  void should_warn_of_a_down_node_whose_ranges_have_another_replica() {
    CliRun doctor = doctor("two_replicas");

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.OK);
    assertThat(doctor.out())
        .contains(
            "WARN  nodes        node "
                + secondAddress
                + " in datacenter1 is down: writes to its ranges rely on the other replicas, and"
                + " hints pile up. Fix: start it (or 'nodetool removenode' a node that is gone for"
                + " good) before the load.");
  }

  @Test
  void should_fail_on_a_down_node_that_held_the_only_replica() {
    CliRun doctor = doctor("one_replica");

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(doctor.out())
        .contains(
            "FAIL  nodes        node "
                + secondAddress
                + " in datacenter1 is down, and keyspace one_replica keeps one replica there:"
                + " writes to its token ranges fail.");
  }
}
