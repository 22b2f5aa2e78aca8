package io.sluice.core.job;

import java.io.Serializable;

/**
 * The settings a run's command line overrides in its job file, each null when not given: what the
 * CLI applies as it loads the job, and what a Spark driver sends each task with the job's text.
 *
 * @param maxErrors {@code --max-errors}: a count or a percentage, as {@code max-errors} takes
 * @param workers {@code --workers}: splits read in parallel (one machine only)
 * @param maxInFlight {@code --max-in-flight}
 * @param rowsPerSecond {@code --rows-per-second}
 */
public record JobOverrides(
    String maxErrors, Integer workers, Integer maxInFlight, Long rowsPerSecond)
    implements Serializable {

  /** Nothing overridden. */
  public static JobOverrides none() {
    return new JobOverrides(null, null, null, null);
  }

  /** {@code job} with these settings in place of its own. */
  public JobSpec applyTo(JobSpec job) {
    JobSpec applied = job;
    if (maxErrors != null) {
      applied = applied.withMaxErrors(ErrorThreshold.parse(maxErrors));
    }
    if (workers != null || maxInFlight != null || rowsPerSecond != null) {
      applied = applied.withFlow(applied.flow().with(workers, maxInFlight, rowsPerSecond));
    }
    return applied;
  }
}
