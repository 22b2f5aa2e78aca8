package io.sluice.cli;

import io.sluice.node.CassandraHome;
import io.sluice.node.LocalNode;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.TestNodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The packaged {@code sluice} jar run as a process of its own, so a test can kill it. It runs with
 * the quick JIT of test nodes ({@link TestNodes#QUICK_JIT}), and so do the local nodes it starts,
 * with the heap of test nodes (through {@code JVM_EXTRA_OPTS}, as Cassandra's own scripts read it):
 * neither changes behaviour, only how much CPU a short run spends compiling and how much memory the
 * suite takes.
 */
public final class SluiceProcess {

  private final Process process;
  private final Path output;
  private final FileTime started;

  private SluiceProcess(Process process, Path output, FileTime started) {
    this.process = process;
    this.output = output;
    this.started = started;
  }

  public static SluiceProcess start(Path workDir, String... args) throws IOException {
    return start(workDir, List.of(), args);
  }

  /** Runs the jar as {@code ./sluice} does: with a sluice home and the built Cassandra. */
  static SluiceProcess startWithHome(Path workDir, Path home, String... args) throws IOException {
    String cassandraHome = System.getProperty(CassandraHome.HOME_PROPERTY);
    if (cassandraHome == null) {
      throw new IllegalStateException(
          CassandraHome.HOME_PROPERTY + " is not set; run ./mvnw verify");
    }
    return start(
        workDir,
        List.of(
            "-D" + CassandraHome.HOME_PROPERTY + "=" + cassandraHome,
            "-D" + SluiceHome.PROPERTY + "=" + home),
        args);
  }

  private static SluiceProcess start(Path workDir, List<String> jvmOptions, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(TestNodes.QUICK_JIT);
    command.addAll(jvmOptions);
    command.add("-jar");
    command.add(jar());
    command.addAll(List.of(args));
    Path output = Files.createTempFile(workDir, "sluice-", ".out");
    FileTime started = FileTime.from(Instant.now());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    builder.environment().put(LocalNode.EXTRA_OPTIONS_VARIABLE, TestNodes.EXTRA_NODE_OPTIONS);
    Process process = builder.start();
    return new SluiceProcess(process, output, started);
  }

  /** What a command run to its end printed, and how it exited. */
  public record Ended(int exitCode, String stdout, String stderr) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
    }
  }

  /**
   * Runs a command as a user does, to its end (killed after {@code seconds}), its standard output
   * and error kept apart.
   */
  public static Ended run(Path workDir, long seconds, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(TestNodes.QUICK_JIT);
    command.add("-jar");
    command.add(jar());
    command.addAll(List.of(args));
    Path out = Files.createTempFile(workDir, "sluice-", ".stdout");
    Path err = Files.createTempFile(workDir, "sluice-", ".stderr");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().put(LocalNode.EXTRA_OPTIONS_VARIABLE, TestNodes.EXTRA_NODE_OPTIONS);
    Process process = builder.start();
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(
          "sluice " + String.join(" ", args) + " did not end within " + seconds + " s");
    }
    return new Ended(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  private static String jar() {
    String jar = System.getProperty("sluice.jar");
    if (jar == null || !Files.exists(Path.of(jar))) {
      throw new IllegalStateException("sluice.jar not built at " + jar + "; run ./mvnw verify");
    }
    return jar;
  }

  /** SIGKILL: the process gets no chance to save anything. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM, as a service manager or Ctrl-C would stop it. */
  void terminate() {
    process.destroy();
  }

  /** Waits for the process to end by itself, killing it after {@code seconds}. */
  public int waitFor(long seconds) throws InterruptedException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError("sluice did not end within " + seconds + " s:\n" + output());
    }
    return process.exitValue();
  }

  /**
   * Starts {@code sluice args...} {@code runs} times in {@code workDir}, each killed with SIGKILL
   * after the first or second save of {@code checkpoint} in that run ({@code random} draws which):
   * at a state, not a time. Returns how many were killed while still running; a run that ended
   * first is not counted.
   */
  public static int killAfterSaves(
      Path workDir, Path checkpoint, int runs, Random random, String... args) throws Exception {
    int killedMidway = 0;
    for (int run = 0; run < runs; run++) {
      SluiceProcess sluice = start(workDir, args);
      if (sluice.awaitSaves(checkpoint, 1 + random.nextInt(2)) && sluice.isAlive()) {
        sluice.kill();
        killedMidway++;
      }
    }
    return killedMidway;
  }

  /**
   * Waits until this run has saved its progress in {@code checkpoint} {@code saves} times; false if
   * it ended first. Fails, killing it, after five minutes.
   */
  public boolean awaitSaves(Path checkpoint, int saves) throws Exception {
    FileTime[] last = {started};
    int[] seen = {0};
    try {
      Await.until(
          "progress saved " + saves + " times",
          Duration.ofMinutes(5),
          Duration.ofMillis(20),
          () -> {
            FileTime modified = modifiedTime(checkpoint);
            if (modified != null && modified.compareTo(last[0]) > 0) {
              last[0] = modified;
              seen[0]++;
            }
            return seen[0] == saves || !isAlive();
          },
          this::output);
    } catch (AssertionError e) {
      kill();
      throw e;
    }
    return seen[0] == saves;
  }

  private static FileTime modifiedTime(Path file) {
    try {
      return Files.exists(file) ? Files.getLastModifiedTime(file) : null;
    } catch (IOException e) {
      // Replaced between the two calls: seen at the next poll.
      return null;
    }
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public String output() {
    try {
      return Files.readString(output);
    } catch (IOException e) {
      return "(output unreadable: " + e.getMessage() + ")";
    }
  }
}
