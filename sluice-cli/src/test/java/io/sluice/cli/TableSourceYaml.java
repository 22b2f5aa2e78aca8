package io.sluice.cli;

import io.sluice.testinfra.TestKeyspace;

/**
 * The {@code sources:} entry of a job that reads a table of a test cluster ({@code type:
 * cassandra}).
 */
final class TableSourceYaml {

  private TableSourceYaml() {}

  /**
   * A source named {@code name} reading {@code table} of {@code keyspace}'s keyspace, with further
   * {@code options} lines as YAML (each {@code "key: value"}).
   */
  static String of(String name, TestKeyspace keyspace, String table, String... options) {
    StringBuilder yaml =
        new StringBuilder("  - name: ")
            .append(name)
            .append("\n    type: cassandra\n    options:\n      contact-points: [")
            .append(keyspace.hostAndPort())
            .append("]\n      keyspace: ")
            .append(keyspace.name())
            .append("\n      table: ")
            .append(table)
            .append('\n');
    for (String option : options) {
      yaml.append("      ").append(option).append('\n');
    }
    return yaml.toString();
  }
}
