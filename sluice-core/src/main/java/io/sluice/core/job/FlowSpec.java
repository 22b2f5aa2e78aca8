package io.sluice.core.job;

import java.time.Duration;

/**
 * The {@code flow:} part of a job file: how hard Sluice pushes the target.
 *
 * @param workers splits read in parallel; default the number of processors
 * @param maxInFlight the most writes awaiting acknowledgement at once, across all workers; the
 *     adaptive window stays at or below it; default 256
 * @param batch {@code none} (default) or {@code partition}: rows of one record that share a
 *     partition key go in one unlogged batch
 * @param maxRetries attempts after the first for a write that failed transiently; default 8
 * @param outagePatience how long writes wait for a target that stopped answering before the run
 *     stops with its progress saved, such as {@code 30s}, {@code 10m} or {@code 2h}; default 10m
 * @param rowsPerSecond the most rows written per second, across all workers; default no limit
 * @param bytesPerSecond the most source bytes read per second, across all workers; default no limit
 * @param adaptive whether the request rate and the window of writes in flight follow the target's
 *     answers (grow while writes succeed fast, cut on overload and timeouts); default true. With
 *     false, max-in-flight writes are always in flight and only the user's limits apply.
 * @param latencyTarget the request latency the adaptive window keeps under, such as {@code 100ms};
 *     default 100ms
 * @param compaction when to pause for the target's compaction backlog
 */
public record FlowSpec(
    Integer workers,
    Integer maxInFlight,
    String batch,
    Integer maxRetries,
    String outagePatience,
    Long rowsPerSecond,
    Long bytesPerSecond,
    Boolean adaptive,
    String latencyTarget,
    CompactionSpec compaction) {

  public FlowSpec {
    workers = workers == null ? Math.max(1, Runtime.getRuntime().availableProcessors()) : workers;
    maxInFlight = maxInFlight == null ? 256 : maxInFlight;
    batch = batch == null ? "none" : batch;
    maxRetries = maxRetries == null ? 8 : maxRetries;
    outagePatience = outagePatience == null ? "10m" : outagePatience;
    adaptive = adaptive == null || adaptive;
    latencyTarget = latencyTarget == null ? "100ms" : latencyTarget;
    compaction = compaction == null ? CompactionSpec.defaults() : compaction;
    DurationText.parse(outagePatience, "flow.outage-patience");
    DurationText.parse(latencyTarget, "flow.latency-target");
    if (workers < 1 || maxInFlight < 1 || maxRetries < 0) {
      throw new IllegalArgumentException(
          "flow: workers and max-in-flight must be at least 1, max-retries at least 0");
    }
    if ((rowsPerSecond != null && rowsPerSecond < 1)
        || (bytesPerSecond != null && bytesPerSecond < 1)) {
      throw new IllegalArgumentException(
          "flow: rows-per-second and bytes-per-second must be at least 1 when set");
    }
    if (!batch.equals("none") && !batch.equals("partition")) {
      throw new IllegalArgumentException("flow.batch must be 'none' or 'partition', not " + batch);
    }
  }

  public static FlowSpec defaults() {
    return new FlowSpec(null, null, null, null, null, null, null, null, null, null);
  }

  /** These settings with some of them replaced, as flags on the command line do; null keeps. */
  public FlowSpec with(Integer workers, Integer maxInFlight, Long rowsPerSecond) {
    return new FlowSpec(
        workers != null ? workers : this.workers,
        maxInFlight != null ? maxInFlight : this.maxInFlight,
        batch,
        maxRetries,
        outagePatience,
        rowsPerSecond != null ? rowsPerSecond : this.rowsPerSecond,
        bytesPerSecond,
        adaptive,
        latencyTarget,
        compaction);
  }

  public Duration outagePatienceDuration() {
    return DurationText.parse(outagePatience, "flow.outage-patience");
  }

  public Duration latencyTargetDuration() {
    return DurationText.parse(latencyTarget, "flow.latency-target");
  }

  public boolean batchByPartition() {
    return batch.equals("partition");
  }
}
