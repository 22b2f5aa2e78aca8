package io.sluice.cli;

import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.RunReport;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.flags.ExitCodes;
import io.sluice.flags.LocalFlags;
import io.sluice.flags.ValidationFlags;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code sluice validate job.yaml}: reads the job's sources through its mapping and checks every
 * row against the target, listing missing, mismatched, changed-since and (with {@code --extra})
 * extra rows; repairs them with {@code --repair}. A job of several tables is validated table by
 * table ({@link TablesValidation}). See docs/validate.md.
 */
@Command(
    name = "validate",
    description = {
      "Check, row by row, that the target holds what the job's sources give; repair it if asked.",
      "Exit code 0 when nothing differs (rows changed since by newer writes do not count),"
          + " 1 when differences were found."
    })
final class ValidateCommand implements Callable<Integer> {

  @Mixin LocalFlags options;

  @Mixin ValidationFlags validation;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    ValidationSpec checks = validation.spec();
    JobSpec job = options.load();
    PrintWriter out = spec.commandLine().getOut();
    boolean fresh = options.job().fresh();
    JobTables tables = JobChecks.tables(job);
    if (tables.several()) {
      return TablesValidation.run(
          job, tables, table -> run(table, checks, fresh, options.metricsPort(), out), out);
    }
    RunReport report = run(job, checks, fresh, options.metricsPort(), out);
    return ExitCodes.of(report.outcome());
  }

  /**
   * Validates a job's target against its sources, printing progress and the report to {@code out},
   * serving metrics on {@code metricsPort} unless it is null.
   */
  static RunReport run(
      JobSpec job, ValidationSpec validation, boolean fresh, Integer metricsPort, PrintWriter out) {
    return JobRunner.run(
        job,
        WorkflowKind.VALIDATION,
        opened ->
            Validation.prepare(
                job, opened.target(), opened.takeSources(), Clock.systemUTC(), fresh, validation),
        metricsPort,
        false,
        out);
  }
}
