package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testinfra.Await;
import io.sluice.testinfra.TestNodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The packaged {@code sluice} jar run as a process, as {@code ./sluice} runs it: with this module's
 * plugin folder named by {@code -Dsluice.plugins}, so that the HBase source is loaded apart from
 * the CLI's classes, as a user's run loads it.
 */
final class CliProcess {

  private final Process process;
  private final Path output;
  private final Path errors;

  private CliProcess(Process process, Path output, Path errors) {
    this.process = process;
    this.output = output;
    this.errors = errors;
  }

  static CliProcess start(Path workDir, String... args) throws IOException {
    return start(workDir, Path.of(property("sluice.plugins")), args);
  }

  /** The jar run with {@code plugins} as its plugin folder. */
  static CliProcess start(Path workDir, Path plugins, String... args) throws IOException {
    return start(workDir, plugins, Map.of(), args);
  }

  /** The jar run with more environment variables. */
  static CliProcess start(Path workDir, Map<String, String> environment, String... args)
      throws IOException {
    return start(workDir, Path.of(property("sluice.plugins")), environment, args);
  }

  /** The jar run with {@code plugins} as its plugin folder and more environment variables. */
  static CliProcess start(
      Path workDir, Path plugins, Map<String, String> environment, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(TestNodes.QUICK_JIT);
    command.add("-Dsluice.plugins=" + plugins);
    // The Cassandra release an SSTable target's writer runs on, as ./sluice names it.
    String cassandraHome = System.getProperty("sluice.cassandra.home");
    if (cassandraHome != null) {
      command.add("-Dsluice.cassandra.home=" + cassandraHome);
    }
    // A killed run leaves its snapshot's restore folder in its temporary folder: this test's.
    command.add("-Djava.io.tmpdir=" + Files.createDirectories(workDir.resolve("tmp")));
    command.add("-jar");
    command.add(property("sluice.jar"));
    command.addAll(List.of(args));
    Path output = Files.createTempFile(workDir, "sluice-", ".out");
    Path errors = Files.createTempFile(workDir, "sluice-", ".err");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .redirectOutput(output.toFile())
            .redirectError(errors.toFile());
    builder.environment().putAll(environment);
    Process process = builder.start();
    return new CliProcess(process, output, errors);
  }

  /**
   * Runs {@code migrate JOB} as a process, kills it with SIGKILL once {@code saved} holds (the
   * position {@code what} names saved), and starts the job again unthrottled: the resumed process.
   */
  static CliProcess killOnceSavedThenResume(
      Path workDir, Path jobFile, String what, BooleanSupplier saved) throws Exception {
    CliProcess killed = start(workDir, "migrate", jobFile.toString());
    Await.until(
        what,
        Duration.ofMinutes(2),
        () -> !killed.isAlive() || saved.getAsBoolean(),
        killed::output);
    assertThat(killed.isAlive()).as(killed.output()).isTrue();
    killed.kill();
    return start(workDir, "migrate", jobFile.toString(), "--rows-per-second", "1000000");
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || !Files.exists(Path.of(value))) {
      throw new IllegalStateException(name + " is not built at " + value + "; run ./mvnw verify");
    }
    return value;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: the process saves nothing more. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** Waits for the process to end, killing it after {@code seconds}; its exit code. */
  int waitFor(long seconds) throws Exception {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      kill();
      throw new AssertionError("sluice did not end within " + seconds + " s:\n" + output());
    }
    return process.exitValue();
  }

  /** What the process printed so far, its standard output then its standard error. */
  String output() {
    return stdout() + stderr();
  }

  /** What the process printed so far on its standard output. */
  String stdout() {
    return read(output);
  }

  /** What the process printed so far on its standard error. */
  String stderr() {
    return read(errors);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e.getMessage() + ")";
    }
  }
}
