package io.sluice.flags;

import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobOverrides;
import io.sluice.core.job.JobSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * A run's flags on one machine: those of every run ({@link JobFlags}), the workers that read splits
 * in parallel (on Spark, the executors' cores decide), and the local metrics endpoint.
 */
public final class LocalFlags {

  @Mixin JobFlags job;

  @Option(names = "--workers", description = "Splits read in parallel (overrides flow.workers).")
  Integer workers;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Serve the run's metrics for Prometheus on http://127.0.0.1:PORT/metrics while it runs.")
  Integer metricsPort;

  public JobFlags job() {
    return job;
  }

  /** The port to serve metrics on, or null for none. */
  public Integer metricsPort() {
    return metricsPort;
  }

  /** The job file, read, with the flags applied. */
  public JobSpec load() {
    return overrides().applyTo(JobFiles.load(job.jobFile()));
  }

  /** What these flags override in the job file. */
  public JobOverrides overrides() {
    JobOverrides common = job.overrides();
    return new JobOverrides(
        common.maxErrors(), workers, common.maxInFlight(), common.rowsPerSecond());
  }
}
