package io.sluice.node;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a node folder holds and whether its Cassandra runs.
 *
 * @param folder the node folder
 * @param running whether its Cassandra process is alive (it may still be starting)
 * @param pid the Cassandra process when running
 * @param ports the ports of the last start, or empty if the node was never set up
 * @param cassandraVersion the Cassandra version of the last start, or empty if never set up
 * @param systemLog Cassandra's log file
 */
public record NodeStatus(
    Path folder,
    boolean running,
    OptionalLong pid,
    Optional<NodePorts> ports,
    Optional<String> cassandraVersion,
    Path systemLog) {

  /** The datacenter a local node belongs to, for the driver's {@code withLocalDatacenter}. */
  public static final String LOCAL_DATACENTER = "datacenter1";

  /** Whether the folder holds a node Sluice set up, running or not. */
  public boolean initialized() {
    return ports.isPresent();
  }

  /** Where CQL clients connect, if the node was ever set up. */
  public Optional<InetSocketAddress> contactPoint() {
    return ports.map(p -> new InetSocketAddress(LocalPorts.LOOPBACK, p.nativePort()));
  }
}
