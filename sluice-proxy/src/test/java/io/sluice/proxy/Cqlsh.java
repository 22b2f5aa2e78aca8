package io.sluice.proxy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * cqlsh, the shell Cassandra users know, installed from PyPI into a virtual environment under the
 * module's {@code target/} the first time a test needs it, and run as a real client.
 */
final class Cqlsh {

  /** The cqlsh release tests run, with the Python driver it brings. */
  static final String VERSION = "6.2.2";

  private static final Duration INSTALL_BOUND = Duration.ofMinutes(10);
  private static final Duration RUN_BOUND = Duration.ofMinutes(3);

  private final Path executable;

  private Cqlsh(Path executable) {
    this.executable = executable;
  }

  /** cqlsh, installed if it is not yet. */
  static synchronized Cqlsh installed() throws IOException, InterruptedException {
    Path venv = Path.of("target", "cqlsh-" + VERSION).toAbsolutePath();
    Path executable = venv.resolve("bin").resolve("cqlsh");
    if (!Files.isExecutable(executable)) {
      run(List.of("python3", "-m", "venv", venv.toString()), INSTALL_BOUND);
      run(
          List.of(
              venv.resolve("bin").resolve("pip").toString(),
              "install",
              "--quiet",
              "--disable-pip-version-check",
              "cqlsh==" + VERSION),
          INSTALL_BOUND);
    }
    return new Cqlsh(executable);
  }

  /**
   * Runs the statements through cqlsh connected to {@code address} with the protocol version given,
   * and returns what it printed.
   *
   * @throws AssertionError when cqlsh fails or reports an error
   */
  String execute(InetSocketAddress address, int protocolVersion, String statements)
      throws IOException, InterruptedException {
    Path file = Files.createTempFile("cqlsh-", ".cql");
    try {
      Files.writeString(file, statements);
      List<String> command = new ArrayList<>();
      command.add(executable.toString());
      command.add(address.getHostString());
      command.add(Integer.toString(address.getPort()));
      command.add("--protocol-version=" + protocolVersion);
      command.add("--request-timeout=60");
      command.add("--connect-timeout=30");
      command.add("--file=" + file);
      return run(command, RUN_BOUND);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static String run(List<String> command, Duration bound)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("cqlsh-", ".out");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    // cqlsh reads no user settings of the machine it runs on.
    builder.environment().put("HOME", Path.of("target").toAbsolutePath().toString());
    Process process = builder.start();
    try {
      if (!process.waitFor(bound.toSeconds(), TimeUnit.SECONDS)) {
        throw new AssertionError(
            "Gave up on " + command.get(0) + " after " + bound.toSeconds() + " s");
      }
    } finally {
      process.destroyForcibly();
    }
    byte[] output = Files.readAllBytes(log);
    Files.deleteIfExists(log);
    String printed = new String(output, StandardCharsets.UTF_8);
    if (process.exitValue() != 0 || printed.contains("Error from server")) {
      throw new AssertionError(
          String.join(" ", command) + " exited with " + process.exitValue() + ":\n" + printed);
    }
    return printed;
  }
}
