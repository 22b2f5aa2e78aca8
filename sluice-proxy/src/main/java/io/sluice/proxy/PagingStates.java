package io.sluice.proxy;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.result.DefaultRows;
import com.datastax.oss.protocol.internal.response.result.Rows;
import com.datastax.oss.protocol.internal.response.result.RowsMetadata;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Paging states that remember their cluster. A paging state belongs to the cluster that gave it, so
 * the proxy puts one byte in front of each it hands a client ({@code primary} or {@code secondary},
 * as configured) and sends the next page to that cluster, even after reads were switched to the
 * other one: a read that started on a cluster ends there.
 */
final class PagingStates {

  private static final byte PRIMARY = 1;
  private static final byte SECONDARY = 2;

  private PagingStates() {}

  /** The answer with its paging state marked as {@code cluster}'s, when it has one. */
  static Message marked(Message answer, ClusterRole cluster) {
    if (!(answer instanceof Rows rows) || rows.getMetadata().pagingState == null) {
      return answer;
    }
    RowsMetadata metadata = rows.getMetadata();
    ByteBuffer state = metadata.pagingState.duplicate();
    ByteBuffer marked = ByteBuffer.allocate(state.remaining() + 1);
    marked.put(cluster == ClusterRole.PRIMARY ? PRIMARY : SECONDARY).put(state).flip();
    return new DefaultRows(
        new RowsMetadata(
            metadata.flags,
            metadata.columnSpecs,
            metadata.columnCount,
            marked,
            metadata.pkIndices,
            metadata.newResultMetadataId),
        rows.getData());
  }

  /**
   * The cluster a client's paging state came from, or empty when the request has none (or one the
   * proxy did not mark).
   */
  static Optional<ClusterRole> clusterOf(QueryOptions options) {
    ByteBuffer state = options.pagingState;
    if (state == null || state.remaining() < 1) {
      return Optional.empty();
    }
    byte mark = state.get(state.position());
    return mark == PRIMARY
        ? Optional.of(ClusterRole.PRIMARY)
        : mark == SECONDARY ? Optional.of(ClusterRole.SECONDARY) : Optional.empty();
  }

  /** The options with the paging state as its cluster gave it. */
  static QueryOptions unmarked(QueryOptions options) {
    ByteBuffer state = options.pagingState;
    if (state == null || state.remaining() < 1) {
      return options;
    }
    byte mark = state.get(state.position());
    if (mark != PRIMARY && mark != SECONDARY) {
      return options;
    }
    ByteBuffer original = state.duplicate();
    original.position(original.position() + 1);
    return new QueryOptions(
        options.consistency,
        options.positionalValues,
        options.namedValues,
        options.skipMetadata,
        options.pageSize,
        original.slice(),
        options.serialConsistency,
        options.defaultTimestamp,
        options.keyspace,
        options.nowInSeconds);
  }
}
