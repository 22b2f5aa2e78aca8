package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Starts and stops real Cassandra processes from the distribution the build lays out. Each test
 * uses its own folder under {@code sluice.it.work-dir} and free ports, and stops what it started;
 * so the tests run at the same time (the build waits for this module before most others).
 */
@Execution(ExecutionMode.CONCURRENT)
class LocalNodeIT {

  private final List<LocalNode> started = new ArrayList<>();
  private Path folder;

  @BeforeEach
  void createFolder(TestInfo test) throws IOException {
    Path workDir = Path.of(System.getProperty("sluice.it.work-dir", "target/it-work"));
    folder =
        workDir.resolve(
            "local-node-"
                + test.getTestMethod().orElseThrow().getName()
                + "-"
                + UUID.randomUUID().toString().substring(0, 8));
    Files.createDirectories(workDir);
  }

  /** Stops every node and deletes its data, keeping its logs to look at. */
  @AfterEach
  void stopEverything() throws IOException {
    for (LocalNode node : started) {
      node.stop();
      assertThat(cassandraProcessesOf(node.folder())).isEmpty();
      for (Path dir : node.layout().storageDirs()) {
        deleteRecursively(dir);
      }
    }
  }

  @Test
  void should_start_answer_cql_join_running_node_and_stop_leaving_no_process() {
    LocalNode node = node(folder);

    StartResult first = node.start(testOptions().build());

    assertThat(first.alreadyRunning()).isFalse();
    assertThat(first.releaseVersion()).isEqualTo(CassandraHome.locate().version());
    NodeStatus status = node.status();
    assertThat(status.running()).isTrue();
    long pid = status.pid().orElseThrow();
    assertThat(cassandraProcessesOf(folder)).containsExactly(pid);
    try (CqlSession session = connect(status)) {
      Row row = session.execute("SELECT cluster_name, data_center FROM system.local").one();
      assertThat(row.getString("cluster_name")).isEqualTo("sluice-local");
      assertThat(row.getString("data_center")).isEqualTo(NodeStatus.LOCAL_DATACENTER);
    }

    StartResult second = new LocalNode(folder).start(testOptions().build());

    assertThat(second.alreadyRunning()).isTrue();
    assertThat(second.status().pid()).hasValue(pid);

    assertThat(node.stop()).isEqualTo(StopResult.STOPPED);

    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
    assertThat(cassandraProcessesOf(folder)).isEmpty();
    assertThat(node.status().running()).isFalse();
    assertThat(node.stop()).isEqualTo(StopResult.WAS_NOT_RUNNING);
  }

  @Test
  void should_keep_tables_and_rows_when_started_again_after_stop() {
    LocalNode node = node(folder);
    NodeStatus status = node.start(testOptions().build()).status();
    try (CqlSession session = connect(status)) {
      session.execute(
          "CREATE KEYSPACE kept WITH replication = {'class': 'SimpleStrategy',"
              + " 'replication_factor': 1}");
      session.execute("CREATE TABLE kept.things (id int PRIMARY KEY, name text)");
      session.execute("INSERT INTO kept.things (id, name) VALUES (1, 'first')");
    }
    node.stop();

    NodeStatus again = node.start(testOptions().build()).status();

    assertThat(again.ports()).isEqualTo(status.ports());
    try (CqlSession session = connect(again)) {
      Row row = session.execute("SELECT name FROM kept.things WHERE id = 1").one();
      assertThat(row).isNotNull();
      assertThat(row.getString("name")).isEqualTo("first");
    }
  }

  @Test
  void should_refuse_a_port_in_use_without_launching_anything() throws IOException {
    try (ServerSocket squatter = new ServerSocket()) {
      squatter.bind(new InetSocketAddress("127.0.0.1", 0));
      int port = squatter.getLocalPort();
      LocalNode node = node(folder);

      assertThatThrownBy(() -> node.start(testOptions().nativePort(port).build()))
          .isInstanceOf(LocalNodeException.class)
          .hasMessage(
              "Port "
                  + port
                  + " (CQL) on 127.0.0.1 is already in use by another program; stop it or choose"
                  + " another port with --native-port.");
      assertThat(cassandraProcessesOf(folder)).isEmpty();
      assertThat(node.status().running()).isFalse();
    }
  }

  @Test
  void should_refuse_to_start_without_java() {
    Path noJava = folder.resolveSibling("no-such-java");
    LocalNode node = node(folder);

    assertThatThrownBy(() -> node.start(testOptions().javaHome(noJava).build()))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageStartingWith("No runnable Java at " + noJava.resolve("bin").resolve("java"))
        .hasMessageContaining("--java-home");
    assertThat(cassandraProcessesOf(folder)).isEmpty();
  }

  /**
   * Garbage over the metadata of the system.local SSTables, as bit rot or a bad disk block would
   * leave it. Cassandra reads that file while opening its system keyspace, finds the checksum wrong
   * and, with {@code disk_failure_policy: die}, exits with code 100.
   */
  @Test
  void should_fail_on_the_exit_naming_the_log_when_the_data_is_corrupted() throws IOException {
    LocalNode node = node(folder);
    node.start(testOptions().build());
    node.stop();
    List<Path> damaged = corruptSystemLocal(folder);
    assertThat(damaged).isNotEmpty();

    assertThatThrownBy(() -> node.start(testOptions().build()))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageStartingWith("Cassandra stopped during start-up")
        .hasMessageContaining("Corrupted")
        .hasMessageContaining(node.layout().systemLog().toString())
        .hasMessageContaining("looks damaged")
        .hasMessageNotContaining("\tat ")
        .satisfies(
            e ->
                assertThat(((LocalNodeException) e).logFile()).hasValue(node.layout().systemLog()));
    assertThat(cassandraProcessesOf(folder)).isEmpty();
    assertThat(node.status().running()).isFalse();
  }

  private static List<Path> corruptSystemLocal(Path folder) throws IOException {
    SecureRandom random = new SecureRandom();
    List<Path> damaged = new ArrayList<>();
    try (Stream<Path> files = Files.walk(folder.resolve("data").resolve("system"))) {
      for (Path file :
          files
              .filter(f -> f.getParent().getFileName().toString().startsWith("local-"))
              .filter(f -> f.getFileName().toString().endsWith("-Statistics.db"))
              .toList()) {
        byte[] garbage = new byte[(int) Files.size(file)];
        random.nextBytes(garbage);
        Files.write(file, garbage);
        damaged.add(file);
      }
    }
    return damaged;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }

  private LocalNode node(Path dir) {
    LocalNode node = new LocalNode(dir);
    started.add(node);
    return node;
  }

  /**
   * Free ports, a start-up bound that a node sharing the cores with other work meets, and the heap
   * and JIT of every test node.
   */
  private static NodeOptions.Builder testOptions() {
    // The C1 compiler alone, as every test node: a node started for seconds does not repay C2.
    return NodeOptions.builder()
        .pickFreePorts(true)
        .startTimeout(Duration.ofMinutes(5))
        .heapMb(512)
        .jvmOption("-XX:TieredStopAtLevel=1");
  }

  private static CqlSession connect(NodeStatus status) {
    DriverConfigLoader generous =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
            .withDuration(
                DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(60))
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(30))
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
            .build();
    return CqlSession.builder()
        .addContactPoint(status.contactPoint().orElseThrow())
        .withLocalDatacenter(NodeStatus.LOCAL_DATACENTER)
        .withConfigLoader(generous)
        .build();
  }

  /**
   * Pids of live CassandraDaemon processes whose storage folder is {@code folder}, read from {@code
   * /proc} (the JDK returns no arguments for command lines this long).
   */
  private static List<Long> cassandraProcessesOf(Path folder) {
    String storageDir = "-Dcassandra.storagedir=" + folder.toAbsolutePath().normalize();
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .filter(
            h -> {
              List<String> args = commandLine(h.pid());
              return args.contains(CassandraJvmOptions.MAIN_CLASS) && args.contains(storageDir);
            })
        .map(ProcessHandle::pid)
        .toList();
  }

  private static List<String> commandLine(long pid) {
    try {
      byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
      return Arrays.asList(new String(raw, StandardCharsets.UTF_8).split("\0"));
    } catch (IOException e) {
      return List.of();
    }
  }
}
