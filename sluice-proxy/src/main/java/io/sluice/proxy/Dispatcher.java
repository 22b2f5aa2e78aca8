package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Execute;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.error.Unprepared;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import com.datastax.oss.protocol.internal.response.result.Rows;
import com.datastax.oss.protocol.internal.response.result.SchemaChange;
import com.datastax.oss.protocol.internal.response.result.SetKeyspace;
import io.micrometer.core.instrument.Timer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each client request where it belongs: reads to the primary, writes and schema changes to
 * both clusters at once with one write timestamp, and answers what makes the proxy a node of its
 * own. The client gets the primary's answer when both clusters succeed, the primary's error when it
 * failed, and the secondary's error when only the secondary failed, so the client's own retry keeps
 * the two clusters in step.
 */
final class Dispatcher {

  private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
  private static final Request ANYWHERE = SimpleStatement.newInstance("");

  private final Backend primary;
  private final Backend secondary;
  private final PreparedStatements prepared;
  private final ProxyNodeRows nodeRows;
  private final WriteClock clock;
  private final ProxyMetrics metrics;
  private final ShadowReads shadows;
  private final MissedWrites missed;

  /** A secondary's answer that stands for "down for now", with {@code secondary-failure: log}. */
  private static final Error NOT_NOW =
      new Error(ProtocolConstants.ErrorCode.SERVER_ERROR, "the cluster is not available now");

  /**
   * @param missed where writes the secondary cannot take now are kept, or null when such a failure
   *     fails the client's write ({@code secondary-failure: strict})
   */
  Dispatcher(
      Backend primary,
      Backend secondary,
      PreparedStatements prepared,
      ProxyNodeRows nodeRows,
      ProxyMetrics metrics,
      ShadowReads shadows,
      MissedWrites missed,
      WriteClock clock) {
    this.missed = missed;
    this.metrics = metrics;
    this.shadows = shadows;
    this.clock = clock;
    this.primary = primary;
    this.secondary = secondary;
    this.prepared = prepared;
    this.nodeRows = nodeRows;
  }

  /**
   * This dispatcher with the two clusters' parts swapped: reads go to the other one from then on,
   * writes still to both. Prepared statements, write clock and metrics are shared.
   */
  Dispatcher swapped() {
    return new Dispatcher(secondary, primary, prepared, nodeRows, metrics, shadows, missed, clock);
  }

  /** The cluster that serves reads, as configured: {@code primary} or {@code secondary}. */
  String servingCluster() {
    return primary.role();
  }

  /** The answer to a request of the client's; never completes exceptionally. */
  CompletableFuture<Message> answer(Message request, ClientState client) {
    Timer.Sample sample = metrics.clientRequestStarted();
    String kind;
    CompletableFuture<Message> answer;
    try {
      if (request instanceof Query query) {
        String keyspace = keyspaceOf(query.options.keyspace, client);
        StatementKind statementKind = StatementKind.of(query.query, keyspace);
        kind = statementKind.label;
        answer = query(query, keyspace, statementKind, client);
      } else if (request instanceof Execute execute) {
        PreparedStatement statement = prepared.get(execute.queryId);
        kind = statement == null ? "execute" : statement.kind().label;
        answer = execute(execute, statement);
      } else if (request instanceof Prepare prepare) {
        kind = "prepare";
        answer = prepare(prepare, client);
      } else if (request instanceof Batch batch) {
        kind = "batch";
        answer = batch(batch, client);
      } else {
        kind = ProxyMetrics.requestOf(request);
        answer =
            CompletableFuture.completedFuture(
                protocolError("the proxy does not take this request (" + request + ")"));
      }
    } catch (RuntimeException e) {
      kind = ProxyMetrics.requestOf(request);
      answer = CompletableFuture.failedFuture(e);
    }
    String label = kind;
    return answer
        .exceptionally(Dispatcher::asError)
        .whenComplete((done, error) -> metrics.clientRequestEnded(sample, label, done));
  }

  private CompletableFuture<Message> query(
      Query query, String keyspace, StatementKind kind, ClientState client) {
    Query forwarded = new Query(query.query, withoutKeyspace(query.options));
    return switch (kind) {
      case USE -> use(StatementKind.keyspaceOfUse(query.query), client);
      case LOCAL_NODE ->
          primary
              .send(forwarded, keyspace, ANYWHERE, Map.of())
              .thenApply(frame -> rowsOr(frame, nodeRows::local));
      case PEERS ->
          primary
              .send(forwarded, keyspace, ANYWHERE, Map.of())
              .thenApply(frame -> rowsOr(frame, nodeRows::peers));
      case READ -> {
        // A later page goes to the cluster that gave the first one, whichever serves reads now.
        Backend reader = readerOf(forwarded.options);
        Query toReader = new Query(forwarded.query, PagingStates.unmarked(forwarded.options));
        yield reader
            .send(toReader, keyspace, ANYWHERE, Map.of())
            .thenApply(
                frame -> {
                  if (reader == primary) {
                    shadows.compareLater(
                        secondary,
                        toReader,
                        keyspace,
                        ANYWHERE,
                        Map.of(),
                        frame.message,
                        toReader.options.pagingState == null,
                        null);
                  }
                  return PagingStates.marked(frame.message, reader.role());
                });
      }
      case WRITE, CONDITIONAL_WRITE, SCHEMA -> {
        String text = kind.writes() ? OnceEvaluated.withLiterals(query.query) : query.query;
        Query stamped = new Query(text, stamped(forwarded.options));
        yield both(stamped, stamped, keyspace, ANYWHERE, Map.of(), Map.of(), kind, () -> stamped);
      }
    };
  }

  private CompletableFuture<Message> use(String keyspace, ClientState client) {
    if (keyspace == null) {
      return CompletableFuture.completedFuture(
          new Error(ProtocolConstants.ErrorCode.SYNTAX_ERROR, "USE needs one keyspace name"));
    }
    CompletableFuture<CqlSession> onPrimary = primary.session(keyspace);
    CompletableFuture<CqlSession> onSecondary = waitedFor(secondary.session(keyspace));
    return CompletableFuture.allOf(onPrimary, onSecondary)
        .handle(
            (ignored, error) -> {
              if (error == null || secondaryDown(onPrimary, onSecondary)) {
                client.keyspace(keyspace);
                return new SetKeyspace(keyspace);
              }
              if (Backend.isMissingKeyspace(error)) {
                String where = onPrimary.isCompletedExceptionally() ? "" : " on the secondary";
                return new Error(
                    ProtocolConstants.ErrorCode.INVALID,
                    "Keyspace '" + keyspace + "' does not exist" + where);
              }
              return asError(error);
            });
  }

  /**
   * The secondary's answer as the client waits for it: with {@code secondary-failure: log}, no
   * longer than the replay log's timeout (a cluster that is down must not hold the client up).
   */
  private <T> CompletableFuture<T> waitedFor(CompletableFuture<T> onSecondary) {
    return missed == null ? onSecondary : missed.bounded(onSecondary);
  }

  /** Only the secondary failed, for now, and that does not fail the client. */
  private boolean secondaryDown(
      CompletableFuture<CqlSession> onPrimary, CompletableFuture<CqlSession> onSecondary) {
    return missed != null
        && !onPrimary.isCompletedExceptionally()
        && onSecondary.handle((session, error) -> MissedWrites.notNow(error)).join();
  }

  private CompletableFuture<Message> prepare(Prepare prepare, ClientState client) {
    String keyspace = keyspaceOf(prepare.keyspace, client);
    StatementKind kind = StatementKind.of(prepare.cqlQuery, keyspace);
    OnceEvaluated.Rewritten rewritten =
        kind.writes() ? OnceEvaluated.withMarkers(prepare.cqlQuery) : null;
    OnceEvaluated.Rewritten once = rewritten != null && rewritten.changed() ? rewritten : null;
    String text = once == null ? prepare.cqlQuery : once.text();
    Prepare forwarded = new Prepare(text);
    CompletableFuture<Frame> onPrimary = primary.send(forwarded, keyspace, ANYWHERE, Map.of());
    CompletableFuture<Frame> onSecondary =
        waitedFor(secondary.send(forwarded, keyspace, ANYWHERE, Map.of()));
    return onPrimary.thenCombine(
        onSecondary.handle(
            (frame, error) ->
                error == null
                    ? frame.message
                    : missed != null && MissedWrites.notNow(error) ? NOT_NOW : asError(error)),
        (primaryFrame, secondaryAnswer) -> {
          if (!(primaryFrame.message instanceof Prepared primaryPrepared)) {
            return primaryFrame.message;
          }
          Prepared secondaryPrepared = secondaryAnswer instanceof Prepared done ? done : null;
          // While the replay log holds writes, the secondary may lack a table whose creation is
          // among them: the statement's writes join the log as text, and are replayed after it.
          boolean secondaryDown =
              missed != null
                  && (secondaryAnswer == NOT_NOW
                      || Replayer.notNow(secondaryAnswer)
                      || missed.log().holdsWrites());
          if (secondaryPrepared == null
              && (kind.writes() || kind == StatementKind.SCHEMA)
              && !secondaryDown) {
            return secondaryAnswer;
          }
          if (once != null
              && primaryPrepared.variablesMetadata.columnSpecs.size() != once.markers().size()) {
            return new Error(
                ProtocolConstants.ErrorCode.INVALID,
                "Sluice proxy: cannot compute the time and uuid functions of this statement once"
                    + " for both clusters; bind their values instead");
          }
          PreparedStatement statement =
              PreparedStatement.of(
                  text, once, keyspace, kind, primary.role(), primaryPrepared, secondaryPrepared);
          prepared.put(statement);
          return statement.forClient();
        });
  }

  private CompletableFuture<Message> execute(Execute execute, PreparedStatement statement) {
    if (statement == null) {
      return CompletableFuture.completedFuture(
          new Unprepared("The proxy does not know this prepared statement", execute.queryId));
    }
    QueryOptions options = statement.withOnceValues(withoutKeyspace(execute.options));
    Request routing = routingOf(statement, options);
    if (!statement.kind().writes() && statement.kind() != StatementKind.SCHEMA) {
      // A later page goes to the cluster that gave the first one, whichever serves reads now.
      Backend reader = readerOf(options);
      QueryOptions toReader = PagingStates.unmarked(options);
      if (statement.on(reader.role()) == null) {
        // A read prepared before a switch, that this cluster could not prepare then.
        return CompletableFuture.completedFuture(
            new Unprepared("Prepare this statement again", execute.queryId));
      }
      Execute forwarded = executeOn(reader.role(), statement, toReader);
      return reader
          .send(forwarded, statement.keyspace(), routing, statement.toPrepareAgain(reader.role()))
          .thenApply(
              frame ->
                  switch (statement.kind()) {
                    case LOCAL_NODE -> rowsOr(frame, nodeRows::local);
                    case PEERS -> rowsOr(frame, nodeRows::peers);
                    default -> {
                      if (reader == primary) {
                        shadows.compareLater(
                            secondary,
                            statement.on(secondary.role()) == null
                                ? null
                                : executeOn(secondary.role(), statement, toReader),
                            statement.keyspace(),
                            routing,
                            statement.toPrepareAgain(secondary.role()),
                            frame.message,
                            toReader.pagingState == null,
                            statement.served().resultMetadata);
                      }
                      yield PagingStates.marked(frame.message, reader.role());
                    }
                  });
    }
    if (statement.on(primary.role()) == null) {
      // A write prepared while this cluster was down, before a switch made it serve reads.
      return CompletableFuture.completedFuture(
          new Unprepared("Prepare this statement again", execute.queryId));
    }
    QueryOptions stamped = stamped(options);
    Supplier<Message> asText = () -> new Query(statement.query(), stamped);
    return both(
        executeOn(primary.role(), statement, stamped),
        statement.on(secondary.role()) == null
            ? asText.get()
            : executeOn(secondary.role(), statement, stamped),
        statement.keyspace(),
        routing,
        statement.toPrepareAgain(primary.role()),
        statement.toPrepareAgain(secondary.role()),
        statement.kind(),
        asText);
  }

  private static Execute executeOn(
      String cluster, PreparedStatement statement, QueryOptions options) {
    Prepared on = statement.on(cluster);
    return new Execute(on.preparedQueryId, on.resultMetadataId, options);
  }

  private CompletableFuture<Message> batch(Batch batch, ClientState client) {
    String keyspace = keyspaceOf(batch.keyspace, client);
    List<Object> onPrimary = new ArrayList<>(batch.queriesOrIds.size());
    List<Object> onSecondary = new ArrayList<>(batch.queriesOrIds.size());
    List<Object> asTexts = new ArrayList<>(batch.queriesOrIds.size());
    List<List<ByteBuffer>> values = new ArrayList<>(batch.values.size());
    Map<ByteBuffer, Prepare> primaryAgain = new HashMap<>();
    Map<ByteBuffer, Prepare> secondaryAgain = new HashMap<>();
    boolean conditional = false;
    for (int i = 0; i < batch.queriesOrIds.size(); i++) {
      Object queryOrId = batch.queriesOrIds.get(i);
      if (queryOrId instanceof byte[] id) {
        PreparedStatement statement = prepared.get(id);
        if (statement == null
            || statement.on(primary.role()) == null
            || statement.on(secondary.role()) == null && missed == null) {
          return CompletableFuture.completedFuture(
              new Unprepared("The proxy does not know this prepared statement", id));
        }
        onPrimary.add(statement.on(primary.role()).preparedQueryId);
        Prepared onOther = statement.on(secondary.role());
        onSecondary.add(onOther == null ? statement.query() : onOther.preparedQueryId);
        asTexts.add(statement.query());
        values.add(statement.withOnceValues(batch.values.get(i)));
        conditional |= statement.kind() == StatementKind.CONDITIONAL_WRITE;
        primaryAgain.putAll(statement.toPrepareAgain(primary.role()));
        secondaryAgain.putAll(statement.toPrepareAgain(secondary.role()));
      } else {
        String text = OnceEvaluated.withLiterals((String) queryOrId);
        conditional |= CqlText.isConditional(text);
        onPrimary.add(text);
        onSecondary.add(text);
        asTexts.add(text);
        values.add(batch.values.get(i));
      }
    }
    long timestamp =
        batch.defaultTimestamp == QueryOptions.NO_DEFAULT_TIMESTAMP
            ? clock.next()
            : batch.defaultTimestamp;
    return both(
        batchOf(batch, onPrimary, values, timestamp),
        batchOf(batch, onSecondary, values, timestamp),
        keyspace,
        ANYWHERE,
        primaryAgain,
        secondaryAgain,
        conditional ? StatementKind.CONDITIONAL_WRITE : StatementKind.WRITE,
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

  /** Sends a write to both clusters at once and decides the client's answer from both. */
  private CompletableFuture<Message> both(
      Message toPrimary,
      Message toSecondary,
      String keyspace,
      Request routing,
      Map<ByteBuffer, Prepare> primaryAgain,
      Map<ByteBuffer, Prepare> secondaryAgain,
      StatementKind kind,
      Supplier<Message> asText) {
    if (kind == StatementKind.CONDITIONAL_WRITE) {
      return conditional(
          toPrimary, toSecondary, keyspace, routing, primaryAgain, secondaryAgain, asText);
    }
    CompletableFuture<Message> onPrimary =
        primary
            .send(toPrimary, keyspace, routing, primaryAgain)
            .thenCompose(frame -> afterSchemaChange(primary, keyspace, frame.message, kind));
    Supplier<CompletableFuture<Message>> toOther =
        () ->
            secondary
                .send(toSecondary, keyspace, routing, secondaryAgain)
                .thenCompose(frame -> afterSchemaChange(secondary, keyspace, frame.message, kind));
    CompletableFuture<Message> onSecondary =
        missed == null
            ? toOther.get()
            : missed.sendOrKeep(
                secondary.role(), keyspace, kind == StatementKind.SCHEMA, toOther, asText);
    return onPrimary
        .handle((message, error) -> error == null ? message : asError(error))
        .thenCombine(
            onSecondary.handle((message, error) -> error == null ? message : asError(error)),
            (fromPrimary, fromSecondary) -> {
              Message answer = clientAnswer(fromPrimary, fromSecondary);
              if (answer == fromSecondary && answer instanceof Error error) {
                LOG.warn(
                    "The secondary cluster refused a write the primary took: {}", error.message);
              }
              return answer;
            });
  }

  /**
   * The client's answer to a write both clusters were sent: the primary's error when it failed,
   * else the secondary's error when only the secondary failed (so that the client's retry writes
   * both again), else the primary's answer.
   */
  static Message clientAnswer(Message fromPrimary, Message fromSecondary) {
    if (fromPrimary instanceof Error || !(fromSecondary instanceof Error)) {
      return fromPrimary;
    }
    return fromSecondary;
  }

  /**
   * A conditional write: the primary decides, and only a write it applied goes to the secondary,
   * whose own condition holds there when the clusters agree. The client gets the primary's answer
   * either way; a secondary that does not apply it is logged, and {@code sluice validate} finds the
   * row.
   */
  private CompletableFuture<Message> conditional(
      Message toPrimary,
      Message toSecondary,
      String keyspace,
      Request routing,
      Map<ByteBuffer, Prepare> primaryAgain,
      Map<ByteBuffer, Prepare> secondaryAgain,
      Supplier<Message> asText) {
    return primary
        .send(toPrimary, keyspace, routing, primaryAgain)
        .thenCompose(
            fromPrimary -> {
              if (!applied(fromPrimary.message)) {
                return CompletableFuture.completedFuture(fromPrimary.message);
              }
              Supplier<CompletableFuture<Message>> toOther =
                  () ->
                      secondary
                          .send(toSecondary, keyspace, routing, secondaryAgain)
                          .thenApply(frame -> frame.message);
              CompletableFuture<Message> onSecondary =
                  missed == null
                      ? toOther.get()
                      : missed.sendOrKeep(secondary.role(), keyspace, false, toOther, asText);
              return onSecondary.handle(
                  (fromSecondary, error) -> {
                    if (error != null
                        || fromSecondary != MissedWrites.KEPT && !applied(fromSecondary)) {
                      LOG.warn(
                          "The secondary cluster did not apply a conditional write the primary"
                              + " applied: {}",
                          error != null
                              ? error.getMessage()
                              : fromSecondary instanceof Error refused
                                  ? refused.message
                                  : "its condition did not hold there");
                    }
                    return fromPrimary.message;
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
      Backend backend, String keyspace, Message answer, StatementKind kind) {
    if (kind != StatementKind.SCHEMA || !(answer instanceof SchemaChange)) {
      return CompletableFuture.completedFuture(answer);
    }
    return backend
        .session(keyspace)
        .thenCompose(session -> session.checkSchemaAgreementAsync().toCompletableFuture())
        .handle((agreed, error) -> answer);
  }

  /** The request's options with a write timestamp, the client's own when it set one. */
  private QueryOptions stamped(QueryOptions options) {
    return options.defaultTimestamp != QueryOptions.NO_DEFAULT_TIMESTAMP
        ? options
        : optionsWith(options, clock.next(), options.keyspace);
  }

  /**
   * The options without the per-request keyspace of protocol v5: the proxy sends the request on
   * connections already in that keyspace, which v4 nodes need and v5 nodes accept.
   */
  private static QueryOptions withoutKeyspace(QueryOptions options) {
    return options.keyspace == null
        ? options
        : optionsWith(options, options.defaultTimestamp, null);
  }

  private static QueryOptions optionsWith(QueryOptions options, long timestamp, String keyspace) {
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

  /** The cluster a read goes to: the one its paging state came from, else the serving one. */
  private Backend readerOf(QueryOptions options) {
    return PagingStates.clusterOf(options, primary.role()).equals(primary.role())
        ? primary
        : secondary;
  }

  private static String keyspaceOf(String requested, ClientState client) {
    return requested != null ? requested : client.keyspace();
  }

  /** Where the row an execute touches lives, from the partition key's bound values. */
  private static Request routingOf(PreparedStatement statement, QueryOptions options) {
    int[] partitionKey = statement.served().variablesMetadata.pkIndices;
    List<ByteBuffer> values = options.positionalValues;
    if (partitionKey == null || partitionKey.length == 0 || values.isEmpty()) {
      return ANYWHERE;
    }
    ByteBuffer[] components = new ByteBuffer[partitionKey.length];
    for (int i = 0; i < partitionKey.length; i++) {
      if (partitionKey[i] >= values.size() || values.get(partitionKey[i]) == null) {
        return ANYWHERE;
      }
      components[i] = values.get(partitionKey[i]).duplicate();
    }
    return SimpleStatement.builder("")
        .setRoutingKeyspace(statement.routingKeyspace())
        .setRoutingKey(components)
        .build();
  }

  private static Message rowsOr(Frame frame, java.util.function.UnaryOperator<Rows> rewrite) {
    return frame.message instanceof Rows rows ? rewrite.apply(rows) : frame.message;
  }

  private static Error protocolError(String message) {
    return new Error(ProtocolConstants.ErrorCode.PROTOCOL_ERROR, message);
  }

  /** A failure of the proxy's own, as the error a client understands. */
  static Message asError(Throwable error) {
    Throwable cause =
        error instanceof java.util.concurrent.CompletionException && error.getCause() != null
            ? error.getCause()
            : error;
    if (cause instanceof Backend.NoNodeAnswers) {
      return new Error(
          ProtocolConstants.ErrorCode.SERVER_ERROR, "Sluice proxy: " + cause.getMessage());
    }
    LOG.warn("A request failed in the proxy", cause);
    return new Error(
        ProtocolConstants.ErrorCode.SERVER_ERROR,
        "Sluice proxy: " + cause.getClass().getSimpleName() + ": " + cause.getMessage());
  }
}
