package io.sluice.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java installation that runs Cassandra, found and checked before anything is launched.
 *
 * <p>Which Java: the one asked for ({@code --java-home}), else {@code JAVA_HOME}, else the Java
 * running Sluice. Cassandra 5.0 runs on Java 11 and 17 only.
 *
 * @param home the Java installation folder
 * @param executable its {@code bin/java}
 * @param majorVersion the feature version, such as 17
 */
public record JavaRuntime(Path home, Path executable, int majorVersion) {

  private static final Pattern RELEASE_VERSION =
      Pattern.compile("^JAVA_VERSION=\"([^\"]+)\"", Pattern.MULTILINE);
  private static final Pattern VERSION_OUTPUT = Pattern.compile("version \"([^\"]+)\"");

  /**
   * Finds and checks the Java to run Cassandra with.
   *
   * @param requestedHome the Java home asked for explicitly, or null
   * @throws LocalNodeException if that Java is missing, cannot run, or is not Java 11 or 17
   */
  public static JavaRuntime find(Path requestedHome) {
    return find(requestedHome, System.getenv(), System.getProperty("java.home"));
  }

  static JavaRuntime find(Path requestedHome, Map<String, String> env, String runningHome) {
    String source;
    Path home;
    if (requestedHome != null) {
      home = requestedHome;
      source = "--java-home";
    } else if (env.get("JAVA_HOME") != null && !env.get("JAVA_HOME").isBlank()) {
      home = Path.of(env.get("JAVA_HOME"));
      source = "JAVA_HOME";
    } else {
      home = Path.of(runningHome);
      source = "the Java running Sluice";
    }
    home = home.toAbsolutePath().normalize();
    boolean windows = System.getProperty("os.name", "").startsWith("Windows");
    Path executable = home.resolve("bin").resolve(windows ? "java.exe" : "java");
    if (!Files.isRegularFile(executable) || !Files.isExecutable(executable)) {
      throw new LocalNodeException(
          "No runnable Java at "
              + executable
              + " (from "
              + source
              + "); install Java 17 and point JAVA_HOME or --java-home at it.");
    }
    String version = readReleaseFile(home).or(() -> runJavaVersion(executable)).orElse(null);
    if (version == null) {
      throw new LocalNodeException(
          "Cannot tell which Java version "
              + executable
              + " is (from "
              + source
              + "); point JAVA_HOME or --java-home at a Java 17 installation.");
    }
    int major = majorVersion(version);
    if (major != 11 && major != 17) {
      throw new LocalNodeException(
          "Cassandra 5.0 runs on Java 11 or 17, but "
              + executable
              + " (from "
              + source
              + ") is Java "
              + version
              + "; point JAVA_HOME or --java-home at a Java 17 installation.");
    }
    return new JavaRuntime(home, executable, major);
  }

  /** The feature version of a Java version string: "17.0.15" is 17, "1.8.0_292" is 8. */
  static int majorVersion(String version) {
    String[] parts = version.split("[._+-]");
    try {
      int first = Integer.parseInt(parts[0]);
      return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The version in a JDK's {@code release} file, such as {@code JAVA_VERSION="17.0.15"}. */
  static Optional<String> versionFromRelease(String releaseFile) {
    Matcher m = RELEASE_VERSION.matcher(releaseFile);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /** The version in the output of {@code java -version}, such as {@code version "17.0.15"}. */
  static Optional<String> versionFromOutput(String output) {
    Matcher m = VERSION_OUTPUT.matcher(output);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  private static Optional<String> readReleaseFile(Path home) {
    try {
      return versionFromRelease(Files.readString(home.resolve("release")));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> runJavaVersion(Path executable) {
    try {
      Process process =
          new ProcessBuilder(executable.toString(), "-version").redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Optional.empty();
      }
      return versionFromOutput(output);
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
