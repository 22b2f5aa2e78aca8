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
import com.datastax.oss.protocol.internal.response.result.SetKeyspace;
import io.micrometer.core.instrument.Timer;
import io.sluice.proxy.ClientRequest.BatchEntry;
import io.sluice.proxy.Route.IfOtherFails;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out each client request's {@link Route}, which {@link Routing} decides: builds what each
 * cluster is sent (the write timestamp, values computed once, a prepared statement's id on each
 * cluster or its text), sends it, and makes the client's answer from the clusters' answers. The
 * client gets the serving cluster's answer when both succeed, its error when it failed, and the
 * other's error when only the other failed (in strict mode), so the client's own retry keeps the
 * two clusters in step.
 */
final class Dispatcher {

  private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
  private static final Request ANYWHERE = SimpleStatement.newInstance("");

  /** The other cluster's answer that stands for "down for now", in log mode. */
  private static final Error NOT_NOW =
      new Error(ProtocolConstants.ErrorCode.SERVER_ERROR, "the cluster is not available now");

  private final Backend primary;
  private final Backend secondary;
  private final ClusterRole serving;
  private final ProxyState.Mode mode;
  private final PreparedStatements prepared;
  private final ProxyNodeRows nodeRows;
  private final WriteClock clock;
  private final ProxyMetrics metrics;
  private final ShadowReads shadows;
  private final MissedWrites missed;
  private final DualWriter writer;

  /**
   * A dispatcher whose primary serves reads.
   *
   * @param missed where writes the other cluster cannot take now are kept, or null when such a
   *     failure fails the client's write ({@code secondary-failure: strict})
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
    this(
        primary,
        secondary,
        ClusterRole.PRIMARY,
        prepared,
        nodeRows,
        metrics,
        shadows,
        missed,
        clock);
  }

  private Dispatcher(
      Backend primary,
      Backend secondary,
      ClusterRole serving,
      PreparedStatements prepared,
      ProxyNodeRows nodeRows,
      ProxyMetrics metrics,
      ShadowReads shadows,
      MissedWrites missed,
      WriteClock clock) {
    this.primary = primary;
    this.secondary = secondary;
    this.serving = serving;
    this.mode = missed == null ? ProxyState.Mode.STRICT : ProxyState.Mode.LOG;
    this.prepared = prepared;
    this.nodeRows = nodeRows;
    this.metrics = metrics;
    this.shadows = shadows;
    this.missed = missed;
    this.clock = clock;
    this.writer = new DualWriter(primary, secondary, missed);
  }

  /**
   * This dispatcher with {@code cluster} serving reads from then on; writes still go to both.
   * Prepared statements, write clock and metrics are shared.
   */
  Dispatcher servingReadsFrom(ClusterRole cluster) {
    return new Dispatcher(
        primary, secondary, cluster, prepared, nodeRows, metrics, shadows, missed, clock);
  }

  /** The cluster that serves reads. */
  ClusterRole servingCluster() {
    return serving;
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
        answer = answeredLocally(route(new ClientRequest.Unsupported()), request);
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

  /** The route of a request arriving now. */
  private Route route(ClientRequest request) {
    boolean otherBehind = mode == ProxyState.Mode.LOG && missed.log().holdsWrites();
    return Routing.of(request, new ProxyState(mode, serving, otherBehind));
  }

  private Backend backend(ClusterRole role) {
    return role == ClusterRole.PRIMARY ? primary : secondary;
  }

  private CompletableFuture<Message> query(
      Query query, String keyspace, StatementKind kind, ClientState client) {
    if (kind == StatementKind.USE) {
      String named = StatementKind.keyspaceOfUse(query.query);
      Route route = route(new ClientRequest.Use(named != null));
      return route instanceof Route.UseKeyspace use
          ? use(named, use, client)
          : answeredLocally(route, query);
    }
    Query forwarded = new Query(query.query, RequestOptions.withoutKeyspace(query.options));
    Route route = route(new ClientRequest.Query(kind, PagingStates.clusterOf(forwarded.options)));
    if (route instanceof Route.Read read) {
      return read(read, forwarded, keyspace);
    }
    String text = kind.writes() ? OnceEvaluated.withLiterals(query.query) : query.query;
    Query stamped = new Query(text, RequestOptions.stamped(forwarded.options, clock));
    return write(
        (Route.Write) route,
        new OutgoingWrite(stamped, stamped, keyspace, ANYWHERE, Map.of(), Map.of(), () -> stamped));
  }

  private CompletableFuture<Message> read(Route.Read read, Query forwarded, String keyspace) {
    Backend reader = backend(read.from());
    if (read.rewrite() != Route.Rewrite.NONE) {
      return reader
          .send(forwarded, keyspace, ANYWHERE, Map.of())
          .thenApply(frame -> rewritten(frame.message, read.rewrite()));
    }
    // A later page goes to the cluster that gave the first one, whichever serves reads now.
    Query toReader = new Query(forwarded.query, PagingStates.unmarked(forwarded.options));
    return reader
        .send(toReader, keyspace, ANYWHERE, Map.of())
        .thenApply(
            frame -> {
              if (read.shadowed()) {
                shadows.compareLater(
                    backend(read.from().other()),
                    toReader,
                    keyspace,
                    ANYWHERE,
                    Map.of(),
                    frame.message,
                    toReader.options.pagingState == null,
                    null);
              }
              return PagingStates.marked(frame.message, read.from());
            });
  }

  private CompletableFuture<Message> use(
      String keyspace, Route.UseKeyspace route, ClientState client) {
    CompletableFuture<CqlSession> onServing = backend(route.serving()).session(keyspace);
    CompletableFuture<CqlSession> onOther =
        waitedFor(route.ifOtherFails(), backend(route.other()).session(keyspace));
    return CompletableFuture.allOf(onServing, onOther)
        .handle(
            (ignored, error) -> {
              if (error == null || otherDown(route.ifOtherFails(), onServing, onOther)) {
                client.keyspace(keyspace);
                return new SetKeyspace(keyspace);
              }
              if (Backend.isMissingKeyspace(error)) {
                String where = onServing.isCompletedExceptionally() ? "" : " on the secondary";
                return new Error(
                    ProtocolConstants.ErrorCode.INVALID,
                    "Keyspace '" + keyspace + "' does not exist" + where);
              }
              return asError(error);
            });
  }

  /**
   * The other cluster's answer as the client waits for it: in log mode, no longer than the replay
   * log's timeout (a cluster that is down must not hold the client up).
   */
  private <T> CompletableFuture<T> waitedFor(
      IfOtherFails ifOtherFails, CompletableFuture<T> onOther) {
    return ifOtherFails == IfOtherFails.FAIL_CLIENT ? onOther : missed.bounded(onOther);
  }

  /** Only the other cluster failed, for now, and that does not fail the client. */
  private static boolean otherDown(
      IfOtherFails ifOtherFails,
      CompletableFuture<CqlSession> onServing,
      CompletableFuture<CqlSession> onOther) {
    return ifOtherFails != IfOtherFails.FAIL_CLIENT
        && !onServing.isCompletedExceptionally()
        && onOther.handle((session, error) -> MissedWrites.notNow(error)).join();
  }

  private CompletableFuture<Message> prepare(Prepare prepare, ClientState client) {
    String keyspace = keyspaceOf(prepare.keyspace, client);
    StatementKind kind = StatementKind.of(prepare.cqlQuery, keyspace);
    OnceEvaluated.Rewritten rewritten =
        kind.writes() ? OnceEvaluated.withMarkers(prepare.cqlQuery) : null;
    OnceEvaluated.Rewritten once = rewritten != null && rewritten.changed() ? rewritten : null;
    String text = once == null ? prepare.cqlQuery : once.text();
    Route.PrepareOnBoth route = (Route.PrepareOnBoth) route(new ClientRequest.Prepare(kind));
    boolean forgiving = route.ifOtherFails() != IfOtherFails.FAIL_CLIENT;
    Prepare forwarded = new Prepare(text);
    CompletableFuture<Frame> onServing =
        backend(route.serving()).send(forwarded, keyspace, ANYWHERE, Map.of());
    CompletableFuture<Frame> onOther =
        waitedFor(
            route.ifOtherFails(),
            backend(route.other()).send(forwarded, keyspace, ANYWHERE, Map.of()));
    return onServing.thenCombine(
        onOther.handle(
            (frame, error) ->
                error == null
                    ? frame.message
                    : forgiving && MissedWrites.notNow(error) ? NOT_NOW : asError(error)),
        (servingFrame, otherAnswer) -> {
          if (!(servingFrame.message instanceof Prepared servingPrepared)) {
            return servingFrame.message;
          }
          Prepared otherPrepared = otherAnswer instanceof Prepared done ? done : null;
          // While the replay log holds writes, the other cluster may lack a table whose creation
          // is among them: the statement's writes join the log as text, and are replayed after it.
          boolean otherNotNow = otherAnswer == NOT_NOW || Replayer.notNow(otherAnswer);
          boolean otherBehind = forgiving && missed.log().holdsWrites();
          if (route.otherRefusalFailsClient(otherPrepared != null, otherNotNow, otherBehind)) {
            return otherAnswer;
          }
          if (once != null
              && servingPrepared.variablesMetadata.columnSpecs.size() != once.markers().size()) {
            return new Error(
                ProtocolConstants.ErrorCode.INVALID,
                "Sluice proxy: cannot compute the time and uuid functions of this statement once"
                    + " for both clusters; bind their values instead");
          }
          PreparedStatement statement =
              PreparedStatement.of(
                  text, once, keyspace, kind, route.serving(), servingPrepared, otherPrepared);
          prepared.put(statement);
          return statement.forClient();
        });
  }

  private CompletableFuture<Message> execute(Execute execute, PreparedStatement statement) {
    if (statement == null) {
      return answeredLocally(route(new ClientRequest.ExecuteUnknown()), execute);
    }
    QueryOptions options =
        statement.withOnceValues(RequestOptions.withoutKeyspace(execute.options));
    Request routing = routingOf(statement, options);
    Route route =
        route(
            new ClientRequest.Execute(
                statement.kind(), statement.preparedOn(), PagingStates.clusterOf(options)));
    if (route instanceof Route.AnswerLocally) {
      return answeredLocally(route, execute);
    }
    if (route instanceof Route.Read read) {
      return readPrepared(read, statement, options, routing);
    }
    Route.Write write = (Route.Write) route;
    QueryOptions stamped = RequestOptions.stamped(options, clock);
    Supplier<Message> asText = () -> new Query(statement.query(), stamped);
    return write(
        write,
        new OutgoingWrite(
            executeOn(write.serving(), statement, stamped),
            write.textToOther() ? asText.get() : executeOn(write.other(), statement, stamped),
            statement.keyspace(),
            routing,
            statement.toPrepareAgain(write.serving()),
            statement.toPrepareAgain(write.other()),
            asText));
  }

  private CompletableFuture<Message> readPrepared(
      Route.Read read, PreparedStatement statement, QueryOptions options, Request routing) {
    // A later page goes to the cluster that gave the first one, whichever serves reads now.
    ClusterRole from = read.from();
    QueryOptions toReader = PagingStates.unmarked(options);
    return backend(from)
        .send(
            executeOn(from, statement, toReader),
            statement.keyspace(),
            routing,
            statement.toPrepareAgain(from))
        .thenApply(
            frame -> {
              if (read.rewrite() != Route.Rewrite.NONE) {
                return rewritten(frame.message, read.rewrite());
              }
              if (read.shadowed()) {
                ClusterRole other = from.other();
                shadows.compareLater(
                    backend(other),
                    statement.on(other) == null ? null : executeOn(other, statement, toReader),
                    statement.keyspace(),
                    routing,
                    statement.toPrepareAgain(other),
                    frame.message,
                    toReader.pagingState == null,
                    statement.served().resultMetadata);
              }
              return PagingStates.marked(frame.message, from);
            });
  }

  private static Execute executeOn(
      ClusterRole cluster, PreparedStatement statement, QueryOptions options) {
    Prepared on = statement.on(cluster);
    return new Execute(on.preparedQueryId, on.resultMetadataId, options);
  }

  private CompletableFuture<Message> batch(Batch batch, ClientState client) {
    String keyspace = keyspaceOf(batch.keyspace, client);
    int size = batch.queriesOrIds.size();
    // Per entry: its statement when prepared (null when unknown), or its text.
    List<Object> statementsOrTexts = new ArrayList<>(size);
    List<BatchEntry> entries = new ArrayList<>(size);
    boolean conditional = false;
    for (Object queryOrId : batch.queriesOrIds) {
      if (queryOrId instanceof byte[] id) {
        PreparedStatement statement = prepared.get(id);
        statementsOrTexts.add(statement);
        entries.add(
            statement == null
                ? new BatchEntry.Unknown()
                : new BatchEntry.Prepared(statement.preparedOn()));
        conditional |= statement != null && statement.kind() == StatementKind.CONDITIONAL_WRITE;
      } else {
        String text = OnceEvaluated.withLiterals((String) queryOrId);
        statementsOrTexts.add(text);
        entries.add(new BatchEntry.Text());
        conditional |= CqlText.isConditional(text);
      }
    }
    Route route = route(new ClientRequest.Batch(conditional, entries));
    if (route instanceof Route.UnpreparedInBatch unprepared) {
      return CompletableFuture.completedFuture(
          new Unprepared(
              "The proxy does not know this prepared statement",
              (byte[]) batch.queriesOrIds.get(unprepared.entry())));
    }
    long timestamp =
        batch.defaultTimestamp == QueryOptions.NO_DEFAULT_TIMESTAMP
            ? clock.next()
            : batch.defaultTimestamp;
    Route.Write write = (Route.Write) route;
    return write(
        write,
        BatchOnEachCluster.of(batch, statementsOrTexts, write, keyspace, ANYWHERE, timestamp));
  }

  private CompletableFuture<Message> write(Route.Write route, OutgoingWrite write) {
    return writer.send(route, write);
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

  private Message rewritten(Message answer, Route.Rewrite rewrite) {
    if (!(answer instanceof Rows rows)) {
      return answer;
    }
    return switch (rewrite) {
      case NONE -> rows;
      case LOCAL_NODE -> nodeRows.local(rows);
      case NO_PEERS -> nodeRows.peers(rows);
    };
  }

  /** The proxy's own answer to the request, as the route says. */
  private static CompletableFuture<Message> answeredLocally(Route route, Message request) {
    Route.LocalAnswer answer = ((Route.AnswerLocally) route).answer();
    Message message =
        switch (answer) {
          case UNKNOWN_STATEMENT ->
              new Unprepared(
                  "The proxy does not know this prepared statement", ((Execute) request).queryId);
          case PREPARE_AGAIN ->
              new Unprepared("Prepare this statement again", ((Execute) request).queryId);
          case USE_NEEDS_KEYSPACE ->
              new Error(ProtocolConstants.ErrorCode.SYNTAX_ERROR, "USE needs one keyspace name");
          case UNSUPPORTED_REQUEST ->
              new Error(
                  ProtocolConstants.ErrorCode.PROTOCOL_ERROR,
                  "the proxy does not take this request (" + request + ")");
        };
    return CompletableFuture.completedFuture(message);
  }

  /** A failure of the proxy's own, as the error a client understands. */
  static Message asError(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
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
