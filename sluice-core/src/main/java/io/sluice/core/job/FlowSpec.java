package io.sluice.core.job;

import java.time.Duration;

/**
 * The {@code flow:} part of a job file: how hard Sluice pushes the target (see {@code
 * docs/flow-control.md}).
 */
public record FlowSpec(
    @Setting(value = "Splits read in parallel.", shownDefault = "the number of processors")
        Integer workers,
    @Setting(
            "The most writes awaiting acknowledgement at once, across all workers; the adaptive"
                + " window stays at or below it.")
        Integer maxInFlight,
    @Setting(
            "`none`, `partition` or `replica`: with `partition`, rows of one record that share a"
                + " partition key go in one unlogged batch; with `replica`, rows of a split's"
                + " records bound for the same replicas go together in unlogged batches of up to"
                + " `batch-rows` rows, one request each ([flow-control.md](flow-control.md)).")
        String batch,
    @Setting("Attempts after the first for a write that failed transiently.") Integer maxRetries,
    @Setting(
            "How long writes wait for a target that stopped answering before the run stops with"
                + " its progress saved, such as `30s`, `10m` or `2h`.")
        String outagePatience,
    @Setting(
            value = "The most rows written per second, across all workers.",
            shownDefault = "no limit")
        Long rowsPerSecond,
    @Setting(
            value = "The most source bytes read per second, across all workers.",
            shownDefault = "no limit")
        Long bytesPerSecond,
    @Setting(
            "Whether the request rate and the window of writes in flight follow the target's"
                + " answers (grow while writes succeed fast, cut on overload and timeouts). With"
                + " `false`, `max-in-flight` writes are always in flight and only the user's"
                + " limits apply.")
        Boolean adaptive,
    @Setting("The request latency the adaptive window keeps under, such as `100ms`.")
        String latencyTarget,
    @Setting("When to pause for the target's compaction backlog.") CompactionSpec compaction,
    @Setting(
            "With `batch: replica`, the most rows one batch holds (fewer when the records reach"
                + " 16 KiB first).")
        Integer batchRows) {

  public FlowSpec {
    workers = workers == null ? Math.max(1, Runtime.getRuntime().availableProcessors()) : workers;
    maxInFlight = maxInFlight == null ? 256 : maxInFlight;
    batch = batch == null ? "none" : batch;
    maxRetries = maxRetries == null ? 8 : maxRetries;
    outagePatience = outagePatience == null ? "10m" : outagePatience;
    adaptive = adaptive == null || adaptive;
    latencyTarget = latencyTarget == null ? "100ms" : latencyTarget;
    compaction = compaction == null ? CompactionSpec.defaults() : compaction;
    batchRows = batchRows == null ? 128 : batchRows;
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
    if (!batch.equals("none") && !batch.equals("partition") && !batch.equals("replica")) {
      throw new IllegalArgumentException(
          "flow.batch must be 'none', 'partition' or 'replica', not " + batch);
    }
    if (batchRows < 1) {
      throw new IllegalArgumentException("flow.batch-rows must be at least 1");
    }
  }

  /** Flow settings with the default {@code batch-rows}. */
  public FlowSpec(
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
    this(
        workers,
        maxInFlight,
        batch,
        maxRetries,
        outagePatience,
        rowsPerSecond,
        bytesPerSecond,
        adaptive,
        latencyTarget,
        compaction,
        null);
  }

  public static FlowSpec defaults() {
    return new FlowSpec(null, null, null, null, null, null, null, null, null, null, null);
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
        compaction,
        batchRows);
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

  /** Whether rows of several records bound for the same replicas are sent in one batch. */
  public boolean batchByReplica() {
    return batch.equals("replica");
  }
}
