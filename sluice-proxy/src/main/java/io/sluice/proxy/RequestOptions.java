package io.sluice.proxy;

import com.datastax.oss.protocol.internal.request.query.QueryOptions;

/** A request's options as the proxy passes them on to the clusters. */
final class RequestOptions {

  private RequestOptions() {}

  /** The request's options with a write timestamp, the client's own when it set one. */
  static QueryOptions stamped(QueryOptions options, WriteClock clock) {
    return options.defaultTimestamp != QueryOptions.NO_DEFAULT_TIMESTAMP
        ? options
        : with(options, clock.next(), options.keyspace);
  }

  /**
   * The options without the per-request keyspace of protocol v5: the proxy sends the request on
   * connections already in that keyspace, which v4 nodes need and v5 nodes accept.
   */
  static QueryOptions withoutKeyspace(QueryOptions options) {
    return options.keyspace == null ? options : with(options, options.defaultTimestamp, null);
  }

  private static QueryOptions with(QueryOptions options, long timestamp, String keyspace) {
    return new QueryOptions(
        options.consistency,
        options.positionalValues,
        options.namedValues,
        options.skipMetadata,
        options.pageSize,
        options.pagingState,
        options.serialConsistency,
        timestamp,
        keyspace,
        options.nowInSeconds);
  }
}
