package io.sluice.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node Apache Cassandra on 127.0.0.1 whose data, settings and logs live in one folder
 * (such as a project's {@code .sluice/cassandra}). The Cassandra process outlives the program that
 * started it; any later {@code LocalNode} for the same folder finds it again through the folder's
 * {@code node.json}.
 *
 * <pre>{@code
 * LocalNode node = new LocalNode(Path.of(".sluice/cassandra"));
 * StartResult started = node.start(NodeOptions.defaults());   // returns once CQL answers
 * InetSocketAddress contactPoint = started.status().contactPoint().orElseThrow();
 * ...
 * node.stop();
 * }</pre>
 *
 * <p>Every failure is a {@link LocalNodeException} whose message says what went wrong and what to
 * do, naming the log file to read when Cassandra itself failed. Progress is logged through SLF4J at
 * INFO.
 */
public final class LocalNode {

  /** How long {@link #stop()} lets Cassandra shut down cleanly before killing it. */
  public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(60);

  private static final Logger LOG = LoggerFactory.getLogger(LocalNode.class);

  /** How long Cassandra may take to become a java process after launch. */
  private static final Duration LAUNCH_TIMEOUT = Duration.ofSeconds(10);

  /** How long a node that logged a fatal error gets to exit by itself before it is killed. */
  private static final Duration FATAL_ERROR_GRACE = Duration.ofSeconds(5);

  private static final Duration POLL_INTERVAL = Duration.ofMillis(500);

  private final NodeLayout layout;

  /** A node kept in {@code folder}; nothing happens on disk until {@link #start}. */
  public LocalNode(Path folder) {
    this.layout = new NodeLayout(folder);
  }

  public Path folder() {
    return layout.dir();
  }

  /** Where each file of the node is. */
  public NodeLayout layout() {
    return layout;
  }

  /**
   * Starts the node, or joins it if it already runs, and returns once it answers CQL.
   *
   * <p>Before launching, checks the folder (new, empty, or set up by Sluice), the Java installation
   * (11 or 17), and that each port is free. Ports and heap chosen at the first start are recorded
   * and reused by later starts unless {@code options} says otherwise.
   *
   * @throws LocalNodeException if a check fails, or Cassandra exits, reports a fatal error or does
   *     not answer within {@link NodeOptions#startTimeout()}; a Cassandra this call launched is
   *     then killed
   */
  public StartResult start(NodeOptions options) {
    long began = System.nanoTime();
    NodeFolder.inspect(layout);
    NodeFolder lock = NodeFolder.lock(layout);
    try {
      Optional<NodeState> recorded = NodeStateFile.read(layout.stateFile());
      Optional<ProcessHandle> running =
          recorded.isPresent()
              ? CassandraProcesses.find(layout, recorded.get().runningPid())
              : Optional.empty();
      if (running.isPresent()) {
        return join(recorded.get(), running.get(), options, began);
      }
      return launch(recorded, options, began);
    } finally {
      lock.close();
    }
  }

  /** Stops the node, giving it {@link #DEFAULT_STOP_GRACE} to shut down cleanly. */
  public StopResult stop() {
    return stop(DEFAULT_STOP_GRACE);
  }

  /**
   * Stops the Cassandra this folder's node runs, and no other process: asks it to shut down
   * (SIGTERM), waits up to {@code grace}, then kills it. Succeeds when nothing runs.
   */
  public StopResult stop(Duration grace) {
    Optional<NodeState> recorded = NodeFolder.inspect(layout);
    if (recorded.isEmpty()) {
      LOG.info("There is no Sluice node in {}; nothing to stop.", layout.dir());
      return StopResult.WAS_NOT_RUNNING;
    }
    NodeFolder lock = NodeFolder.lock(layout);
    try {
      NodeState state = NodeStateFile.read(layout.stateFile()).orElseThrow();
      Optional<ProcessHandle> running = CassandraProcesses.find(layout, state.runningPid());
      if (running.isEmpty()) {
        LOG.info("Cassandra is not running in {}; nothing to stop.", layout.dir());
        markStopped(state);
        return StopResult.WAS_NOT_RUNNING;
      }
      long pid = running.get().pid();
      LOG.info("Stopping Cassandra (pid {}) in {}; it flushes its data first.", pid, layout.dir());
      StopResult result = CassandraProcesses.stop(running.get(), grace);
      if (result == StopResult.KILLED) {
        LOG.warn(
            "Cassandra (pid {}) did not stop within {} s and was killed; the next start will"
                + " replay its commit log.",
            pid,
            grace.toSeconds());
      } else {
        LOG.info("Cassandra (pid {}) stopped.", pid);
      }
      markStopped(state);
      return result;
    } finally {
      lock.close();
    }
  }

  /** Whether the node runs, and where its ports, data and log are. Starts nothing. */
  public NodeStatus status() {
    Optional<NodeState> state = NodeFolder.inspect(layout);
    Optional<ProcessHandle> running =
        state.flatMap(s -> CassandraProcesses.find(layout, s.runningPid()));
    return status(state, running.map(ProcessHandle::pid));
  }

  private NodeStatus status(Optional<NodeState> state, Optional<Long> pid) {
    return new NodeStatus(
        layout.dir(),
        pid.isPresent(),
        pid.map(OptionalLong::of).orElse(OptionalLong.empty()),
        state.map(NodeState::ports),
        state.map(NodeState::cassandraVersion),
        layout.systemLog());
  }

  private StartResult join(
      NodeState recorded, ProcessHandle running, NodeOptions options, long began) {
    NodeState state = recorded;
    if (!state.runningPid().equals(OptionalLong.of(running.pid()))) {
      state = state.withPid(running.pid());
      NodeStateFile.write(layout.stateFile(), state);
    }
    int port = state.ports().nativePort();
    LOG.info(
        "Cassandra is already running in {} (pid {}); waiting for CQL on port {}.",
        layout.dir(),
        running.pid(),
        port);
    StartupLog log = StartupLog.fromEndOf(layout);
    String version = awaitCql(running, null, port, options, log, state.cassandraVersion());
    return new StartResult(
        status(Optional.of(state), Optional.of(running.pid())), true, version, since(began));
  }

  /** What a launch will run, decided by checks that change nothing on disk. */
  private record LaunchPlan(
      CassandraHome home, JavaRuntime java, NodePorts ports, int heapMb, List<String> command) {}

  private StartResult launch(Optional<NodeState> recorded, NodeOptions options, long began) {
    LaunchPlan plan = plan(recorded, options);
    NodeState state = prepareFolder(plan, recorded, options);
    LOG.info(
        "Starting Cassandra {} in {} (CQL port {}, heap {} MiB, Java {}); its log is {}.",
        plan.home().version(),
        layout.dir(),
        plan.ports().nativePort(),
        plan.heapMb(),
        plan.java().majorVersion(),
        layout.systemLog());
    StartupLog log = StartupLog.fromEndOf(layout);
    Process process = CassandraProcesses.launch(plan.command(), layout.dir(), layout.stdoutLog());
    ProcessHandle cassandra =
        CassandraProcesses.awaitCassandra(process, layout, LAUNCH_TIMEOUT)
            .orElseThrow(
                () -> {
                  process.destroyForcibly();
                  log.poll();
                  return failure("Cassandra did not start" + exitCode(process), log);
                });
    state = state.withPid(cassandra.pid());
    NodeStateFile.write(layout.stateFile(), state);
    writePidFile(cassandra.pid());
    String version;
    try {
      version =
          awaitCql(
              cassandra, process, plan.ports().nativePort(), options, log, plan.home().version());
    } catch (RuntimeException e) {
      if (cassandra.isAlive()) {
        CassandraProcesses.kill(cassandra);
      }
      markStopped(state);
      throw e;
    }
    Duration elapsed = since(began);
    LOG.info(
        "Cassandra {} answers CQL on 127.0.0.1:{} (started in {} s).",
        version,
        plan.ports().nativePort(),
        elapsed.toSeconds());
    return new StartResult(
        status(Optional.of(state), Optional.of(cassandra.pid())), false, version, elapsed);
  }

  /** Finds Cassandra and Java and chooses ports and heap; fails before anything is launched. */
  private LaunchPlan plan(Optional<NodeState> recorded, NodeOptions options) {
    CassandraHome home =
        options.cassandraHome().map(CassandraHome::at).orElseGet(CassandraHome::locate);
    JavaRuntime java = JavaRuntime.find(options.javaHome().orElse(null));
    recorded.ifPresent(r -> NodeFolder.checkVersion(layout, r.cassandraVersion(), home.version()));
    NodePorts ports =
        PortPlan.choose(
            options.ports(),
            recorded.map(NodeState::ports),
            options.pickFreePorts(),
            LocalPorts::isFree,
            LocalPorts::freePort);
    Optional<NodePort> busy = PortPlan.firstBusy(ports, LocalPorts::isFree);
    if (busy.isPresent()) {
      throw new LocalNodeException(PortPlan.busyMessage(busy.get(), ports.get(busy.get())));
    }
    int heapMb =
        options
            .heapMb()
            .or(() -> recorded.map(NodeState::heapMb))
            .orElse(NodeOptions.DEFAULT_HEAP_MB);
    List<String> command =
        CassandraJvmOptions.command(
            java.executable(),
            home,
            layout,
            ports.jmxPort(),
            heapMb,
            options.systemProperties(),
            jvmOptions(options, System.getenv(EXTRA_OPTIONS_VARIABLE)));
    return new LaunchPlan(home, java, ports, heapMb, command);
  }

  /** Writes the settings files and records the node (not yet its pid) in {@code node.json}. */
  private NodeState prepareFolder(
      LaunchPlan plan, Optional<NodeState> recorded, NodeOptions options) {
    CassandraConfigFiles.write(
        layout, plan.ports(), options.cassandraYamlOverrides(), options.datacenter());
    Instant now = Instant.now();
    String version = plan.home().version();
    NodeState state =
        recorded
            .orElseGet(
                () -> new NodeState(NodeState.FORMAT, version, plan.ports(), 0, null, now, null))
            .launched(version, plan.ports(), plan.heapMb(), null, now);
    NodeStateFile.write(layout.stateFile(), state);
    return state;
  }

  /**
   * Polls until Cassandra answers CQL. Fails when the process ends, when the log shows a fatal
   * error the process does not exit on, or at the timeout.
   *
   * @param launched the process this call started, for its exit code; null when joining
   * @param installed the version of the Cassandra installed, said when a node that requires a login
   *     or a client certificate cannot be asked its own
   */
  private String awaitCql(
      ProcessHandle cassandra,
      Process launched,
      int nativePort,
      NodeOptions options,
      StartupLog log,
      String installed) {
    Duration timeout = options.startTimeout();
    boolean corruptionIsFatal =
        CassandraConfigFiles.endsOnCorruption(options.cassandraYamlOverrides());
    long deadline = System.nanoTime() + timeout.toNanos();
    long fatalDeadline = Long.MAX_VALUE;
    while (true) {
      log.poll();
      if (!cassandra.isAlive()) {
        String exit =
            launched != null && launched.pid() == cassandra.pid() ? exitCode(launched) : "";
        throw failure("Cassandra stopped during start-up" + exit, log);
      }
      if (fatalDeadline == Long.MAX_VALUE
          && StartupErrors.fatal(StartupErrors.errors(log.systemLines()), corruptionIsFatal)
              .isPresent()) {
        fatalDeadline = System.nanoTime() + FATAL_ERROR_GRACE.toNanos();
      }
      if (System.nanoTime() > fatalDeadline) {
        throw failure("Cassandra reported an error it cannot start with", log);
      }
      Optional<String> version =
          CqlProbe.releaseVersion(
              nativePort,
              CassandraConfigFiles.requiresTls(options.cassandraYamlOverrides()),
              options.datacenter());
      if (version.isPresent()) {
        return version.get().equals(CqlProbe.CREDENTIALS_REQUIRED) ? installed : version.get();
      }
      if (System.nanoTime() > deadline) {
        throw failure(
            "Cassandra did not answer CQL on 127.0.0.1:"
                + nativePort
                + " within "
                + timeout.toSeconds()
                + " s",
            log);
      }
      CassandraProcesses.sleep(POLL_INTERVAL);
    }
  }

  private LocalNodeException failure(String what, StartupLog log) {
    List<String> errors = StartupErrors.errors(log.systemLines());
    List<String> jvmErrors = StartupErrors.jvmErrors(log.stdoutLines());
    Path logFile = errors.isEmpty() && !jvmErrors.isEmpty() ? log.stdoutLog() : log.systemLog();
    String message =
        what + ". " + StartupErrors.explain(errors, jvmErrors, log.systemLog(), log.stdoutLog());
    if (StartupErrors.blamesDataFiles(log.systemLines())) {
      message +=
          " The node's data in "
              + layout.dir()
              + " looks damaged; if it holds nothing you need, move that folder away and start"
              + " again to get a fresh node.";
    }
    return new LocalNodeException(message, logFile, null);
  }

  private void markStopped(NodeState state) {
    NodeStateFile.write(layout.stateFile(), state.withPid(null));
    try {
      Files.deleteIfExists(layout.pidFile());
    } catch (IOException e) {
      LOG.debug("Cannot delete {}: {}", layout.pidFile(), e.toString());
    }
  }

  private void writePidFile(long pid) {
    try {
      Files.writeString(layout.pidFile(), pid + "\n");
    } catch (IOException e) {
      LOG.warn("Cannot write {}: {}", layout.pidFile(), e.toString());
    }
  }

  private static String exitCode(Process process) {
    return process.isAlive() ? "" : " (exit code " + process.exitValue() + ")";
  }

  private static Duration since(long began) {
    return Duration.ofNanos(System.nanoTime() - began);
  }

  /**
   * The environment variable whose options the Cassandra JVM gets too, after Sluice's own: the one
   * Cassandra's own start scripts read ({@code cassandra-env.sh} appends it).
   */
  public static final String EXTRA_OPTIONS_VARIABLE = "JVM_EXTRA_OPTS";

  /** A start's JVM options: the options' own, then those of {@code extra}, split at blanks. */
  static List<String> jvmOptions(NodeOptions options, String extra) {
    List<String> all = new ArrayList<>(options.jvmOptions());
    if (extra != null && !extra.isBlank()) {
      all.addAll(List.of(extra.trim().split("\\s+")));
    }
    return all;
  }
}
