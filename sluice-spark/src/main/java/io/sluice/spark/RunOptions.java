package io.sluice.spark;

import io.sluice.flags.JobFlags;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The flags {@code migrate} and {@code validate} take on Spark: those of every run, and more. */
final class RunOptions {

  @Mixin JobFlags job;

  @Option(
      names = "--budget",
      paramLabel = "job|task",
      description =
          "job (the default): the tasks share the job's one flow budget, served by the driver;"
              + " task: each task adapts by itself, as other Spark tools do (for comparison).")
  String budget = "job";

  JobArgs jobArgs() {
    return JobArgs.read(job.jobFile(), job.overrides());
  }

  boolean sharedBudget() {
    if (!budget.equals("job") && !budget.equals("task")) {
      throw new IllegalArgumentException("--budget takes job or task, not '" + budget + "'.");
    }
    return budget.equals("job");
  }
}
