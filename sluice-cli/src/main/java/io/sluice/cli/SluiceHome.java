package io.sluice.cli;

import java.nio.file.Path;

/**
 * The folder where the CLI keeps its local state: the local Cassandra node and the demo. The {@code
 * ./sluice} script sets it to the checkout's {@code .sluice}; otherwise it is {@code .sluice} in
 * the working directory.
 */
final class SluiceHome {

  static final String PROPERTY = "sluice.home";

  private SluiceHome() {}

  static Path dir() {
    return Path.of(System.getProperty(PROPERTY, ".sluice")).toAbsolutePath().normalize();
  }

  static Path nodeFolder() {
    return dir().resolve("cassandra");
  }
}
