package io.sluice.proxy;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.InvalidKeyspaceException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.SchemaChangeListener;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.internal.core.channel.DriverChannel;
import com.datastax.oss.driver.internal.core.channel.ResponseCallback;
import com.datastax.oss.driver.internal.core.context.InternalDriverContext;
import com.datastax.oss.driver.internal.core.pool.ChannelPool;
import com.datastax.oss.driver.internal.core.session.DefaultSession;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.error.Unprepared;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import io.netty.util.concurrent.ScheduledFuture;
import io.sluice.cassandra.SessionFactory;
import io.sluice.core.job.ClusterSpec;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the proxy's clusters. Requests reach it as protocol messages, decoded from the client and
 * re-encoded by the driver's own connections at whatever protocol version each node speaks; the
 * driver's load-balancing policy picks the node (token-aware where the request has a routing token)
 * and its pools reconnect after a node restarts. A session per keyspace carries the client's {@code
 * USE}: its connections are set to that keyspace, so unqualified names resolve on protocol v4 nodes
 * too, which have no per-request keyspace.
 */
final class Backend implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Backend.class);
  private static final String NO_KEYSPACE = "";

  private final ClusterRole role;
  private final ClusterSpec spec;
  private final Path baseDir;
  private final Duration timeout;
  private final Map<String, CompletableFuture<CqlSession>> sessions = new ConcurrentHashMap<>();
  private final ExecutorService opener;
  private final ProxyMetrics metrics;
  private final SharedEventLoops loops;

  private Backend(
      ClusterRole role,
      ClusterSpec spec,
      Path baseDir,
      Duration timeout,
      ProxyMetrics metrics,
      SharedEventLoops loops) {
    this.role = role;
    this.metrics = metrics;
    this.loops = loops;
    this.spec = spec;
    this.baseDir = baseDir;
    this.timeout = timeout;
    this.opener =
        Executors.newSingleThreadExecutor(r -> new Thread(r, "sluice-proxy-" + role.label()));
  }

  /**
   * Connects to the cluster.
   *
   * @param mayBeDown whether the proxy starts while no node of the cluster answers (its sessions
   *     open once one does), as with {@code secondary-failure: log}
   * @param schemaChanges told of the cluster's schema changes, or null
   * @throws IllegalArgumentException with one sentence when the cluster cannot be reached
   */
  static Backend connect(
      ClusterRole role,
      ProxyCluster cluster,
      Path baseDir,
      Duration timeout,
      ProxyMetrics metrics,
      SharedEventLoops loops,
      boolean mayBeDown,
      SchemaChangeListener schemaChanges) {
    Backend backend =
        new Backend(role, cluster.spec(role.label()), baseDir, timeout, metrics, loops);
    try {
      CqlSessionBuilder builder = loops.sessionBuilder();
      if (schemaChanges != null) {
        builder.withSchemaChangeListener(schemaChanges);
      }
      CqlSession first = SessionFactory.open(backend.spec, baseDir, null, builder);
      backend.sessions.put(NO_KEYSPACE, CompletableFuture.completedFuture(first));
    } catch (RuntimeException e) {
      if (mayBeDown && unreachable(e)) {
        LOG.warn(
            "The {} cluster cannot be reached now ({}); the proxy starts anyway, and the writes it"
                + " misses are kept in the replay log until it answers.",
            role,
            e.getMessage());
        return backend;
      }
      backend.close();
      throw e;
    }
    return backend;
  }

  /** No node could be reached at all, as opposed to a refused login or a wrong setting. */
  private static boolean unreachable(RuntimeException e) {
    if (!(e.getCause() instanceof AllNodesFailedException failed)) {
      return false;
    }
    for (List<Throwable> errors : failed.getAllErrors().values()) {
      for (Throwable error : errors) {
        if (error instanceof AuthenticationException) {
          return false;
        }
      }
    }
    return true;
  }

  /** Nodes of the cluster the driver sees up, and all it knows; both 0 before it connected. */
  int[] nodesUpAndKnown() {
    CqlSession open = null;
    for (CompletableFuture<CqlSession> session : sessions.values()) {
      if (session.isDone() && !session.isCompletedExceptionally()) {
        open = session.join();
        break;
      }
    }
    if (open == null) {
      return new int[] {0, 0};
    }
    int up = 0;
    int known = 0;
    for (Node node : open.getMetadata().getNodes().values()) {
      known++;
      if (node.getState() == com.datastax.oss.driver.api.core.metadata.NodeState.UP) {
        up++;
      }
    }
    return new int[] {up, known};
  }

  /** The driver context of the cluster's first session. */
  DriverContext context() {
    return session(null).join().getContext();
  }

  /** The cluster's configured role. */
  ClusterRole role() {
    return role;
  }

  /** The session whose connections use the keyspace (none when null), opened the first time. */
  CompletableFuture<CqlSession> session(String keyspace) {
    String key = keyspace == null ? NO_KEYSPACE : keyspace;
    CompletableFuture<CqlSession> known = sessions.get(key);
    if (known != null) {
      return known;
    }
    CompletableFuture<CqlSession> opening = new CompletableFuture<>();
    CompletableFuture<CqlSession> raced = sessions.putIfAbsent(key, opening);
    if (raced != null) {
      return raced;
    }
    opener.execute(
        () -> {
          try {
            opening.complete(SessionFactory.open(spec, baseDir, keyspace, loops.sessionBuilder()));
          } catch (RuntimeException e) {
            // A keyspace that does not exist (yet) is asked about again next time.
            sessions.remove(key, opening);
            opening.completeExceptionally(e);
          }
        });
    return opening;
  }

  /**
   * Sends the message to a node of the cluster and completes with the node's answer, an error
   * answer included. Completes exceptionally when no node could be asked or none answered in time.
   *
   * @param keyspace the keyspace the client is in, or null
   * @param routing where the data lives, for the choice of node
   * @param statements the statement to prepare again on a node that answers {@code UNPREPARED}, by
   *     this cluster's id of it
   */
  CompletableFuture<Frame> send(
      Message message, String keyspace, Request routing, Map<ByteBuffer, Prepare> statements) {
    return session(keyspace)
        .thenCompose(
            session -> {
              InternalDriverContext context = (InternalDriverContext) session.getContext();
              Queue<Node> plan =
                  context
                      .getLoadBalancingPolicyWrapper()
                      .newQueryPlan(routing, DriverExecutionProfile.DEFAULT_NAME, session);
              DefaultSession inner = defaultSession(session);
              Attempt attempt = new Attempt(inner, plan, message, statements);
              long start = System.nanoTime();
              attempt.answer.whenComplete(
                  (frame, error) ->
                      metrics.clusterRequest(
                          role,
                          ProxyMetrics.requestOf(message),
                          error == null ? ProxyMetrics.outcomeOf(frame.message) : "no_answer",
                          System.nanoTime() - start));
              attempt.next();
              return attempt.answer;
            });
  }

  private static DefaultSession defaultSession(CqlSession session) {
    return (DefaultSession)
        (session instanceof SessionWrapper wrapper ? wrapper.getDelegate() : session);
  }

  /** The keyspace does not exist on this cluster, as the driver reports it. */
  static boolean isMissingKeyspace(Throwable error) {
    Throwable cause = error;
    while (cause != null) {
      if (cause instanceof InvalidKeyspaceException) {
        return true;
      }
      cause = cause.getCause();
    }
    return false;
  }

  @Override
  public void close() {
    for (CompletableFuture<CqlSession> session : sessions.values()) {
      session.thenAccept(CqlSession::close);
    }
    opener.shutdown();
  }

  /** One request to the cluster: the nodes of its query plan, tried in turn until one answers. */
  private final class Attempt implements ResponseCallback {

    final CompletableFuture<Frame> answer = new CompletableFuture<>();
    private final DefaultSession session;
    private final Queue<Node> plan;
    private final Message message;
    private final Map<ByteBuffer, Prepare> statements;
    private DriverChannel channel;
    private ScheduledFuture<?> timer;
    private boolean reprepared;

    Attempt(
        DefaultSession session, Queue<Node> plan, Message message, Map<ByteBuffer, Prepare> all) {
      this.session = session;
      this.plan = plan;
      this.message = message;
      this.statements = all;
    }

    void next() {
      Node node;
      while ((node = plan.poll()) != null) {
        ChannelPool pool = session.getPools().get(node);
        DriverChannel candidate = pool == null ? null : pool.next();
        if (candidate != null) {
          write(candidate, message);
          return;
        }
      }
      answer.completeExceptionally(
          new NoNodeAnswers("no node of the " + role + " cluster is available", false));
    }

    private void write(DriverChannel on, Message request) {
      channel = on;
      on.write(request, false, Frame.NO_PAYLOAD, this)
          .addListener(
              written -> {
                if (!written.isSuccess()) {
                  LOG.debug("The {} cluster's node {} took no request", role, on.getEndPoint());
                  next();
                } else if (!answer.isDone()) {
                  timer =
                      on.eventLoop()
                          .schedule(this::timedOut, timeout.toMillis(), TimeUnit.MILLISECONDS);
                }
              });
    }

    private void timedOut() {
      channel.cancel(this);
      answer.completeExceptionally(
          new NoNodeAnswers(
              "the " + role + " cluster did not answer within " + timeout.toMillis() + " ms",
              true));
    }

    @Override
    public void onResponse(Frame frame) {
      if (timer != null) {
        timer.cancel(false);
      }
      Message response = frame.message;
      if (response instanceof Unprepared unprepared && !reprepared) {
        Prepare prepare = statements.get(ByteBuffer.wrap(unprepared.id));
        if (prepare != null) {
          reprepared = true;
          prepareAgain(prepare);
          return;
        }
      }
      if (response instanceof Error error
          && (error.code == ProtocolConstants.ErrorCode.OVERLOADED
              || error.code == ProtocolConstants.ErrorCode.IS_BOOTSTRAPPING)
          && !plan.isEmpty()) {
        next();
        return;
      }
      answer.complete(frame);
    }

    /** Prepares the statement on the node that forgot it (it restarted), then asks again. */
    private void prepareAgain(Prepare prepare) {
      DriverChannel on = channel;
      LOG.info(
          "Preparing a statement again on {} of the {} cluster, which had forgotten it",
          on.getEndPoint(),
          role);
      metrics.preparedAgain(role);
      ResponseCallback prepared =
          new ResponseCallback() {
            @Override
            public void onResponse(Frame frame) {
              if (!(frame.message instanceof Prepared)) {
                answer.complete(frame);
              } else if (!on.preAcquireId()) {
                answer.completeExceptionally(busy(on));
              } else {
                write(on, message);
              }
            }

            @Override
            public void onFailure(Throwable error) {
              answer.completeExceptionally(error);
            }
          };
      // Each write on a pooled connection takes a stream id reserved first, as the pool's own
      // choice of connection reserves one for the first.
      if (!on.preAcquireId()) {
        answer.completeExceptionally(busy(on));
        return;
      }
      on.write(prepare, false, Frame.NO_PAYLOAD, prepared)
          .addListener(
              written -> {
                if (!written.isSuccess()) {
                  answer.completeExceptionally(written.cause());
                }
              });
    }

    private NoNodeAnswers busy(DriverChannel on) {
      return new NoNodeAnswers(
          "the " + role + " cluster's node " + on.getEndPoint() + " has no free stream id", false);
    }

    @Override
    public void onFailure(Throwable error) {
      if (timer != null) {
        timer.cancel(false);
      }
      answer.completeExceptionally(error);
    }
  }

  /** No node of a cluster could be asked, or none answered in time. */
  static final class NoNodeAnswers extends RuntimeException {
    private final boolean sent;

    /**
     * @param sent whether a node was sent the request (and may have applied it) before the answer
     *     was given up on
     */
    NoNodeAnswers(String message, boolean sent) {
      super(message, null, false, false);
      this.sent = sent;
    }

    /** Whether a node was sent the request, and so may have applied it. */
    boolean sent() {
      return sent;
    }
  }
}
