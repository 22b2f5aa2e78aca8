package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.flow.RetryHint;
import io.sluice.core.sink.TargetUnavailableException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes writes (and a validation's reads, which are as harmless to repeat) and retries the ones
 * that failed for reasons that pass.
 *
 * <ul>
 *   <li>Transient failures (timeouts, overload, unavailable replicas) are retried with exponential
 *       backoff and full jitter, up to {@code maxRetries} times; then the row is refused.
 *   <li>When the target does not answer at all (no node reachable, connections closed), the write
 *       waits and retries without limit of attempts: an outage is not the row's fault. Once the
 *       outage has lasted longer than the patience, writes fail with {@link
 *       TargetUnavailableException} and the run stops with its progress saved.
 *   <li>Permanent failures (an invalid value, a missing table) are not retried.
 * </ul>
 *
 * Every answer, retries included, is told to the run's {@link FlowFeedback}, which steers the
 * request rate and the window of requests in flight. A retry waits for the longest of its backoff,
 * the wait the target asked for ({@link RetryHint}) and its place under the current rate.
 *
 * <p>The outcome is the answer and the number of retries it took, or a {@link RetriesExhausted}
 * carrying that number.
 */
final class RequestRetrier implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RequestRetrier.class);
  private static final long BASE_DELAY_MS = 50;
  private static final long MAX_DELAY_MS = 10_000;
  private static final long MAX_OUTAGE_DELAY_MS = 2_000;

  private final CqlSession session;
  private final int maxRetries;
  private final long patienceNanos;
  private final FlowFeedback feedback;

  /** When the current outage began ({@link System#nanoTime}), or 0 while the target answers. */
  private final AtomicLong outageSince = new AtomicLong();

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sluice-retry-timer");
            thread.setDaemon(true);
            return thread;
          });

  RequestRetrier(CqlSession session, int maxRetries, Duration patience, FlowFeedback feedback) {
    this.session = session;
    this.maxRetries = maxRetries;
    this.patienceNanos = patience.toNanos();
    this.feedback = feedback;
  }

  /**
   * Executes a statement and tells {@code completion} its final outcome, without a future of its
   * own: a write is the hot path, and each future costs an allocation and a callback per row.
   */
  void execute(Statement<?> statement, Completion completion) {
    attempt(statement, 0, 0, completion);
  }

  /** Executes a statement whose answer matters, such as a read. */
  CompletableFuture<Answer> request(Statement<?> statement) {
    CompletableFuture<Answer> result = new CompletableFuture<>();
    execute(
        statement,
        new Completion() {
          @Override
          public void answered(AsyncResultSet rows, long retries) {
            result.complete(new Answer(rows, retries, System.currentTimeMillis()));
          }

          @Override
          public void failed(Throwable error) {
            result.completeExceptionally(error);
          }
        });
    return result;
  }

  private void attempt(Statement<?> statement, int retries, int outageRetries, Completion result) {
    long sent = System.nanoTime();
    session
        .executeAsync(statement)
        .whenComplete(
            (rs, error) -> {
              if (error == null) {
                feedback.succeeded(System.nanoTime() - sent);
                long since = outageSince.get();
                if (since != 0 && outageSince.compareAndSet(since, 0)) {
                  LOG.warn(
                      "The target answers again after {} s; writes go on.",
                      Duration.ofNanos(System.nanoTime() - since).toSeconds());
                }
                result.answered(rs, (long) retries + outageRetries);
                return;
              }
              Throwable cause = unwrap(error);
              if (isUnreachable(cause)) {
                long now = System.nanoTime();
                long since = outageSince.updateAndGet(v -> v == 0 ? now : v);
                if (since == now) {
                  LOG.warn("The target does not answer; writes wait for it to come back.");
                }
                if (now - since > patienceNanos) {
                  result.failed(
                      new TargetUnavailableException(
                          "the target did not answer for longer than flow.outage-patience ("
                              + Duration.ofNanos(patienceNanos).toSeconds()
                              + " s)",
                          cause));
                } else {
                  schedule(
                      () -> resend(statement, retries, outageRetries + 1, result),
                      delay(outageRetries, MAX_OUTAGE_DELAY_MS));
                }
              } else if (isTransient(cause)) {
                long hintMs = tell(cause, sent);
                if (retries < maxRetries) {
                  long waitMs =
                      Math.max(
                          Math.max(delay(retries, MAX_DELAY_MS), hintMs),
                          TimeUnit.NANOSECONDS.toMillis(feedback.reserveRetry()));
                  schedule(() -> resend(statement, retries + 1, outageRetries, result), waitMs);
                } else {
                  result.failed(new RetriesExhausted(cause, retries + outageRetries));
                }
              } else {
                result.failed(new RetriesExhausted(cause, retries + outageRetries));
              }
            });
  }

  /**
   * Sends a statement again, as its completion makes it anew; a completion with nothing left to
   * send is answered without a request.
   */
  private void resend(Statement<?> sent, int retries, int outageRetries, Completion result) {
    CompletionStage<Statement<?>> next;
    try {
      next = result.resendLater(sent);
    } catch (RuntimeException e) {
      result.failed(new RetriesExhausted(e, (long) retries + outageRetries));
      return;
    }
    next.whenComplete(
        (again, error) -> {
          if (error != null) {
            Throwable cause = unwrap(error);
            result.failed(
                cause instanceof TargetUnavailableException || cause instanceof RetriesExhausted
                    ? cause
                    : new RetriesExhausted(cause, (long) retries + outageRetries));
          } else if (again == null) {
            result.answered(null, (long) retries + outageRetries);
          } else {
            attempt(again, retries, outageRetries, result);
          }
        });
  }

  /** Tells flow control how a transient failure went; returns the wait the target asked for. */
  private long tell(Throwable cause, long sent) {
    Throwable overload = overloadOf(cause);
    if (overload != null) {
      Duration hint = RetryHint.parse(overload.getMessage()).orElse(null);
      feedback.overloaded(hint, sent);
      return hint == null ? 0 : hint.toMillis();
    }
    feedback.struggling(sent);
    return 0;
  }

  /** The overload answer in a failure, also when it is the last error of every node tried. */
  private static Throwable overloadOf(Throwable error) {
    if (error instanceof OverloadedException) {
      return error;
    }
    if (error instanceof AllNodesFailedException all) {
      return all.getAllErrors().values().stream()
          .flatMap(java.util.List::stream)
          .filter(OverloadedException.class::isInstance)
          .findFirst()
          .orElse(null);
    }
    return null;
  }

  private void schedule(Runnable retry, long delayMs) {
    try {
      timer.schedule(retry, delayMs, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // The sink is closing: the write stays unacknowledged, and a resumed run redoes it.
    }
  }

  private static long delay(int attempt, long maxMs) {
    long cap = Math.min(maxMs, BASE_DELAY_MS << Math.min(attempt, 20));
    return ThreadLocalRandom.current().nextLong(cap / 2, cap + 1);
  }

  /** The target as a whole does not answer: no node reachable, or connections lost. */
  static boolean isUnreachable(Throwable error) {
    if (error instanceof AllNodesFailedException all) {
      return all.getAllErrors().values().stream()
          .flatMap(java.util.List::stream)
          .allMatch(RequestRetrier::isConnectionLoss);
    }
    return isConnectionLoss(error);
  }

  private static boolean isConnectionLoss(Throwable error) {
    return error instanceof ClosedConnectionException
        || error instanceof HeartbeatException
        || error instanceof java.net.ConnectException
        || error instanceof java.io.IOException;
  }

  static boolean isTransient(Throwable error) {
    return error instanceof WriteTimeoutException
        || error instanceof ReadTimeoutException
        || error instanceof UnavailableException
        || error instanceof OverloadedException
        || error instanceof TruncateException
        || error instanceof ServerError
        || error instanceof DriverTimeoutException
        || error instanceof AllNodesFailedException
        || error instanceof BusyConnectionException
        || error instanceof ClosedConnectionException;
  }

  static Throwable unwrap(Throwable error) {
    Throwable current = error;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  static long retriesOf(Throwable error) {
    return unwrap(error) instanceof RetriesExhausted exhausted ? exhausted.retries : 0;
  }

  /** One sentence for the reject file: the failure's kind and the server's message. */
  static String describe(Throwable error) {
    return describe(error, "write");
  }

  /** As {@link #describe(Throwable)}, for a request that is an {@code action} such as "read". */
  static String describe(Throwable error, String action) {
    Throwable cause = error instanceof RetriesExhausted exhausted ? exhausted.getCause() : error;
    long retries = error instanceof RetriesExhausted exhausted ? exhausted.retries : 0;
    String kind =
        isTransient(cause)
            ? action + " failed after " + (retries + 1) + " attempts"
            : action + " refused";
    return kind + ": " + cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  /** Where the final outcome of a request goes; called once, on a driver or timer thread. */
  interface Completion {
    /** The answer ({@code null} when {@link #resend} left nothing to send) and the retries. */
    void answered(AsyncResultSet rows, long retries);

    /**
     * The statement to send after {@code sent} failed: {@code sent} itself by default. A write
     * whose TTLs count from the moment the target executes it makes its statement anew: a resend
     * with the first attempt's TTLs would outlive its source by the time the retry waited. Null
     * when nothing is left to send (every expiring cell has expired since).
     */
    default Statement<?> resend(Statement<?> sent) {
      return sent;
    }

    /**
     * As {@link #resend}, for a write that must ask the target something before it knows what to
     * send again: a counter's difference, read again, since the failed addition may have been
     * applied. By default {@link #resend}, at once.
     */
    default CompletionStage<Statement<?>> resendLater(Statement<?> sent) {
      return CompletableFuture.completedFuture(resend(sent));
    }

    /** With a {@link RetriesExhausted} or a {@link TargetUnavailableException}. */
    void failed(Throwable error);
  }

  /** A request that succeeded: the target's answer, and the retries it took. */
  /**
   * A request's answer.
   *
   * @param arrivedAtMillis when it arrived: what a TTL it holds was counted down to, give or take
   *     the way back
   */
  record Answer(AsyncResultSet rows, long retries, long arrivedAtMillis) {}

  /** The last failure of a write that will not be retried any more. */
  static final class RetriesExhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final long retries;

    RetriesExhausted(Throwable cause, long retries) {
      super(cause.getMessage(), cause, false, false);
      this.retries = retries;
    }
  }
}
