package io.sluice.node;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Launches, recognizes and ends Cassandra processes. A process counts as the Cassandra of a node
 * folder only if it runs {@code java}, its main class is {@code CassandraDaemon} and its storage
 * folder is that folder, so a recycled pid never makes Sluice stop someone else's program.
 */
final class CassandraProcesses {

  private CassandraProcesses() {}

  /** The running Cassandra of {@code layout}: the recorded pid if it still is, else a search. */
  static Optional<ProcessHandle> find(NodeLayout layout, OptionalLong recordedPid) {
    if (recordedPid.isPresent()) {
      Optional<ProcessHandle> recorded =
          ProcessHandle.of(recordedPid.getAsLong()).filter(h -> isCassandraOf(h, layout));
      if (recorded.isPresent()) {
        return recorded;
      }
    }
    return ProcessHandle.allProcesses().filter(h -> isCassandraOf(h, layout)).findFirst();
  }

  static boolean isCassandraOf(ProcessHandle handle, NodeLayout layout) {
    if (!handle.isAlive()) {
      return false;
    }
    return isCassandraCommand(handle.info().command(), arguments(handle), layout);
  }

  /** Pure check of a command line: {@code java ... CassandraDaemon} for this storage folder. */
  static boolean isCassandraCommand(
      Optional<String> command, List<String> arguments, NodeLayout layout) {
    boolean runsJava =
        command
            .map(c -> Path.of(c).getFileName().toString().matches("java(\\.exe)?"))
            .orElse(false);
    return runsJava
        && arguments.contains(CassandraJvmOptions.MAIN_CLASS)
        && arguments.contains(CassandraJvmOptions.storageDirArgument(layout));
  }

  /**
   * The process's arguments. On Linux they are read from {@code /proc}: the JDK's {@code
   * ProcessHandle.Info.arguments()} comes back empty for command lines as long as Cassandra's.
   */
  static List<String> arguments(ProcessHandle handle) {
    Path cmdline = Path.of("/proc", Long.toString(handle.pid()), "cmdline");
    try {
      String raw = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8);
      if (!raw.isEmpty()) {
        return Arrays.asList(raw.split("\0"));
      }
    } catch (IOException | SecurityException e) {
      // Not Linux, or the process is gone: fall back to what the JDK offers.
    }
    return handle.info().arguments().map(Arrays::asList).orElse(List.of());
  }

  /**
   * Starts {@code command} detached from the caller's terminal: in a new session via {@code setsid}
   * where there is one, so Ctrl-C in the terminal does not reach Cassandra; input from nowhere,
   * output appended to {@code stdoutLog}.
   */
  static Process launch(List<String> command, Path workDir, Path stdoutLog) {
    List<String> full = new ArrayList<>();
    setsid().ifPresent(s -> full.add(s.toString()));
    full.addAll(command);
    ProcessBuilder builder =
        new ProcessBuilder(full)
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(stdoutLog.toFile()));
    File devNull = new File("/dev/null");
    if (devNull.exists()) {
      builder.redirectInput(ProcessBuilder.Redirect.from(devNull));
    }
    try {
      Process process = builder.start();
      if (!devNull.exists()) {
        process.getOutputStream().close();
      }
      return process;
    } catch (IOException e) {
      throw new LocalNodeException(
          "Cannot launch " + command.get(0) + ": " + e.getMessage() + ".", e);
    }
  }

  /**
   * The Cassandra process {@code launched} became: the same pid once {@code setsid} has replaced
   * itself with {@code java}, or the process found by folder if {@code setsid} had to fork.
   */
  static Optional<ProcessHandle> awaitCassandra(
      Process launched, NodeLayout layout, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      ProcessHandle handle = launched.toHandle();
      if (isCassandraOf(handle, layout)) {
        return Optional.of(handle);
      }
      if (!launched.isAlive()) {
        if (launched.exitValue() != 0) {
          return Optional.empty();
        }
        Optional<ProcessHandle> forked = find(layout, OptionalLong.empty());
        if (forked.isPresent()) {
          return forked;
        }
      }
      sleep(Duration.ofMillis(50));
    }
    return Optional.empty();
  }

  /**
   * Asks {@code process} to shut down (SIGTERM, Cassandra then flushes and exits), waits up to
   * {@code grace}, then kills it.
   */
  static StopResult stop(ProcessHandle process, Duration grace) {
    process.destroy();
    if (awaitExit(process, grace)) {
      return StopResult.STOPPED;
    }
    kill(process);
    return StopResult.KILLED;
  }

  /** Kills {@code process} at once and waits for it to be gone. */
  static void kill(ProcessHandle process) {
    process.destroyForcibly();
    if (!awaitExit(process, Duration.ofSeconds(30))) {
      throw new LocalNodeException(
          "Cassandra (pid " + process.pid() + ") did not end even when killed.");
    }
  }

  static boolean awaitExit(ProcessHandle process, Duration timeout) {
    try {
      process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return !process.isAlive();
    } catch (ExecutionException e) {
      return !process.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LocalNodeException("Interrupted while waiting for Cassandra.", e);
    }
  }

  private static Optional<Path> setsid() {
    if (System.getProperty("os.name", "").startsWith("Windows")) {
      return Optional.empty();
    }
    String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
    for (String dir : (path + ":/usr/bin:/bin").split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, "setsid");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
