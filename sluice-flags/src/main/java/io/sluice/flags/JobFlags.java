package io.sluice.flags;

import io.sluice.core.job.JobOverrides;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The job file and the flags every run takes, on one machine and on Spark alike ({@code migrate},
 * {@code validate}): a picocli mixin. The CLI adds {@link LocalFlags} for what only one machine
 * has.
 */
public final class JobFlags {

  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path jobFile;

  @Option(
      names = "--fresh",
      description =
          "Start over, discarding the saved progress of an unfinished run (otherwise it resumes).")
  boolean fresh;

  @Option(
      names = "--max-errors",
      paramLabel = "N|P%",
      description = "Rejected records tolerated before the run stops (overrides max-errors).")
  String maxErrors;

  @Option(
      names = "--max-in-flight",
      description =
          "Writes (or a validation's reads) awaiting an answer at once, over the whole job"
              + " (overrides flow.max-in-flight).")
  Integer maxInFlight;

  @Option(
      names = "--rows-per-second",
      description = "The most rows per second over the whole job (overrides flow.rows-per-second).")
  Long rowsPerSecond;

  public Path jobFile() {
    return jobFile;
  }

  public boolean fresh() {
    return fresh;
  }

  /** What these flags override in the job file. */
  public JobOverrides overrides() {
    return new JobOverrides(maxErrors, null, maxInFlight, rowsPerSecond);
  }
}
