package io.sluice.proxy;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.response.result.Void;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * With {@code secondary-failure: log}: a write the cluster that does not serve reads cannot take
 * now (down, overloaded, or no answer within {@code replay-log.timeout}, {@code
 * replay-log.schema-timeout} for a schema change) is kept in the replay log, on disk, before the
 * client gets the serving cluster's answer; while the log holds writes, new ones join it rather
 * than overtake it, so the cluster gets them in the order they came. A statement the cluster
 * refuses (a syntax or schema error) is not kept: the client gets the error, as without a log. A
 * log that is full keeps the proxy serving and says loudly which time the writes it lost cover.
 */
final class MissedWrites {

  private static final Logger LOG = LoggerFactory.getLogger(MissedWrites.class);

  /** The answer that stands for the other cluster's once a write is kept for it. */
  static final Message KEPT = Void.INSTANCE;

  /** How many first sends of unsure writes are kept for the replay to learn their outcome. */
  private static final int LATE_ANSWERS = 100_000;

  private final ReplayLog log;
  private final Duration timeout;
  private final Duration schemaTimeout;
  private final ConcurrentHashMap<Long, CompletableFuture<Message>> lateAnswers =
      new ConcurrentHashMap<>();
  private final ProxyMetrics metrics;
  private final String maxSize;
  private volatile long firstLostMillis = -1;
  private volatile long lastLostMillis = -1;
  private volatile long losingSinceMillis = -1;
  private volatile boolean losing;

  MissedWrites(
      ReplayLog log,
      Duration timeout,
      Duration schemaTimeout,
      String maxSize,
      ProxyMetrics metrics) {
    this.log = log;
    this.timeout = timeout;
    this.schemaTimeout = schemaTimeout;
    this.maxSize = maxSize;
    this.metrics = metrics;
  }

  /** The log the writes are kept in. */
  ReplayLog log() {
    return log;
  }

  /** When the first write the log could not keep was made, in epoch milliseconds, or -1. */
  long firstLostMillis() {
    return firstLostMillis;
  }

  /** When the last write the log could not keep was made, in epoch milliseconds, or -1. */
  long lastLostMillis() {
    return lastLostMillis;
  }

  /**
   * The other cluster's answer to a write, or a success once the write is kept for it. A write
   * joins the log unsent when the log holds writes by now, though its route was decided before (a
   * conditional write's turn comes after the serving cluster's answer).
   *
   * @param cluster the cluster that does not serve reads
   * @param send sends the write to it
   * @param asText the write as the log keeps it, built only when it is kept
   */
  CompletableFuture<Message> sendOrKeep(
      ClusterRole cluster,
      String keyspace,
      boolean schema,
      Supplier<CompletableFuture<Message>> send,
      Supplier<Message> asText) {
    long madeAt = System.currentTimeMillis();
    if (log.holdsWrites()) {
      return keep(cluster, keyspace, schema, madeAt, asText, null);
    }
    CompletableFuture<Message> sent = send.get();
    return bounded(sent, schema ? schemaTimeout : timeout)
        .handle(
            (answer, error) -> {
              if (error != null ? notNow(error) : Replayer.notNow(answer)) {
                boolean unsure = SendOutcome.of(answer, error) == SendOutcome.UNKNOWN;
                return keep(cluster, keyspace, schema, madeAt, asText, unsure ? sent : null);
              }
              return error == null
                  ? CompletableFuture.completedFuture(answer)
                  : CompletableFuture.<Message>failedFuture(error);
            })
        .thenCompose(answer -> answer);
  }

  /**
   * Keeps a write for the cluster without sending it, behind the writes the log holds for it;
   * completes with {@link #KEPT} once kept (or lost, when the log is full).
   */
  CompletableFuture<Message> keepUnsent(
      ClusterRole cluster, String keyspace, boolean schema, Supplier<Message> asText) {
    return keep(cluster, keyspace, schema, System.currentTimeMillis(), asText, null);
  }

  /**
   * A future that ends as {@code answer} does, or with a timeout after {@code replay-log.timeout};
   * {@code answer} itself (a session shared by every request) is left as it is.
   */
  <T> CompletableFuture<T> bounded(CompletableFuture<T> answer) {
    return bounded(answer, timeout);
  }

  private static <T> CompletableFuture<T> bounded(CompletableFuture<T> answer, Duration timeout) {
    return answer.thenApply(value -> value).orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * The first send of the unsure write kept at {@code position}, still under way or done, which
   * tells the replay whether the cluster applied it after all; null when it is not known (the proxy
   * started again since). Asked once per write.
   */
  CompletableFuture<Message> lateAnswer(long position) {
    return lateAnswers.remove(position);
  }

  /** Whether an error opening a cluster's session, or sending to it, means it is down for now. */
  static boolean notNow(Throwable error) {
    return error != null && !Backend.isMissingKeyspace(error);
  }

  /**
   * @param sent the first send, when it was made and its outcome is unknown, else null
   */
  private CompletableFuture<Message> keep(
      ClusterRole cluster,
      String keyspace,
      boolean schema,
      long madeAt,
      Supplier<Message> asText,
      CompletableFuture<Message> sent) {
    ReplayRecord record =
        new ReplayRecord(cluster, keyspace, schema, madeAt, asText.get(), sent != null);
    return log.append(record)
        .thenApply(
            position -> {
              boolean kept = position >= 0;
              if (kept && sent != null && lateAnswers.size() < LATE_ANSWERS) {
                lateAnswers.put(position, sent);
              }
              if (kept) {
                metrics.missedWrite(cluster, "logged");
                if (losing) {
                  losing = false;
                  LOG.warn(
                      "The replay log keeps writes again. Writes the {} cluster missed from {} to"
                          + " {} were lost to it: once it has caught up, run `sluice validate"
                          + " --repair` over that time.",
                      cluster,
                      Instant.ofEpochMilli(losingSinceMillis),
                      Instant.ofEpochMilli(lastLostMillis));
                }
              } else {
                metrics.missedWrite(cluster, "lost");
                lastLostMillis = madeAt;
                if (!losing) {
                  losing = true;
                  losingSinceMillis = madeAt;
                  firstLostMillis = firstLostMillis < 0 ? madeAt : firstLostMillis;
                  LOG.error(
                      "The replay log is full (max-size {}) or cannot be written: writes the {}"
                          + " cluster misses from {} on are LOST to it. The proxy keeps serving."
                          + " Once it has caught up, run `sluice validate --repair` over the time"
                          + " from then until the log keeps writes again.",
                      maxSize,
                      cluster,
                      Instant.ofEpochMilli(madeAt));
                }
              }
              return KEPT;
            });
  }
}
