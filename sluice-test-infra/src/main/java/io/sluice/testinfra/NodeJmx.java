package io.sluice.testinfra;

/**
 * Where the test cluster's first node answers JMX, for tests that read or steer its compactions
 * (see {@link NodeCompactions}). The local test node accepts JMX from 127.0.0.1 without login.
 *
 * @param host the node's host, as for CQL
 * @param port its JMX port: the local node's, or {@code -Dsluice.it.jmx-port} (default 7199) for an
 *     existing cluster
 */
public record NodeJmx(String host, int port) {

  /** {@code host:port}. */
  public String hostAndPort() {
    return host + ":" + port;
  }

  /**
   * The address a JMX client connects to: {@code service:jmx:rmi:///jndi/rmi://host:port/jmxrmi}.
   */
  public String serviceUrl() {
    return "service:jmx:rmi:///jndi/rmi://" + hostAndPort() + "/jmxrmi";
  }
}
