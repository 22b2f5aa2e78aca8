package io.sluice.core.run;

/**
 * How a split learns that its run is stopping, and tells the run why it must stop. The local runner
 * stops all its splits at once; a Spark task has its own.
 */
public interface RunControl {

  /** Whether the run is stopping: readers take no new record. */
  boolean stopped();

  /** Stops the run for {@code reason}; the first reason given is the one reported. */
  void stop(String reason);

  /** A record or row was rejected: stops the run when the job's error budget is spent. */
  void rejected();
}
