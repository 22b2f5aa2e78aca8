package io.sluice.testinfra;

import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Local nodes a test starts for itself (one it stops, throttles or reconfigures), in a folder under
 * the build's work directory, on free ports, with a start-up bound that a busy machine meets.
 */
public final class TestNodes {

  /** A node that starts in 20 s idle can take minutes while other work shares the cores. */
  public static final Duration START_TIMEOUT = Duration.ofMinutes(5);

  private TestNodes() {}

  /** A node in a new folder named after {@code prefix}; not started. */
  public static LocalNode create(String prefix) throws IOException {
    Path workDir = Path.of(System.getProperty(SharedCluster.WORK_DIR_PROPERTY, "target/it-work"));
    Files.createDirectories(workDir);
    return new LocalNode(Files.createTempDirectory(workDir, prefix));
  }

  /** Options for a test node: free ports and the generous start-up bound. */
  public static NodeOptions.Builder options() {
    return NodeOptions.builder().pickFreePorts(true).startTimeout(START_TIMEOUT);
  }

  /**
   * Options for a node that joins the cluster of a node on this machine whose storage port is
   * {@code seedStoragePort}: that node as its seed, its own free ports, no data streamed to it.
   */
  public static NodeOptions.Builder joining(int seedStoragePort) {
    return options()
        .cassandraYaml(
            "seed_provider",
            List.of(
                Map.of(
                    "class_name",
                    "org.apache.cassandra.locator.SimpleSeedProvider",
                    "parameters",
                    List.of(Map.of("seeds", "127.0.0.1:" + seedStoragePort)))))
        .cassandraYaml("auto_bootstrap", false);
  }

  /**
   * Options for a node that refuses requests above {@code requestsPerSecond} over all its clients
   * with an overloaded error, as a managed service does when a client exceeds its throughput.
   */
  public static NodeOptions.Builder requestLimited(int requestsPerSecond) {
    return options()
        .cassandraYaml("native_transport_rate_limiting_enabled", true)
        .cassandraYaml("native_transport_max_requests_per_second", requestsPerSecond)
        .cassandraYaml("native_transport_throw_on_overload", true);
  }

  /** Options to start a stopped test node again on the ports it had. */
  public static NodeOptions restart() {
    return NodeOptions.builder().startTimeout(START_TIMEOUT).build();
  }
}
