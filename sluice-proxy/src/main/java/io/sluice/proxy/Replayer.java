package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.Error;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the writes of the replay log to the cluster that missed them, in the order they came, at
 * most {@code rate} a second, once it answers again. A few writes are in flight at once (their
 * write timestamps make the order of regular writes immaterial); a schema change goes alone, after
 * every write before it and before any after it. The replay moves past a write once the cluster
 * took it, or refused it for good (a statement it cannot run: counted and logged, never retried
 * forever); a cluster that is down or overloaded stops the replay, which tries again after a pause,
 * from the first write not yet taken.
 *
 * <p>A write whose first send may have been applied (it timed out) is replayed only when it turns
 * out not to have been, or when applying it twice changes nothing ({@link ReplaySafety}); a counter
 * update or list append whose outcome stays unknown is written down as uncertain instead ({@link
 * UncertainWrites}), never replayed blindly. A schema change the cluster already has (a {@code
 * CREATE} answered "already exists", a {@code DROP} "does not exist") counts as replayed.
 */
final class Replayer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Replayer.class);
  private static final Request ANYWHERE = SimpleStatement.newInstance("");
  private static final int WINDOW = 32;
  private static final long FIRST_PAUSE_MILLIS = 500;
  private static final long LONGEST_PAUSE_MILLIS = 5_000;

  private enum Outcome {
    TAKEN,
    REFUSED,
    NOT_NOW,
    UNCERTAIN
  }

  private record Sent(ReplayLog.Entry entry, CompletableFuture<Outcome> outcome) {}

  private final ReplayLog log;
  private final MissedWrites missed;
  // What the first send of each unsure write in the window turned out to be, kept until the write
  // is acknowledged, so that a replay tried again after a failure decides as the first try did.
  private final Map<Long, CompletableFuture<SendOutcome>> firstSends = new HashMap<>();
  private final UncertainWrites uncertain;
  private final Function<ClusterRole, Backend> clusters;
  private final ProxyMetrics metrics;
  private final long nanosPerWrite;
  private final Thread thread;
  private volatile boolean closed;
  private volatile long oldestMillis = -1;
  private volatile String notNowReason = "";
  private long nextSend;

  private Replayer(
      MissedWrites missed,
      UncertainWrites uncertain,
      Function<ClusterRole, Backend> clusters,
      ProxyMetrics metrics,
      int rate) {
    this.log = missed.log();
    this.missed = missed;
    this.uncertain = uncertain;
    this.clusters = clusters;
    this.metrics = metrics;
    this.nanosPerWrite = TimeUnit.SECONDS.toNanos(1) / rate;
    this.thread = new Thread(this::run, "sluice-proxy-replay");
    this.thread.setDaemon(true);
  }

  /** Starts replaying the kept writes to the clusters, each found by its role. */
  static Replayer start(
      MissedWrites missed,
      UncertainWrites uncertain,
      Function<ClusterRole, Backend> clusters,
      ProxyMetrics metrics,
      int rate) {
    Replayer replayer = new Replayer(missed, uncertain, clusters, metrics, rate);
    replayer.thread.start();
    return replayer;
  }

  /** The writes not replayed because the cluster may have applied them already. */
  UncertainWrites uncertain() {
    return uncertain;
  }

  /** When the oldest write not yet replayed was made, in epoch milliseconds, or -1. */
  long oldestMillis() {
    return log.holdsWrites() ? oldestMillis : -1;
  }

  /**
   * Whether a cluster's answer to a write says it could not take it now (down, overloaded, timed
   * out), as opposed to a statement it refuses.
   */
  static boolean notNow(Message answer) {
    if (!(answer instanceof Error error)) {
      return false;
    }
    return switch (error.code) {
      case ProtocolConstants.ErrorCode.UNAVAILABLE,
          ProtocolConstants.ErrorCode.WRITE_TIMEOUT,
          ProtocolConstants.ErrorCode.WRITE_FAILURE,
          ProtocolConstants.ErrorCode.OVERLOADED,
          ProtocolConstants.ErrorCode.IS_BOOTSTRAPPING,
          ProtocolConstants.ErrorCode.TRUNCATE_ERROR,
          ProtocolConstants.ErrorCode.SERVER_ERROR ->
          true;
      default -> false;
    };
  }

  private void run() {
    ArrayDeque<Sent> inFlight = new ArrayDeque<>();
    // Writes past a failed one that were settled: not sent (nor counted) again when the replay
    // tries again from the failed one, so that no increment is applied twice.
    Set<Long> settledAhead = new HashSet<>();
    long pause = FIRST_PAUSE_MILLIS;
    boolean failing = false;
    boolean held = log.holdsWrites();
    long taken = 0;
    try (ReplayLog.Reader reader = log.reader()) {
      while (!closed) {
        while (!inFlight.isEmpty() && inFlight.peek().outcome.isDone()) {
          Sent head = inFlight.poll();
          Outcome outcome = head.outcome.join();
          if (outcome == Outcome.NOT_NOW) {
            failing = true;
          } else if (failing) {
            settledAhead.add(head.entry.start());
          }
          if (!failing) {
            firstSends.remove(head.entry.start());
            log.acknowledge(head.entry.end(), 1);
            taken++;
            pause = FIRST_PAUSE_MILLIS;
          }
        }
        if (failing) {
          if (!inFlight.isEmpty()) {
            awaitHead(inFlight);
            continue;
          }
          if (pause == FIRST_PAUSE_MILLIS) {
            LOG.warn(
                "The replay log holds {} writes the other cluster does not take now ({}); trying"
                    + " again until it does",
                log.backlogWrites(),
                notNowReason);
          }
          Thread.sleep(pause);
          pause = Math.min(LONGEST_PAUSE_MILLIS, pause * 2);
          reader.seek(log.cursor());
          failing = false;
          continue;
        }
        fill(reader, inFlight, settledAhead);
        boolean holds = log.holdsWrites();
        if (held && !holds) {
          LOG.info("The replay log is drained: {} writes replayed since it began to fill", taken);
          taken = 0;
        }
        held = holds;
        if (!inFlight.isEmpty()) {
          awaitHead(inFlight);
        } else {
          log.awaitMoreThan(log.cursor(), 500);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      LOG.error(
          "The replay stopped: {}. The writes it holds are replayed when the proxy starts again.",
          e.toString());
    }
  }

  /** Sends writes until the window is full, a schema change waits for those before it, or none. */
  private void fill(ReplayLog.Reader reader, ArrayDeque<Sent> inFlight, Set<Long> settledAhead)
      throws IOException {
    while (inFlight.size() < WINDOW) {
      Sent last = inFlight.peekLast();
      if (last != null && last.entry.record() != null && last.entry.record().schema()) {
        return;
      }
      long before = reader.position();
      ReplayLog.Entry entry = reader.next();
      if (entry == null) {
        return;
      }
      if (entry.record() != null && entry.record().schema() && !inFlight.isEmpty()) {
        reader.seek(before);
        return;
      }
      if (inFlight.isEmpty() && entry.record() != null) {
        oldestMillis = entry.record().madeAtMillis();
      }
      if (settledAhead.remove(entry.start())) {
        inFlight.add(new Sent(entry, CompletableFuture.completedFuture(Outcome.TAKEN)));
        continue;
      }
      pace();
      inFlight.add(new Sent(entry, send(entry)));
    }
  }

  private CompletableFuture<Outcome> send(ReplayLog.Entry entry) {
    ReplayRecord record = entry.record();
    if (record == null) {
      metrics.unreadableReplayRefused();
      return CompletableFuture.completedFuture(Outcome.REFUSED);
    }
    if (!record.unsure()) {
      return replay(record, false);
    }
    CompletableFuture<SendOutcome> first =
        firstSends.computeIfAbsent(
            entry.start(),
            start -> {
              CompletableFuture<Message> late = missed.lateAnswer(start);
              return late == null
                  ? CompletableFuture.completedFuture(SendOutcome.UNKNOWN)
                  : late.handle(SendOutcome::of);
            });
    return first.thenCompose(
        outcome -> {
          if (outcome == SendOutcome.APPLIED) {
            // Its first send was answered after all, later than the client was.
            metrics.replayed(record.cluster(), "ok");
            return CompletableFuture.completedFuture(Outcome.TAKEN);
          }
          return replay(record, outcome == SendOutcome.UNKNOWN);
        });
  }

  /**
   * Sends a kept write to its cluster.
   *
   * @param unsure whether the cluster may have applied it already
   */
  private CompletableFuture<Outcome> replay(ReplayRecord record, boolean unsure) {
    Backend cluster = clusters.apply(record.cluster());
    return cluster
        .session(record.keyspace())
        .thenCompose(
            session -> {
              if (unsure && !repeatable(record, session)) {
                return CompletableFuture.completedFuture(uncertain(record, session));
              }
              Message write = speaksV5(session) ? record.asMadeThen() : record.write();
              return cluster
                  .send(write, record.keyspace(), ANYWHERE, Map.of())
                  .thenCompose(frame -> afterSchemaChange(record, session, frame))
                  .handle(
                      (answer, error) -> {
                        Outcome outcome = outcomeOf(record, answer, error);
                        if (outcome == Outcome.NOT_NOW
                            && SendOutcome.of(answer, error) == SendOutcome.UNKNOWN
                            && !repeatable(record, session)) {
                          return uncertain(record, session);
                        }
                        return counted(record, outcome, answer, error);
                      });
            })
        .handle(
            (outcome, error) ->
                error == null
                    ? outcome
                    : counted(record, outcomeOf(record, null, error), null, error));
  }

  private Outcome counted(ReplayRecord record, Outcome outcome, Message answer, Throwable error) {
    if (outcome == Outcome.NOT_NOW) {
      notNowReason =
          error != null
              ? String.valueOf((error.getCause() != null ? error.getCause() : error).getMessage())
              : ((Error) answer).message;
    } else if (outcome == Outcome.REFUSED) {
      LOG.warn(
          "The {} cluster refused a write of the replay log, made at {}; it is skipped: {}",
          record.cluster(),
          java.time.Instant.ofEpochMilli(record.madeAtMillis()),
          error != null ? error.getMessage() : ((Error) answer).message);
      metrics.replayed(record.cluster(), "refused");
    } else if (outcome == Outcome.TAKEN) {
      if (answer instanceof Error inEffect) {
        LOG.info(
            "A schema change of the replay log, made at {}, is in effect on the {} cluster"
                + " already: {}",
            java.time.Instant.ofEpochMilli(record.madeAtMillis()),
            record.cluster(),
            inEffect.message);
      }
      metrics.replayed(record.cluster(), "ok");
    }
    return outcome;
  }

  private static boolean repeatable(ReplayRecord record, CqlSession session) {
    return ReplaySafety.repeatable(
        record.write(), record.keyspace(), ReplaySafety.ColumnTypes.of(session.getMetadata()));
  }

  private Outcome uncertain(ReplayRecord record, CqlSession session) {
    uncertain.add(
        new UncertainWrites.Uncertain(
            record.cluster(),
            record.madeAtMillis(),
            WriteText.of(
                record.write(),
                record.keyspace(),
                ReplaySafety.ColumnTypes.of(session.getMetadata()))));
    metrics.replayed(record.cluster(), "uncertain");
    return Outcome.UNCERTAIN;
  }

  private static Outcome outcomeOf(ReplayRecord record, Message answer, Throwable error) {
    if (error != null) {
      return Backend.isMissingKeyspace(error) ? Outcome.REFUSED : Outcome.NOT_NOW;
    }
    if (record.schema() && SchemaInEffect.says(record.write(), answer)) {
      return Outcome.TAKEN;
    }
    // A node's own server error says nothing of when it would pass: never retried forever.
    if (notNow(answer) && ((Error) answer).code != ProtocolConstants.ErrorCode.SERVER_ERROR) {
      return Outcome.NOT_NOW;
    }
    return answer instanceof Error ? Outcome.REFUSED : Outcome.TAKEN;
  }

  /** A replayed schema change is done once the cluster's nodes agree on it, as for a client's. */
  private static CompletableFuture<Message> afterSchemaChange(
      ReplayRecord record, CqlSession session, Frame frame) {
    if (!record.schema() || frame.message instanceof Error) {
      return CompletableFuture.completedFuture(frame.message);
    }
    return session
        .checkSchemaAgreementAsync()
        .toCompletableFuture()
        .handle((agreed, error) -> frame.message);
  }

  private static boolean speaksV5(CqlSession session) {
    return session.getContext().getProtocolVersion().getCode() >= ProtocolConstants.Version.V5;
  }

  /** Holds the replay to {@code rate} writes a second, without a burst after a quiet spell. */
  private void pace() {
    long now = System.nanoTime();
    if (nextSend > now) {
      LockSupport.parkNanos(nextSend - now);
    }
    nextSend = Math.max(nextSend, now) + nanosPerWrite;
  }

  private static void awaitHead(ArrayDeque<Sent> inFlight) throws InterruptedException {
    try {
      inFlight.peek().outcome.get(100, TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // Checked again by the loop.
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
