package io.sluice.core.flow;

import java.time.Duration;

/**
 * What a sink tells flow control about each request it sent, retries included, and what it asks
 * before sending a retry. The {@link FlowController} steers the load by it.
 */
public interface FlowFeedback {

  /** Feedback that steers nothing, for sinks used outside a run. */
  FlowFeedback NONE =
      new FlowFeedback() {
        @Override
        public void succeeded(long latencyNanos) {}

        @Override
        public void overloaded(Duration retryAfter, long sentNanos) {}

        @Override
        public void struggling(long sentNanos) {}

        @Override
        public long reserveRetry() {
          return 0;
        }
      };

  /** A request was answered, after {@code latencyNanos}. */
  void succeeded(long latencyNanos);

  /**
   * The target refused a request because it is over its limit (a throttled service's "rate
   * exceeded", Cassandra's {@code OverloadedException}).
   *
   * @param retryAfter the wait the target asked for, or {@code null}
   * @param sentNanos when the request was sent, on {@link System#nanoTime()}
   */
  void overloaded(Duration retryAfter, long sentNanos);

  /**
   * A request sent at {@code sentNanos} ({@link System#nanoTime()}) timed out or found too few
   * replicas: the target is struggling.
   */
  void struggling(long sentNanos);

  /**
   * Reserves a place for a retry under the current rate; returns the nanoseconds to wait before
   * sending it (retries count against the target's limit as much as first attempts).
   */
  long reserveRetry();
}
