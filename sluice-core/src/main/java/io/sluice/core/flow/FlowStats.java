package io.sluice.core.flow;

/**
 * A snapshot of flow control, for the progress line and the report.
 *
 * @param requests requests answered successfully, retries included
 * @param overloaded requests the target refused as overloaded
 * @param struggling requests that timed out or found too few replicas
 * @param rateLimit requests per second allowed now by the adaptive rate, or -1 while the target has
 *     not pushed back
 * @param meanRateLimit requests per second the adaptive rate allowed on average since the target
 *     first pushed back, or -1 while it has not
 * @param window requests allowed in flight now
 * @param latencyMillis moving average of request latency, or -1 before the first answer
 * @param backlogSignal which compaction signal is watched
 * @param backlogTasks the last backlog reading's outstanding tasks on the busiest node, or -1
 * @param backlogNode the node of that reading, or {@code null}
 * @param pausedForCompaction whether the load is paused for compaction now
 * @param compactionPauses how many times the load paused for compaction
 * @param compactionPausedSeconds how long it paused in all
 */
public record FlowStats(
    long requests,
    long overloaded,
    long struggling,
    double rateLimit,
    double meanRateLimit,
    int window,
    double latencyMillis,
    String backlogSignal,
    long backlogTasks,
    String backlogNode,
    boolean pausedForCompaction,
    long compactionPauses,
    double compactionPausedSeconds) {

  /** Share of answered requests the target refused as overloaded, from 0 to 1. */
  public double overloadedShare() {
    long all = requests + overloaded + struggling;
    return all == 0 ? 0 : overloaded / (double) all;
  }
}
