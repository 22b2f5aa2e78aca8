package io.sluice.cli;

import io.sluice.node.NodeOptions;
import picocli.CommandLine.Option;

/** The local node's port options, shared by {@code sluice cassandra start} and {@code demo}. */
final class NodePortOptions {

  @Option(names = "--native-port", description = "CQL port (default 9042, or the last one).")
  Integer nativePort;

  @Option(names = "--storage-port", description = "Internode port (default 7000).")
  Integer storagePort;

  @Option(names = "--jmx-port", description = "Local JMX port (default 7199).")
  Integer jmxPort;

  boolean anyGiven() {
    return nativePort != null || storagePort != null || jmxPort != null;
  }

  /** Asks {@code builder} for the ports given on the command line; the others stay as they are. */
  NodeOptions.Builder applyTo(NodeOptions.Builder builder) {
    if (nativePort != null) {
      builder.nativePort(nativePort);
    }
    if (storagePort != null) {
      builder.storagePort(storagePort);
    }
    if (jmxPort != null) {
      builder.jmxPort(jmxPort);
    }
    return builder;
  }
}
