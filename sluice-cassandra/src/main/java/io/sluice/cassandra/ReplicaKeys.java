package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import io.sluice.core.sink.Row;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

  /**
   * The ring as last seen: each token range by its end, in token order, with the number of its
   * replica set; remade when the driver's token map changes (a node added, say).
   */
  private record Ring(TokenMap tokens, Token[] ends, Integer[] groups) {

    static Ring of(TokenMap tokens, CqlIdentifier keyspace) {
      List<TokenRange> ranges = new ArrayList<>(tokens.getTokenRanges());
      ranges.sort(Comparator.comparing(TokenRange::getEnd));
      Token[] ends = new Token[ranges.size()];
      Integer[] groups = new Integer[ranges.size()];
      Map<Set<Node>, Integer> numbers = new HashMap<>();
      for (int i = 0; i < ends.length; i++) {
        ends[i] = ranges.get(i).getEnd();
        groups[i] =
            numbers.computeIfAbsent(
                tokens.getReplicas(keyspace, ranges.get(i)), replicas -> numbers.size());
      }
      return new Ring(tokens, ends, groups);
    }

    /** The group of a token: its range's, the first whose end is at or after it, else the wrap. */
    Object groupOf(Token token) {
      int low = 0;
      int high = ends.length - 1;
      while (low <= high) {
        int middle = (low + high) >>> 1;
        if (ends[middle].compareTo(token) < 0) {
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      return groups[low == ends.length ? 0 : low];
    }
  }

  private volatile Ring ring;

  /**
   * The replicas of the row's partition, as a value that equals another row's with the same: the
   * number of its replica set, found from the ring as last seen rather than asked of the token map
   * row by row.
   */
  Object of(Row row) {
    Optional<TokenMap> tokens = session.getMetadata().getTokenMap();
    if (tokens.isEmpty() || tokens.get().getTokenRanges().isEmpty()) {
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
    Ring seen = ring;
    if (seen == null || seen.tokens() != tokens.get()) {
      seen = Ring.of(tokens.get(), keyspace);
      ring = seen;
    }
    return seen.groupOf(tokens.get().newToken(key));
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
