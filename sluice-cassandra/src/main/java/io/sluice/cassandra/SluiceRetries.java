package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.retry.RetryDecision;
import com.datastax.oss.driver.api.core.retry.RetryPolicy;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import com.datastax.oss.driver.api.core.session.Request;

/**
 * The driver's retry policy for Sluice's sessions: never retry inside the driver. Every failure
 * reaches {@link RequestRetrier}, which retries with backoff and tells flow control of each answer;
 * retries hidden inside the driver would send more load to an overloaded target unseen.
 *
 * <p>Only the driver's legacy methods are abstract, so they are the ones implemented here.
 */
@SuppressWarnings("deprecation")
public final class SluiceRetries implements RetryPolicy {

  /** The driver creates the policy reflectively with this constructor. */
  public SluiceRetries(DriverContext context, String profileName) {}

  @Override
  public RetryDecision onReadTimeout(
      Request request,
      ConsistencyLevel cl,
      int blockFor,
      int received,
      boolean dataPresent,
      int retryCount) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onWriteTimeout(
      Request request,
      ConsistencyLevel cl,
      WriteType writeType,
      int blockFor,
      int received,
      int retryCount) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onUnavailable(
      Request request, ConsistencyLevel cl, int required, int alive, int retryCount) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onRequestAborted(Request request, Throwable error, int retryCount) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onErrorResponse(
      Request request, CoordinatorException error, int retryCount) {
    return RetryDecision.RETHROW;
  }

  @Override
  public void close() {}
}
