package io.sluice.spark;

import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * The job file and the flags that override its settings, as the CLI takes them: what the driver
 * sends each task, so that every executor reads the same job. The job file must be at a path every
 * executor sees.
 *
 * @param jobFile the job file's absolute path
 * @param maxErrors {@code --max-errors}, or null
 * @param workers {@code --workers}, or null
 * @param maxInFlight {@code --max-in-flight}, or null
 * @param rowsPerSecond {@code --rows-per-second}, or null
 */
public record JobArgs(
    String jobFile, String maxErrors, Integer workers, Integer maxInFlight, Long rowsPerSecond)
    implements Serializable {

  /** Reads the job file and applies the flags. */
  public JobSpec load() {
    JobSpec job = JobFiles.load(Path.of(jobFile));
    if (maxErrors != null) {
      job = job.withMaxErrors(ErrorThreshold.parse(maxErrors));
    }
    if (workers != null || maxInFlight != null || rowsPerSecond != null) {
      job = job.withFlow(job.flow().with(workers, maxInFlight, rowsPerSecond));
    }
    return job;
  }
}
