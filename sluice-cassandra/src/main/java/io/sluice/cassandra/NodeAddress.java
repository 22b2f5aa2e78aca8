package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.metadata.Node;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Where a backlog probe finds a node: the host the driver reaches it at (after any address
 * translation) and its CQL port. Both probes name nodes by this address, so their readings of the
 * same node match.
 */
record NodeAddress(String host, int port) {

  static NodeAddress of(Node node) {
    SocketAddress endPoint = node.getEndPoint().resolve();
    if (endPoint instanceof InetSocketAddress address) {
      return of(address);
    }
    return node.getBroadcastRpcAddress()
        .map(NodeAddress::of)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "Node " + node.getEndPoint() + " has no IP address to probe."));
  }

  static NodeAddress of(InetSocketAddress address) {
    String host =
        address.getAddress() == null
            ? address.getHostString()
            : address.getAddress().getHostAddress();
    return new NodeAddress(host, address.getPort());
  }

  /** {@code host:port}, as {@link io.sluice.core.flow.Backlog#node()} names the node. */
  String name() {
    return host + ":" + port;
  }

  /** {@code host:port} for another port of the same host (IPv6 hosts in brackets). */
  String withPort(int otherPort) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + otherPort;
  }
}
