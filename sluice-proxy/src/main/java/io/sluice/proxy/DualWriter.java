package io.sluice.proxy;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.result.Rows;
import com.datastax.oss.protocol.internal.response.result.SchemaChange;
import io.sluice.proxy.Route.IfOtherFails;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a write's route ({@link Route.WriteBoth} or {@link Route.ServingThenOther}): sends
 * the write to each cluster, or keeps it for the other in the replay log, and makes the client's
 * answer from both answers.
 */
final class DualWriter {

  // Logged under the dispatcher's name, as ever: log filters and alerts may name it.
  private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

  private final Backend primary;
  private final Backend secondary;
  private final MissedWrites missed;

  /**
   * @param missed the replay log's keeper, or null in strict mode (no route then keeps a write)
   */
  DualWriter(Backend primary, Backend secondary, MissedWrites missed) {
    this.primary = primary;
    this.secondary = secondary;
    this.missed = missed;
  }

  private Backend backend(ClusterRole role) {
    return role == ClusterRole.PRIMARY ? primary : secondary;
  }

  /** Carries out the write's route, and makes the client's answer from the clusters' answers. */
  CompletableFuture<Message> send(Route.Write route, OutgoingWrite write) {
    return route instanceof Route.WriteBoth both ? both(both, write) : conditional(route, write);
  }

  /** Sends a write to both clusters at once and decides the client's answer from both. */
  private CompletableFuture<Message> both(Route.WriteBoth route, OutgoingWrite write) {
    Backend onServingCluster = backend(route.serving());
    Backend onOtherCluster = backend(route.other());
    CompletableFuture<Message> onServing =
        onServingCluster
            .send(write.toServing(), write.keyspace(), write.routing(), write.servingAgain())
            .thenCompose(
                frame ->
                    afterSchemaChange(
                        onServingCluster, write.keyspace(), frame.message, route.schema()));
    Supplier<CompletableFuture<Message>> toOther =
        () ->
            onOtherCluster
                .send(write.toOther(), write.keyspace(), write.routing(), write.otherAgain())
                .thenCompose(
                    frame ->
                        afterSchemaChange(
                            onOtherCluster, write.keyspace(), frame.message, route.schema()));
    CompletableFuture<Message> onOther =
        switch (route.ifOtherFails()) {
          case FAIL_CLIENT -> toOther.get();
          case WARN_ONLY -> throw new IllegalArgumentException("No write to both only warns");
          case KEEP_IF_NOT_NOW ->
              missed.sendOrKeep(
                  route.other(), write.keyspace(), route.schema(), toOther, write.asText());
          case JOIN_REPLAY_LOG ->
              missed.keepUnsent(route.other(), write.keyspace(), route.schema(), write.asText());
        };
    return onServing
        .handle((message, error) -> error == null ? message : Dispatcher.asError(error))
        .thenCombine(
            onOther.handle((message, error) -> error == null ? message : Dispatcher.asError(error)),
            (fromServing, fromOther) -> {
              Message answer = clientAnswer(fromServing, fromOther);
              if (answer == fromOther && answer instanceof Error error) {
                LOG.warn(
                    "The secondary cluster refused a write the primary took: {}", error.message);
              }
              return answer;
            });
  }

  /**
   * The client's answer to a write both clusters were sent: the serving cluster's error when it
   * failed, else the other's error when only the other failed (so that the client's retry writes
   * both again), else the serving cluster's answer.
   */
  static Message clientAnswer(Message fromServing, Message fromOther) {
    if (fromServing instanceof Error || !(fromOther instanceof Error)) {
      return fromServing;
    }
    return fromOther;
  }

  /**
   * A conditional write: the serving cluster decides, and only a write it applied goes to the
   * other, whose own condition holds there when the clusters agree. The client gets the serving
   * cluster's answer either way; another that does not apply it is logged, and {@code sluice
   * validate} finds the row.
   */
  private CompletableFuture<Message> conditional(Route.Write route, OutgoingWrite write) {
    return backend(route.serving())
        .send(write.toServing(), write.keyspace(), write.routing(), write.servingAgain())
        .thenCompose(
            fromServing -> {
              if (!applied(fromServing.message)) {
                return CompletableFuture.completedFuture(fromServing.message);
              }
              Supplier<CompletableFuture<Message>> toOther =
                  () ->
                      backend(route.other())
                          .send(
                              write.toOther(),
                              write.keyspace(),
                              write.routing(),
                              write.otherAgain())
                          .thenApply(frame -> frame.message);
              CompletableFuture<Message> onOther =
                  route.ifOtherFails() == IfOtherFails.WARN_ONLY
                      ? toOther.get()
                      : missed.sendOrKeep(
                          route.other(), write.keyspace(), false, toOther, write.asText());
              return onOther.handle(
                  (fromOther, error) -> {
                    if (error != null || fromOther != MissedWrites.KEPT && !applied(fromOther)) {
                      LOG.warn(
                          "The secondary cluster did not apply a conditional write the primary"
                              + " applied: {}",
                          error != null
                              ? error.getMessage()
                              : fromOther instanceof Error refused
                                  ? refused.message
                                  : "its condition did not hold there");
                    }
                    return fromServing.message;
                  });
            });
  }

  /** Whether a conditional write's answer says it was applied. */
  private static boolean applied(Message answer) {
    if (!(answer instanceof Rows rows) || rows.getData().isEmpty()) {
      return false;
    }
    ByteBuffer first = rows.getData().peek().get(0);
    return first != null && first.remaining() == 1 && first.get(first.position()) != 0;
  }

  /**
   * The answer once every node of the cluster has the new schema, so the client's next statement
   * finds its table whichever node serves it.
   */
  private static CompletableFuture<Message> afterSchemaChange(
      Backend backend, String keyspace, Message answer, boolean schema) {
    if (!schema || !(answer instanceof SchemaChange)) {
      return CompletableFuture.completedFuture(answer);
    }
    return backend
        .session(keyspace)
        .thenCompose(session -> session.checkSchemaAgreementAsync().toCompletableFuture())
        .handle((agreed, error) -> answer);
  }
}
