package io.sluice.testinfra;

import io.sluice.node.LocalNode;
import io.sluice.node.LocalNodeException;
import io.sluice.node.NodeOptions;
import io.sluice.node.StartResult;
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

  /** Ports are chosen free, then bound by Cassandra seconds later: a start may find one taken. */
  private static final int START_ATTEMPTS = 3;

  /** A node this class started, and what its start said. */
  public record Started(LocalNode node, StartResult result) {}

  /**
   * A node in a new folder named after {@code prefix}, started with {@code options} (free ports).
   * Between the choice of a free port and Cassandra binding it, another process may take it (any
   * outbound connection can get it as its local port): Cassandra then stops at once, saying the
   * port is in use, and the start is made again in a new folder with new ports, up to three times.
   * Any other failure fails at once.
   */
  public static Started startOnFreePorts(String prefix, NodeOptions options) throws IOException {
    for (int attempt = 1; ; attempt++) {
      LocalNode node = create(prefix);
      try {
        return new Started(node, node.start(options));
      } catch (LocalNodeException e) {
        stopQuietly(node);
        if (attempt == START_ATTEMPTS || !portTaken(e)) {
          throw e;
        }
      }
    }
  }

  /** Whether Cassandra stopped because a port it was given was taken. */
  static boolean portTaken(LocalNodeException e) {
    return String.valueOf(e.getMessage()).contains("is in use by another process");
  }

  private static void stopQuietly(LocalNode node) {
    try {
      node.stop();
    } catch (RuntimeException e) {
      // It never ran, or is gone already.
    }
  }

  /** Where test nodes get their folders: {@code sluice.it.work-dir}, set by the build. */
  static Path workDir() {
    return Path.of(System.getProperty(SharedCluster.WORK_DIR_PROPERTY, "target/it-work"));
  }

  /** A node in a new folder named after {@code prefix}; not started. */
  public static LocalNode create(String prefix) throws IOException {
    Path workDir = workDir();
    Files.createDirectories(workDir);
    return new LocalNode(Files.createTempDirectory(workDir, prefix));
  }

  /**
   * The JIT a test node runs with: the C1 compiler alone. A test node lives for seconds or minutes
   * and takes loads of thousands of rows, most of the work a fully optimizing compiler would repay
   * only later; without it a node starts on 40% less CPU and takes a 200,000-row load on half the
   * CPU, in two thirds of the time, on the 2-core machines the suite runs on.
   */
  public static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

  /**
   * The heap of a test node, in MiB: half a local node's default. A test holds thousands of rows,
   * not millions, and a node's resident memory is its heap and about 450 MiB more; at 1,024 MiB,
   * the fourteen nodes of two suites side by side took more than a 24 GiB machine has.
   */
  public static final int HEAP_MB = 512;

  /**
   * What a process a test starts passes to the local nodes it starts (through {@code
   * JVM_EXTRA_OPTS}, which comes after the node's own heap settings): the quick JIT and the heap of
   * test nodes.
   */
  public static final String EXTRA_NODE_OPTIONS =
      QUICK_JIT + " -Xms" + HEAP_MB + "M -Xmx" + HEAP_MB + "M";

  /** Options for a test node: free ports, the generous start-up bound, the quick JIT, its heap. */
  public static NodeOptions.Builder options() {
    return NodeOptions.builder()
        .pickFreePorts(true)
        .startTimeout(START_TIMEOUT)
        .heapMb(HEAP_MB)
        .jvmOption(QUICK_JIT);
  }

  /**
   * Options for a node that joins the cluster of a node on this machine whose storage port is
   * {@code seedStoragePort}: that node as its seed, its own free ports, no data streamed to it. It
   * announces its shutdown to its peers as a node of a real cluster does, so that they see it down
   * at once.
   */
  public static NodeOptions.Builder joining(int seedStoragePort) {
    return options()
        .systemProperty("cassandra.shutdown_announce_in_ms", "2000")
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
    return NodeOptions.builder().startTimeout(START_TIMEOUT).jvmOption(QUICK_JIT).build();
  }
}
