package io.sluice.proxy;

import com.datastax.oss.driver.internal.core.protocol.ByteBufPrimitiveCodec;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * One write a cluster missed, as the replay log keeps it: the cluster it is for, the keyspace it
 * ran in, when the client made it, and the statement itself as text with its bound values (a
 * prepared statement's id would mean nothing to a proxy started again), with its write timestamp
 * set. Encoded with the native protocol's own codec (v5, which keeps every option), so what is
 * replayed is byte for byte what the cluster was sent.
 *
 * @param cluster the cluster that missed it
 * @param keyspace the keyspace the statement ran in, or null
 * @param schema whether it changes the schema (replayed alone, in order)
 * @param madeAtMillis when the client made it, in milliseconds since the epoch
 * @param write a {@link Query} or a {@link Batch} of statement texts
 * @param unsure whether the cluster may have applied it already: it was sent, and no answer said
 *     whether it was applied (a timeout, a connection lost), so it is replayed only where a second
 *     application changes nothing
 */
record ReplayRecord(
    ClusterRole cluster,
    String keyspace,
    boolean schema,
    long madeAtMillis,
    Message write,
    boolean unsure) {

  private static final int FORMAT = 1;
  private static final int VERSION = ProtocolConstants.Version.V5;
  private static final ByteBufPrimitiveCodec CODEC =
      new ByteBufPrimitiveCodec(ByteBufAllocator.DEFAULT);
  private static final Message.Codec QUERY = new Query.Codec(VERSION);
  private static final Message.Codec BATCH = new Batch.Codec(VERSION);

  ReplayRecord {
    if (!(write instanceof Query) && !(write instanceof Batch)) {
      throw new IllegalArgumentException("Only statements as text are replayed, not " + write);
    }
  }

  /** The bytes the log keeps. */
  byte[] encode() {
    Message.Codec codec = write instanceof Query ? QUERY : BATCH;
    ByteBuf out = Unpooled.buffer(64 + codec.encodedSize(write));
    try {
      out.writeByte(FORMAT);
      out.writeByte(cluster == ClusterRole.PRIMARY ? 0 : 1);
      out.writeByte((schema ? 1 : 0) | (write instanceof Batch ? 2 : 0) | (unsure ? 4 : 0));
      out.writeLong(madeAtMillis);
      byte[] name = keyspace == null ? new byte[0] : keyspace.getBytes(StandardCharsets.UTF_8);
      out.writeShort(keyspace == null ? -1 : name.length);
      out.writeBytes(name);
      codec.encode(out, write, CODEC);
      byte[] bytes = new byte[out.readableBytes()];
      out.readBytes(bytes);
      return bytes;
    } finally {
      out.release();
    }
  }

  /**
   * The record the bytes hold.
   *
   * @throws IllegalArgumentException when they are not a record of this format
   */
  static ReplayRecord decode(byte[] bytes) {
    ByteBuf in = Unpooled.wrappedBuffer(bytes);
    try {
      int format = in.readByte();
      if (format != FORMAT) {
        throw new IllegalArgumentException("a replay record of unknown format " + format);
      }
      ClusterRole cluster = in.readByte() == 0 ? ClusterRole.PRIMARY : ClusterRole.SECONDARY;
      int flags = in.readByte();
      long madeAt = in.readLong();
      int length = in.readShort();
      String keyspace = null;
      if (length >= 0) {
        byte[] name = new byte[length];
        in.readBytes(name);
        keyspace = new String(name, StandardCharsets.UTF_8);
      }
      Message write = ((flags & 2) != 0 ? BATCH : QUERY).decode(in, CODEC);
      return new ReplayRecord(cluster, keyspace, (flags & 1) != 0, madeAt, write, (flags & 4) != 0);
    } catch (IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("a replay record cut short", e);
    } finally {
      in.release();
    }
  }

  /**
   * The write with the node's "now" set to when the client made it, so a TTL counts from then and
   * not from the replay; for connections of protocol v5 and later only, which carry that option.
   */
  Message asMadeThen() {
    int madeAt = (int) (madeAtMillis / 1000);
    if (write instanceof Query query) {
      QueryOptions o = query.options;
      if (o.nowInSeconds != QueryOptions.NO_NOW_IN_SECONDS) {
        return query;
      }
      return new Query(
          query.query,
          new QueryOptions(
              o.consistency,
              o.positionalValues,
              o.namedValues,
              o.skipMetadata,
              o.pageSize,
              o.pagingState,
              o.serialConsistency,
              o.defaultTimestamp,
              o.keyspace,
              madeAt));
    }
    Batch batch = (Batch) write;
    if (batch.nowInSeconds != QueryOptions.NO_NOW_IN_SECONDS) {
      return batch;
    }
    return new Batch(
        batch.type,
        batch.queriesOrIds,
        batch.values,
        batch.consistency,
        batch.serialConsistency,
        batch.defaultTimestamp,
        batch.keyspace,
        madeAt);
  }
}
