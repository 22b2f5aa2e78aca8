package io.sluice.spark;

import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes job files for the Spark tests, pointed at a table of the test keyspace. */
final class JobFile {

  private JobFile() {}

  /**
   * Writes {@code dir/name.yaml}, its state in {@code dir/state-name}: the given {@code sources:}
   * block (YAML, already indented), a target of {@code table} in the test keyspace, then {@code
   * rest} (the mapping and any other settings).
   */
  static Path write(
      Path dir, String name, TestKeyspace keyspace, String table, String sources, String rest)
      throws IOException {
    String yaml =
        "name: "
            + name
            + "\nstate-dir: state-"
            + name
            + "\nsources:\n"
            + sources
            + "target:\n  contact-points: ["
            + keyspace.hostAndPort()
            + "]\n  local-datacenter: "
            + keyspace.localDatacenter()
            + "\n  keyspace: "
            + keyspace.name()
            + "\n  table: "
            + table
            + "\n"
            + rest;
    return Files.writeString(dir.resolve(name + ".yaml"), yaml);
  }
}
