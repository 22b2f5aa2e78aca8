package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import com.datastax.oss.driver.api.core.servererrors.TruncateException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Executes writes, retrying transient failures (timeouts, overload, unavailable replicas, lost
 * connections) with exponential backoff and full jitter. Permanent failures (an invalid value, a
 * missing table) are not retried. The returned future completes with the number of retries, or
 * fails with a {@link RetriesExhausted} carrying it.
 */
final class WriteRetrier implements AutoCloseable {

  private static final long BASE_DELAY_MS = 50;
  private static final long MAX_DELAY_MS = 10_000;

  private final CqlSession session;
  private final int maxRetries;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sluice-retry-timer");
            thread.setDaemon(true);
            return thread;
          });

  WriteRetrier(CqlSession session, int maxRetries) {
    this.session = session;
    this.maxRetries = maxRetries;
  }

  CompletableFuture<Long> execute(Statement<?> statement) {
    CompletableFuture<Long> result = new CompletableFuture<>();
    attempt(statement, 0, result);
    return result;
  }

  private void attempt(Statement<?> statement, int retries, CompletableFuture<Long> result) {
    session
        .executeAsync(statement)
        .whenComplete(
            (rs, error) -> {
              if (error == null) {
                result.complete((long) retries);
              } else if (retries < maxRetries && isTransient(unwrap(error))) {
                long cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS << Math.min(retries, 20));
                long delay = ThreadLocalRandom.current().nextLong(cap / 2, cap + 1);
                timer.schedule(
                    () -> attempt(statement, retries + 1, result), delay, TimeUnit.MILLISECONDS);
              } else {
                result.completeExceptionally(new RetriesExhausted(unwrap(error), retries));
              }
            });
  }

  static boolean isTransient(Throwable error) {
    return error instanceof WriteTimeoutException
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
    Throwable cause = error instanceof RetriesExhausted exhausted ? exhausted.getCause() : error;
    long retries = error instanceof RetriesExhausted exhausted ? exhausted.retries : 0;
    String kind =
        isTransient(cause) ? "write failed after " + (retries + 1) + " attempts" : "write refused";
    return kind + ": " + cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

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
