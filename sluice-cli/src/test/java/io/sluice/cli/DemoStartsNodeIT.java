package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import io.sluice.node.LocalNode;
import io.sluice.node.NodePorts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice demo} without {@code --contact-point}, as {@code ./sluice demo} runs it: starts the
 * local node on the ports given, migrates, and on a second run reuses the running node.
 */
class DemoStartsNodeIT {

  @TempDir Path home;

  @Test
  void should_start_the_local_node_on_the_given_ports_then_reuse_it() throws Exception {
    NodePorts ports = freePorts();

    String first = demo(ports, 900);
    assertThat(first)
        .contains("started on 127.0.0.1:" + ports.nativePort())
        .doesNotContain("already running")
        .contains("Job demo-people: completed")
        .contains("Rows written      2,000 of 2,000")
        .contains("Read back 2,000 rows from demo.people");
    assertThat(node().status().ports()).contains(ports);

    String second = demo(ports, 900);
    assertThat(second)
        .contains("already running on 127.0.0.1:" + ports.nativePort())
        .contains("Rows written      2,000 of 2,000")
        .contains("Read back 2,000 rows from demo.people");
  }

  @AfterEach
  void stopTheNode() throws Exception {
    OptionalLong pid = node().status().pid();
    CliRun stop = CliRun.of("cassandra", "stop", "--folder", node().folder().toString());
    Optional<ProcessHandle> left =
        pid.isPresent()
            ? ProcessHandle.of(pid.getAsLong()).filter(ProcessHandle::isAlive)
            : Optional.empty();
    if (left.isPresent()) {
      left.get().destroyForcibly();
      left.get().onExit().get(30, TimeUnit.SECONDS);
    }
    assertThat(stop.exitCode()).as(stop.toString()).isEqualTo(ExitCodes.OK);
    assertThat(left).as("Cassandra still running after " + stop).isEmpty();
    assertThat(node().status().running()).isFalse();
  }

  private String demo(NodePorts ports, long timeoutSeconds) throws Exception {
    SluiceProcess demo =
        SluiceProcess.startWithHome(
            home,
            home,
            "demo",
            "--documents",
            "2000",
            "--native-port",
            Integer.toString(ports.nativePort()),
            "--storage-port",
            Integer.toString(ports.storagePort()),
            "--jmx-port",
            Integer.toString(ports.jmxPort()));
    int exitCode = demo.waitFor(timeoutSeconds);
    assertThat(exitCode).as(demo.output()).isEqualTo(ExitCodes.OK);
    return demo.output();
  }

  private LocalNode node() {
    return new LocalNode(home.resolve("cassandra"));
  }

  /** Three distinct loopback ports free right now, held open together so they differ. */
  private static NodePorts freePorts() throws IOException {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (ServerSocket a = new ServerSocket(0, 1, loopback);
        ServerSocket b = new ServerSocket(0, 1, loopback);
        ServerSocket c = new ServerSocket(0, 1, loopback)) {
      return new NodePorts(a.getLocalPort(), b.getLocalPort(), c.getLocalPort());
    }
  }
}
