package io.sluice.spark;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The job file and the flags {@code migrate} and {@code validate} share on Spark, as the CLI's. */
final class RunOptions {

  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path jobFile;

  @Option(
      names = "--fresh",
      description = "Start over, discarding the run's saved progress (otherwise a run resumes).")
  boolean fresh;

  @Option(
      names = "--max-errors",
      paramLabel = "N|P%",
      description = "Rejected records tolerated before the run stops (overrides max-errors).")
  String maxErrors;

  @Option(
      names = "--max-in-flight",
      description =
          "Requests awaiting an answer at once, over the whole job (overrides"
              + " flow.max-in-flight).")
  Integer maxInFlight;

  @Option(
      names = "--rows-per-second",
      description = "The most rows per second over the whole job (overrides flow.rows-per-second).")
  Long rowsPerSecond;

  @Option(
      names = "--budget",
      paramLabel = "job|task",
      description =
          "job (the default): the tasks share the job's one flow budget, served by the driver;"
              + " task: each task adapts by itself, as other Spark tools do (for comparison).")
  String budget = "job";

  JobArgs jobArgs() {
    return JobArgs.read(jobFile, maxErrors, maxInFlight, rowsPerSecond);
  }

  boolean sharedBudget() {
    if (!budget.equals("job") && !budget.equals("task")) {
      throw new IllegalArgumentException("--budget takes job or task, not '" + budget + "'.");
    }
    return budget.equals("job");
  }
}
