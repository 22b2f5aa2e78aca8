package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import com.datastax.oss.protocol.internal.response.result.RowsMetadata;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A statement a client prepared through the proxy: its text, and its id on each cluster. The client
 * knows it by the id of the cluster that served reads when it was prepared ({@code servedBy}),
 * which stays its id after the proxy switches which cluster serves reads.
 *
 * @param query the statement's text as the clusters prepared it
 * @param once where the proxy put bind markers in place of calls it evaluates once, or null when
 *     the statement is the client's own
 * @param keyspace the client's keyspace when it prepared it, or null
 * @param kind what the statement does
 * @param servedBy the cluster whose id the client got
 * @param primary the configured primary's answer to the prepare, or null where the statement is a
 *     read and that cluster could not prepare it (never null for {@code servedBy})
 * @param secondary the configured secondary's answer, or null likewise
 */
record PreparedStatement(
    String query,
    OnceEvaluated.Rewritten once,
    String keyspace,
    StatementKind kind,
    ClusterRole servedBy,
    Prepared primary,
    Prepared secondary) {

  /** A statement prepared while {@code served} serves reads, with the other cluster's answer. */
  static PreparedStatement of(
      String query,
      OnceEvaluated.Rewritten once,
      String keyspace,
      StatementKind kind,
      ClusterRole servedBy,
      Prepared served,
      Prepared other) {
    boolean primaryServes = servedBy == ClusterRole.PRIMARY;
    return new PreparedStatement(
        query,
        once,
        keyspace,
        kind,
        servedBy,
        primaryServes ? served : other,
        primaryServes ? other : served);
  }

  /** The answer whose id the client knows. */
  Prepared served() {
    return on(servedBy);
  }

  /** The keyspace of the table it reads or writes, which routing by token needs. */
  CqlIdentifier routingKeyspace() {
    List<ColumnSpec> variables = served().variablesMetadata.columnSpecs;
    return variables.isEmpty() ? null : CqlIdentifier.fromInternal(variables.get(0).ksName);
  }

  /** The id the client executes it by. */
  ByteBuffer clientId() {
    return ByteBuffer.wrap(served().preparedQueryId);
  }

  /** The served answer as the client sees it: without the markers the proxy added. */
  Prepared forClient() {
    Prepared served = served();
    // A v4 cluster gives no result metadata id, which a v5 client must get: any stable bytes do,
    // since the proxy sends each cluster its own id.
    byte[] resultMetadataId =
        served.resultMetadataId != null ? served.resultMetadataId : served.preparedQueryId;
    if (once == null) {
      return new Prepared(
          served.preparedQueryId,
          resultMetadataId,
          served.variablesMetadata,
          served.resultMetadata);
    }
    RowsMetadata variables = served.variablesMetadata;
    List<ColumnSpec> visible = new ArrayList<>();
    int[] visibleIndex = new int[once.markers().size()];
    for (int i = 0; i < visibleIndex.length; i++) {
      if (once.markers().get(i) == null) {
        ColumnSpec column = variables.columnSpecs.get(i);
        visibleIndex[i] = visible.size();
        visible.add(
            new ColumnSpec(
                column.ksName, column.tableName, column.name, visible.size(), column.type));
      } else {
        visibleIndex[i] = -1;
      }
    }
    int[] partitionKey = variables.pkIndices == null ? new int[0] : variables.pkIndices.clone();
    for (int i = 0; i < partitionKey.length; i++) {
      partitionKey[i] = visibleIndex[partitionKey[i]];
      if (partitionKey[i] < 0) {
        // The partition key holds a value only the proxy binds: the client cannot route by it.
        partitionKey = new int[0];
        break;
      }
    }
    return new Prepared(
        served.preparedQueryId,
        resultMetadataId,
        new RowsMetadata(visible, null, partitionKey, null),
        served.resultMetadata);
  }

  /** The client's values with the proxy's own where it put markers. */
  QueryOptions withOnceValues(QueryOptions options) {
    if (once == null) {
      return options;
    }
    return new QueryOptions(
        options.consistency,
        options.namedValues.isEmpty() ? once.withValues(options.positionalValues) : List.of(),
        options.namedValues.isEmpty() ? Map.of() : once.withNamedValues(options.namedValues),
        options.skipMetadata,
        options.pageSize,
        options.pagingState,
        options.serialConsistency,
        options.defaultTimestamp,
        options.keyspace,
        options.nowInSeconds);
  }

  /** A batch entry's values with the proxy's own where it put markers. */
  List<ByteBuffer> withOnceValues(List<ByteBuffer> values) {
    return once == null ? values : once.withValues(values);
  }

  /** The statement's answer to a prepare on the cluster, or null. */
  Prepared on(ClusterRole cluster) {
    return cluster == ClusterRole.PRIMARY ? primary : secondary;
  }

  /** The clusters that prepared it. */
  Set<ClusterRole> preparedOn() {
    Set<ClusterRole> on = EnumSet.noneOf(ClusterRole.class);
    for (ClusterRole cluster : ClusterRole.values()) {
      if (on(cluster) != null) {
        on.add(cluster);
      }
    }
    return on;
  }

  /** The statement to prepare again on a node of the cluster that forgot it, by its id there. */
  Map<ByteBuffer, Prepare> toPrepareAgain(ClusterRole role) {
    Prepared prepared = on(role);
    return prepared == null
        ? Map.of()
        : Map.of(ByteBuffer.wrap(prepared.preparedQueryId), new Prepare(query));
  }
}
