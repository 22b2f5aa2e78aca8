package io.sluice.node;

/**
 * The three ports of one node.
 *
 * @param nativePort CQL native transport
 * @param storagePort inter-node storage
 * @param jmxPort local JMX
 */
public record NodePorts(int nativePort, int storagePort, int jmxPort) {

  /** Cassandra's defaults: 9042, 7000, 7199. */
  public static final NodePorts DEFAULTS =
      new NodePorts(
          NodePort.NATIVE.defaultPort(),
          NodePort.STORAGE.defaultPort(),
          NodePort.JMX.defaultPort());

  public NodePorts {
    for (int port : new int[] {nativePort, storagePort, jmxPort}) {
      if (port < 1 || port > 65535) {
        throw new LocalNodeException("Port " + port + " is not between 1 and 65535.");
      }
    }
    if (nativePort == storagePort || nativePort == jmxPort || storagePort == jmxPort) {
      throw new LocalNodeException(
          "The CQL, storage and JMX ports must differ, but they are "
              + nativePort
              + ", "
              + storagePort
              + " and "
              + jmxPort
              + ".");
    }
  }

  public int get(NodePort port) {
    return switch (port) {
      case NATIVE -> nativePort;
      case STORAGE -> storagePort;
      case JMX -> jmxPort;
    };
  }
}
