package io.sluice.proxy;

import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.DefaultRows;
import com.datastax.oss.protocol.internal.response.result.Rows;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes the proxy look like a cluster of one node: the serving cluster's {@code system.local} row
 * with the proxy's address, host id and one token, and no peers, so drivers send everything to the
 * proxy and never try to reach the clusters' nodes themselves. The cluster name, datacenter and
 * rack stay those of the first answer, so that a driver that checks them on a new connection still
 * finds the cluster it knows after reads are switched to the other cluster.
 */
final class ProxyNodeRows {

  /** One token for the whole ring: with a single node, which one does not matter. */
  private static final String TOKEN = "0";

  /** What names the cluster to a driver, which it checks on every connection. */
  private static final Set<String> IDENTITY = Set.of("cluster_name", "data_center", "rack");

  private final Map<String, ByteBuffer> ownValues;

  /** The identity of the first answer, kept after reads are switched to the other cluster. */
  private final Map<String, ByteBuffer> identity = new ConcurrentHashMap<>();

  ProxyNodeRows(InetSocketAddress listen, UUID hostId) {
    ByteBuffer address = TypeCodecs.INET.encode(listen.getAddress(), DefaultProtocolVersion.V4);
    ByteBuffer port = TypeCodecs.INT.encode(listen.getPort(), DefaultProtocolVersion.V4);
    this.ownValues =
        Map.of(
            "rpc_address", address,
            "broadcast_address", address,
            "listen_address", address,
            "rpc_port", port,
            "native_port", port,
            "host_id", TypeCodecs.UUID.encode(hostId, DefaultProtocolVersion.V4),
            "tokens",
                TypeCodecs.setOf(TypeCodecs.TEXT).encode(Set.of(TOKEN), DefaultProtocolVersion.V4));
  }

  /** The primary's answer about its node, told of the proxy instead. */
  Rows local(Rows primary) {
    List<ColumnSpec> columns = primary.getMetadata().columnSpecs;
    Queue<List<ByteBuffer>> rows = new ArrayDeque<>();
    for (List<ByteBuffer> row : primary.getData()) {
      List<ByteBuffer> own = new ArrayList<>(row);
      for (int i = 0; i < columns.size() && i < own.size(); i++) {
        String name = columns.get(i).name;
        ByteBuffer value = ownValues.get(name);
        if (value != null) {
          own.set(i, value.duplicate());
        } else if (IDENTITY.contains(name) && own.get(i) != null) {
          ByteBuffer first = identity.putIfAbsent(name, own.get(i).duplicate());
          if (first != null) {
            own.set(i, first.duplicate());
          }
        }
      }
      rows.add(own);
    }
    return new DefaultRows(primary.getMetadata(), rows);
  }

  /** The primary's answer about its peers, with none of them. */
  Rows peers(Rows primary) {
    return new DefaultRows(primary.getMetadata(), new ArrayDeque<>());
  }
}
