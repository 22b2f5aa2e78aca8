package io.sluice.core.flow;

/**
 * A share of one job's flow budget, held by one of several processes that send the job's requests
 * at once (the tasks of a job on Spark). The job's adaptive rate and window run once, in a {@link
 * SharedFlow}; a {@link FlowController} over a lease takes its rate and window from the lease and
 * tells it of every answer instead of adapting by itself.
 */
public interface FlowLease {

  /** The share granted now. */
  SharedFlow.Grant grant();

  /** A request was answered successfully after {@code latencyNanos}. */
  void succeeded(long latencyNanos);

  /** A request sent {@code agoNanos} ago was refused as overloaded. */
  void overloaded(long agoNanos);

  /** A request sent {@code agoNanos} ago timed out or found too few replicas. */
  void struggling(long agoNanos);
}
