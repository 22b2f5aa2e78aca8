package io.sluice.core.job;

/**
 * The {@code flow:} part of a job file: how hard Sluice pushes the target.
 *
 * @param workers splits read in parallel; default the number of processors
 * @param maxInFlight writes awaiting acknowledgement at once, across all workers; default 256
 * @param batch {@code none} (default) or {@code partition}: rows of one record that share a
 *     partition key go in one unlogged batch
 * @param maxRetries attempts after the first for a write that failed transiently; default 8
 * @param outagePatience how long writes wait for a target that stopped answering before the run
 *     stops with its progress saved, such as {@code 30s}, {@code 10m} or {@code 2h}; default 10m
 */
public record FlowSpec(
    Integer workers, Integer maxInFlight, String batch, Integer maxRetries, String outagePatience) {

  public FlowSpec {
    workers = workers == null ? Math.max(1, Runtime.getRuntime().availableProcessors()) : workers;
    maxInFlight = maxInFlight == null ? 256 : maxInFlight;
    batch = batch == null ? "none" : batch;
    maxRetries = maxRetries == null ? 8 : maxRetries;
    outagePatience = outagePatience == null ? "10m" : outagePatience;
    DurationText.parse(outagePatience, "flow.outage-patience");
    if (workers < 1 || maxInFlight < 1 || maxRetries < 0) {
      throw new IllegalArgumentException(
          "flow: workers and max-in-flight must be at least 1, max-retries at least 0");
    }
    if (!batch.equals("none") && !batch.equals("partition")) {
      throw new IllegalArgumentException("flow.batch must be 'none' or 'partition', not " + batch);
    }
  }

  public static FlowSpec defaults() {
    return new FlowSpec(null, null, null, null, null);
  }

  public java.time.Duration outagePatienceDuration() {
    return DurationText.parse(outagePatience, "flow.outage-patience");
  }

  public boolean batchByPartition() {
    return batch.equals("partition");
  }
}
