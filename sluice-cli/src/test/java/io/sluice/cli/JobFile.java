package io.sluice.cli;

import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes job files for tests, pointed at the test keyspace, with state kept beside them. */
final class JobFile {

  private JobFile() {}

  /**
   * Writes {@code dir/name.yaml}: the given {@code sources:} and {@code mapping:} blocks (YAML,
   * already indented), a target of {@code table} in the test keyspace (of the keyspace only, for a
   * job of several tables, when null), and state in {@code dir/state-name}.
   */
  static Path write(
      Path dir, String name, TestKeyspace keyspace, String table, String sources, String rest)
      throws IOException {
    return write(dir, name, keyspace, table, "", sources, rest);
  }

  /**
   * As {@link #write(Path, String, TestKeyspace, String, String, String)}, with {@code target}
   * (YAML indented by two, such as a login or a {@code tls:} block) added under {@code target:}.
   */
  static Path write(
      Path dir,
      String name,
      TestKeyspace keyspace,
      String table,
      String target,
      String sources,
      String rest)
      throws IOException {
    String yaml =
        "name: "
            + name
            + "\n"
            + "state-dir: state-"
            + name
            + "\n"
            + "sources:\n"
            + sources
            + "target:\n"
            + cluster(keyspace, "  ")
            + "  keyspace: "
            + keyspace.name()
            + "\n"
            + (table == null ? "" : "  table: " + table + "\n")
            + target
            + rest;
    Path file = dir.resolve(name + ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  /** A {@code type: cassandra} source reading {@code table} of {@code keyspace}. */
  static String tableSource(TestKeyspace keyspace, String table, int fetchSize) {
    return "  - name: table\n"
        + "    type: cassandra\n"
        + "    options:\n"
        + cluster(keyspace, "      ")
        + "      keyspace: "
        + keyspace.name()
        + "\n"
        + "      table: "
        + table
        + "\n"
        + "      fetch-size: "
        + fetchSize
        + "\n";
  }

  /** The test node's contact point and datacenter, as YAML lines indented by {@code indent}. */
  static String cluster(TestKeyspace keyspace, String indent) {
    return indent
        + "contact-points: ["
        + keyspace.hostAndPort()
        + "]\n"
        + indent
        + "local-datacenter: "
        + keyspace.localDatacenter()
        + "\n";
  }
}
