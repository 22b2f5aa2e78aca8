package io.sluice.testinfra;

import java.util.Locale;

/** Derives a test class's keyspace name from the class name. */
final class KeyspaceNames {

  /** Every test keyspace starts so, so that a test never drops a keyspace it did not create. */
  static final String PREFIX = "sluice_it_";

  private static final int MAX_LENGTH = 48;

  private KeyspaceNames() {}

  /**
   * {@code CassandraSinkIT} becomes {@code sluice_it_cassandra_sink_it}, a nested {@code
   * Outer.Inner} becomes {@code sluice_it_outer_inner}; names longer than Cassandra's 48 characters
   * are cut and end in a hash of the full name, so they stay distinct.
   */
  static String forClass(Class<?> testClass) {
    String simpleNames = testClass.getName().substring(testClass.getName().lastIndexOf('.') + 1);
    String snake =
        simpleNames
            .replace('$', '_')
            .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .replaceAll("([A-Z]+)([A-Z][a-z])", "$1_$2")
            .replaceAll("[^A-Za-z0-9]+", "_")
            .toLowerCase(Locale.ROOT);
    String name = PREFIX + snake;
    if (name.length() <= MAX_LENGTH) {
      return name;
    }
    String hash = String.format("%08x", testClass.getName().hashCode());
    return name.substring(0, MAX_LENGTH - hash.length() - 1) + "_" + hash;
  }
}
