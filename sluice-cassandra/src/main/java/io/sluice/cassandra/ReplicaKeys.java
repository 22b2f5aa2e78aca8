package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import io.sluice.core.sink.Row;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * The replicas a row's partition lives on, from the driver's token map: rows of several records
 * that share them can go in one batch to a node that holds them all ({@code flow.batch: replica}).
 */
final class ReplicaKeys {

  /** The group of rows whose replicas cannot be told (no token map, a key that cannot encode). */
  private static final Object ANY = "any replicas";

  private final CqlSession session;
  private final CqlIdentifier keyspace;
  private final List<BoundColumn> partitionKey;

  ReplicaKeys(CqlSession session, CqlIdentifier keyspace, List<BoundColumn> partitionKey) {
    this.session = session;
    this.keyspace = keyspace;
    this.partitionKey = List.copyOf(partitionKey);
  }

  /** The replicas of the row's partition, as a value that equals another row's with the same. */
  Object of(Row row) {
    Optional<TokenMap> tokens = session.getMetadata().getTokenMap();
    if (tokens.isEmpty()) {
      return ANY;
    }
    ByteBuffer key;
    try {
      key = routingKey(row);
    } catch (RuntimeException e) {
      // The write refuses the row by itself, with the reason; any group will do until then.
      return ANY;
    }
    if (key == null) {
      return ANY;
    }
    Token token = tokens.get().newToken(key);
    return tokens.get().getReplicas(keyspace, token);
  }

  /**
   * The partition key as the partitioner hashes it: the one column's bytes, or for several each
   * column's as a short length, the bytes and a zero byte.
   */
  private ByteBuffer routingKey(Row row) {
    if (partitionKey.size() == 1) {
      BoundColumn column = partitionKey.get(0);
      return column.encode(row.values().get(column.name));
    }
    ByteBuffer[] parts = new ByteBuffer[partitionKey.size()];
    int size = 0;
    for (int i = 0; i < parts.length; i++) {
      BoundColumn column = partitionKey.get(i);
      parts[i] = column.encode(row.values().get(column.name));
      if (parts[i] == null) {
        return null;
      }
      size += 2 + parts[i].remaining() + 1;
    }
    ByteBuffer composite = ByteBuffer.allocate(size);
    for (ByteBuffer part : parts) {
      composite.putShort((short) part.remaining());
      composite.put(part.duplicate());
      composite.put((byte) 0);
    }
    return composite.flip();
  }
}
