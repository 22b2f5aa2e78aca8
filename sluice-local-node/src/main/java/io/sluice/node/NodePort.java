package io.sluice.node;

/** The TCP ports a local node listens on, all on 127.0.0.1. */
public enum NodePort {
  /** Where CQL clients (Sluice, cqlsh, the driver) connect. */
  NATIVE("CQL", 9042, "--native-port"),
  /** Inter-node traffic; a single node still listens on it. */
  STORAGE("storage", 7000, "--storage-port"),
  /** JMX, for nodetool. */
  JMX("JMX", 7199, "--jmx-port");

  private final String label;
  private final int defaultPort;
  private final String cliOption;

  NodePort(String label, int defaultPort, String cliOption) {
    this.label = label;
    this.defaultPort = defaultPort;
    this.cliOption = cliOption;
  }

  /** A short name for messages, such as "CQL". */
  public String label() {
    return label;
  }

  /** The port Cassandra uses out of the box. */
  public int defaultPort() {
    return defaultPort;
  }

  /** The option of {@code sluice cassandra start} and {@code sluice demo} choosing this port. */
  public String cliOption() {
    return cliOption;
  }
}
