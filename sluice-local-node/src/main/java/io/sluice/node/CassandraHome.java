package io.sluice.node;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An Apache Cassandra distribution on disk: a folder whose {@code lib/} holds {@code
 * cassandra-all-VERSION.jar} and its dependencies, as laid out by the {@code sluice-cassandra-dist}
 * module (or a Cassandra tarball).
 *
 * @param dir the folder holding {@code lib/}
 * @param jars every jar of {@code lib/}, sorted by name
 * @param version the Cassandra version, read from the name of the cassandra-all jar
 */
public record CassandraHome(Path dir, List<Path> jars, String version) {

  /** System property naming the distribution folder; the build and {@code ./sluice} set it. */
  public static final String HOME_PROPERTY = "sluice.cassandra.home";

  /** Environment variable naming the distribution folder, used when the property is not set. */
  public static final String HOME_ENV = "SLUICE_CASSANDRA_HOME";

  private static final Pattern CASSANDRA_ALL = Pattern.compile("cassandra-all-(\\d[^/]*)\\.jar");
  private static final Pattern JAMM = Pattern.compile("jamm-.*\\.jar");
  private static final String HOW_TO_GET_IT =
      "run ./mvnw package in the Sluice source folder (it fetches Cassandra from Maven Central)"
          + " or set "
          + HOME_ENV
          + " to a folder whose lib/ holds cassandra-all-*.jar";

  public CassandraHome {
    jars = List.copyOf(jars);
  }

  /**
   * Finds the distribution named by {@value #HOME_PROPERTY} or, failing that, {@value #HOME_ENV}.
   */
  public static CassandraHome locate() {
    return locate(System.getProperty(HOME_PROPERTY), System.getenv());
  }

  static CassandraHome locate(String property, Map<String, String> env) {
    if (property != null && !property.isBlank()) {
      return at(Path.of(property), "system property " + HOME_PROPERTY);
    }
    String fromEnv = env.get(HOME_ENV);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return at(Path.of(fromEnv), HOME_ENV);
    }
    throw new LocalNodeException("Cannot find Apache Cassandra: " + HOW_TO_GET_IT + ".");
  }

  /** Reads the distribution in {@code dir}. */
  public static CassandraHome at(Path dir) {
    return at(dir, "the given Cassandra folder");
  }

  private static CassandraHome at(Path dir, String source) {
    Path absolute = dir.toAbsolutePath().normalize();
    Path lib = absolute.resolve("lib");
    List<Path> jars;
    try (Stream<Path> files = Files.list(lib)) {
      jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
    } catch (IOException e) {
      jars = List.of();
    }
    Optional<String> version = jars.stream().flatMap(j -> versionOf(j).stream()).findFirst();
    if (version.isEmpty()) {
      throw new LocalNodeException(
          "No cassandra-all jar in " + lib + " (from " + source + "): " + HOW_TO_GET_IT + ".");
    }
    return new CassandraHome(absolute, jars, version.get());
  }

  private static Optional<String> versionOf(Path jar) {
    Matcher m = CASSANDRA_ALL.matcher(jar.getFileName().toString());
    return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /** The {@code jamm} jar, which Cassandra needs as a Java agent to measure object sizes. */
  public Path jammAgent() {
    return jars.stream()
        .filter(j -> JAMM.matcher(j.getFileName().toString()).matches())
        .findFirst()
        .orElseThrow(
            () ->
                new LocalNodeException(
                    "No jamm-*.jar in " + dir.resolve("lib") + ": " + HOW_TO_GET_IT + "."));
  }

  /** All jars joined with the platform's path separator. */
  public String classpath() {
    return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
  }
}
