package io.sluice.testinfra;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * Where a test class's keyspace lives: what a job file or a new driver session needs to reach it.
 *
 * @param contactPoints the cluster's contact points; for the local test node, one on 127.0.0.1
 * @param localDatacenter the datacenter to name in {@code withLocalDatacenter}
 * @param name the keyspace, created fresh for the test class and dropped after it
 */
public record TestKeyspace(
    List<InetSocketAddress> contactPoints, String localDatacenter, String name) {

  public TestKeyspace {
    contactPoints = List.copyOf(contactPoints);
  }

  /** The first contact point. */
  public InetSocketAddress contactPoint() {
    return contactPoints.get(0);
  }

  public String host() {
    return contactPoint().getHostString();
  }

  public int port() {
    return contactPoint().getPort();
  }

  /** The first contact point as {@code host:port}, as job files write it. */
  public String hostAndPort() {
    return host() + ":" + port();
  }
}
