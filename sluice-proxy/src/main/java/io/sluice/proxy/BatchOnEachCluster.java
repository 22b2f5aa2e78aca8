package io.sluice.proxy;

import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A client's batch as each cluster is sent it: a prepared statement by that cluster's id, or by its
 * text where the cluster lacks it; one write timestamp for all; and as text only for the replay
 * log.
 */
final class BatchOnEachCluster {

  private BatchOnEachCluster() {}

  /**
   * @param statementsOrTexts per entry of the batch, its {@link PreparedStatement} or its text
   * @param route the batch's route, whose clusters have every statement the route needs
   */
  static OutgoingWrite of(
      Batch batch,
      List<Object> statementsOrTexts,
      Route.Write route,
      String keyspace,
      Request routing,
      long timestamp) {
    int size = statementsOrTexts.size();
    List<Object> onServing = new ArrayList<>(size);
    List<Object> onOther = new ArrayList<>(size);
    List<Object> asTexts = new ArrayList<>(size);
    List<List<ByteBuffer>> values = new ArrayList<>(batch.values.size());
    Map<ByteBuffer, Prepare> servingAgain = new HashMap<>();
    Map<ByteBuffer, Prepare> otherAgain = new HashMap<>();
    for (int i = 0; i < size; i++) {
      if (statementsOrTexts.get(i) instanceof PreparedStatement statement) {
        onServing.add(statement.on(route.serving()).preparedQueryId);
        Prepared onOtherCluster = statement.on(route.other());
        onOther.add(onOtherCluster == null ? statement.query() : onOtherCluster.preparedQueryId);
        asTexts.add(statement.query());
        values.add(statement.withOnceValues(batch.values.get(i)));
        servingAgain.putAll(statement.toPrepareAgain(route.serving()));
        otherAgain.putAll(statement.toPrepareAgain(route.other()));
      } else {
        String text = (String) statementsOrTexts.get(i);
        onServing.add(text);
        onOther.add(text);
        asTexts.add(text);
        values.add(batch.values.get(i));
      }
    }
    return new OutgoingWrite(
        batchOf(batch, onServing, values, timestamp),
        batchOf(batch, onOther, values, timestamp),
        keyspace,
        routing,
        servingAgain,
        otherAgain,
        () -> batchOf(batch, asTexts, values, timestamp));
  }

  private static Batch batchOf(
      Batch batch, List<Object> queriesOrIds, List<List<ByteBuffer>> values, long timestamp) {
    return new Batch(
        batch.type,
        queriesOrIds,
        values,
        batch.consistency,
        batch.serialConsistency,
        timestamp,
        null,
        batch.nowInSeconds);
  }
}
