package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3Token;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The order in which a table's rows are stored and scanned: by the Murmur3 token of the partition
 * key, then by the partition key's bytes, then by each clustering column in its declared order,
 * each compared as Cassandra compares its type. A merge join walks a token-range scan of the target
 * in this order beside the source's rows.
 *
 * <p>The comparison follows Cassandra's for the types a clustering column commonly has (text, blob,
 * inet, boolean, the integers, {@code varint}, {@code decimal}, {@code float}, {@code double},
 * {@code timestamp}, {@code date}, {@code time}, {@code uuid}, {@code timeuuid}); others (frozen
 * collections, tuples, user-defined types, vectors) are compared by their bytes, which may differ
 * from Cassandra's order. A merge join never trusts the order alone for a verdict: a row it does
 * not find where the order puts it is looked up by key, so a wrong order costs reads, not findings.
 */
final class KeyOrder {

  private final TokenMap tokens;
  private final List<BoundColumn> partitionKey = new ArrayList<>();
  private final List<BoundColumn> clustering = new ArrayList<>();
  private final List<Boolean> descending = new ArrayList<>();

  KeyOrder(TableMetadata table, TokenMap tokens) {
    this.tokens = tokens;
    table.getPartitionKey().forEach(c -> partitionKey.add(new BoundColumn(c)));
    table.getClusteringColumns().keySet().forEach(c -> clustering.add(new BoundColumn(c)));
    table.getClusteringColumns().values().forEach(o -> descending.add(o == ClusteringOrder.DESC));
  }

  int clusteringColumns() {
    return clustering.size();
  }

  /** A row's place in the order. */
  record Key(long token, ByteBuffer partition, ByteBuffer[] clustering) {}

  /**
   * The key of a row given in the mapper's forms, or null when one of its key values cannot be
   * encoded for the table.
   */
  Key keyOf(Map<String, Object> values) {
    ByteBuffer[] parts = new ByteBuffer[partitionKey.size()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = encode(partitionKey.get(i), values);
      if (parts[i] == null) {
        return null;
      }
    }
    ByteBuffer[] clusteringValues = new ByteBuffer[clustering.size()];
    for (int i = 0; i < clusteringValues.length; i++) {
      clusteringValues[i] = encode(clustering.get(i), values);
      if (clusteringValues[i] == null) {
        return null;
      }
    }
    ByteBuffer[] hashed = new ByteBuffer[parts.length];
    for (int i = 0; i < parts.length; i++) {
      hashed[i] = parts[i].duplicate();
    }
    return new Key(tokenOf(hashed), partitionBytes(parts), clusteringValues);
  }

  /** The partition's Murmur3 token, read as a number without a round trip through its text. */
  private long tokenOf(ByteBuffer[] hashed) {
    Token token = tokens.newToken(hashed);
    return token instanceof Murmur3Token murmur3
        ? murmur3.getValue()
        : Long.parseLong(tokens.format(token));
  }

  /** The key of a row the target gave, from its raw key values and its token. */
  static Key keyOf(long token, ByteBuffer[] partitionParts, ByteBuffer[] clustering) {
    return new Key(token, partitionBytes(partitionParts), clustering);
  }

  private static ByteBuffer encode(BoundColumn column, Map<String, Object> values) {
    try {
      return column.encode(values.get(column.name));
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** A partition key as Cassandra stores it: one value as is, several in its composite form. */
  private static ByteBuffer partitionBytes(ByteBuffer[] parts) {
    if (parts.length == 1) {
      return parts[0].duplicate();
    }
    int size = 0;
    for (ByteBuffer part : parts) {
      size += 2 + part.remaining() + 1;
    }
    ByteBuffer composite = ByteBuffer.allocate(size);
    for (ByteBuffer part : parts) {
      composite.putShort((short) part.remaining());
      composite.put(part.duplicate());
      composite.put((byte) 0);
    }
    return composite.flip();
  }

  /** Compares two keys in the table's order. */
  int compare(Key a, Key b) {
    int c = Long.compare(a.token(), b.token());
    if (c != 0) {
      return c;
    }
    c = unsigned(a.partition(), b.partition());
    if (c != 0) {
      return c;
    }
    for (int i = 0; i < clustering.size(); i++) {
      c = compare(clustering.get(i).metadata.getType(), a.clustering()[i], b.clustering()[i]);
      if (c != 0) {
        return descending.get(i) ? -c : c;
      }
    }
    return 0;
  }

  /** Compares two values of one type as Cassandra orders them; an empty value comes first. */
  static int compare(DataType type, ByteBuffer a, ByteBuffer b) {
    if (!a.hasRemaining() || !b.hasRemaining()) {
      return Boolean.compare(a.hasRemaining(), b.hasRemaining());
    }
    if (type.equals(DataTypes.TINYINT)) {
      return Byte.compare(a.get(a.position()), b.get(b.position()));
    }
    if (type.equals(DataTypes.SMALLINT)) {
      return Short.compare(a.getShort(a.position()), b.getShort(b.position()));
    }
    if (type.equals(DataTypes.INT)) {
      return Integer.compare(a.getInt(a.position()), b.getInt(b.position()));
    }
    if (type.equals(DataTypes.BIGINT)
        || type.equals(DataTypes.TIMESTAMP)
        || type.equals(DataTypes.TIME)) {
      return Long.compare(a.getLong(a.position()), b.getLong(b.position()));
    }
    if (type.equals(DataTypes.DATE)) {
      return Integer.compareUnsigned(a.getInt(a.position()), b.getInt(b.position()));
    }
    if (type.equals(DataTypes.FLOAT)) {
      return Float.compare(a.getFloat(a.position()), b.getFloat(b.position()));
    }
    if (type.equals(DataTypes.DOUBLE)) {
      return Double.compare(a.getDouble(a.position()), b.getDouble(b.position()));
    }
    if (type.equals(DataTypes.VARINT)) {
      return new BigInteger(bytes(a)).compareTo(new BigInteger(bytes(b)));
    }
    if (type.equals(DataTypes.DECIMAL)) {
      return decimal(a).compareTo(decimal(b));
    }
    if (type.equals(DataTypes.TIMEUUID)) {
      return compareTimeUuids(a, b);
    }
    if (type.equals(DataTypes.UUID)) {
      return compareUuids(a, b);
    }
    return unsigned(a, b);
  }

  private static BigDecimal decimal(ByteBuffer value) {
    int scale = value.getInt(value.position());
    byte[] unscaled = new byte[value.remaining() - 4];
    value.duplicate().position(value.position() + 4).get(unscaled);
    return new BigDecimal(new BigInteger(unscaled), scale);
  }

  /** By time, then by the rest of the bytes compared as signed bytes, as Cassandra does. */
  private static int compareTimeUuids(ByteBuffer a, ByteBuffer b) {
    int c = Long.compare(timeFirst(a.getLong(a.position())), timeFirst(b.getLong(b.position())));
    if (c != 0) {
      return c;
    }
    return Long.compare(
        signedBytes(a.getLong(a.position() + 8)), signedBytes(b.getLong(b.position() + 8)));
  }

  /** By version; a time-based one by time, any other by its bytes; then the low bytes. */
  private static int compareUuids(ByteBuffer a, ByteBuffer b) {
    long msbA = a.getLong(a.position());
    long msbB = b.getLong(b.position());
    int versionA = (int) ((msbA >>> 12) & 0xf);
    int versionB = (int) ((msbB >>> 12) & 0xf);
    if (versionA != versionB) {
      return Integer.compare(versionA, versionB);
    }
    int c =
        versionA == 1
            ? Long.compare(timeFirst(msbA), timeFirst(msbB))
            : Long.compareUnsigned(msbA, msbB);
    if (c != 0) {
      return c;
    }
    return Long.compareUnsigned(a.getLong(a.position() + 8), b.getLong(b.position() + 8));
  }

  /** A version 1 UUID's high bits reordered so that they sort by its timestamp. */
  private static long timeFirst(long msb) {
    return (msb << 48) | ((msb << 16) & 0xFFFF00000000L) | (msb >>> 32);
  }

  /** Eight bytes turned so that comparing the longs compares the bytes as signed, one by one. */
  private static long signedBytes(long bytes) {
    return bytes ^ 0x0080808080808080L;
  }

  private static int unsigned(ByteBuffer a, ByteBuffer b) {
    int at = a.mismatch(b);
    if (at < 0) {
      return 0;
    }
    if (at >= a.remaining() || at >= b.remaining()) {
      return Integer.compare(a.remaining(), b.remaining());
    }
    return Integer.compare(a.get(a.position() + at) & 0xff, b.get(b.position() + at) & 0xff);
  }

  private static byte[] bytes(ByteBuffer value) {
    byte[] bytes = new byte[value.remaining()];
    value.duplicate().get(bytes);
    return bytes;
  }
}
