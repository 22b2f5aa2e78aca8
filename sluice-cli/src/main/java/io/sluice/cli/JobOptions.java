package io.sluice.cli;

import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The job file argument and the flags that override its settings, shared by job commands. */
final class JobOptions {

  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path jobFile;

  @Option(
      names = "--max-errors",
      paramLabel = "N|P%",
      description = "Rejected records tolerated before the run stops (overrides max-errors).")
  String maxErrors;

  @Option(names = "--workers", description = "Splits read in parallel (overrides flow.workers).")
  Integer workers;

  @Option(
      names = "--max-in-flight",
      description =
          "Writes (or a validation's reads) awaiting an answer at once (overrides"
              + " flow.max-in-flight).")
  Integer maxInFlight;

  @Option(
      names = "--rows-per-second",
      description = "The most rows written per second (overrides flow.rows-per-second).")
  Long rowsPerSecond;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Serve the run's metrics for Prometheus on http://127.0.0.1:PORT/metrics while it runs.")
  Integer metricsPort;

  JobSpec load() {
    JobSpec job = JobFiles.load(jobFile);
    if (maxErrors != null) {
      job = job.withMaxErrors(ErrorThreshold.parse(maxErrors));
    }
    if (workers != null || maxInFlight != null || rowsPerSecond != null) {
      job = job.withFlow(job.flow().with(workers, maxInFlight, rowsPerSecond));
    }
    return job;
  }
}
