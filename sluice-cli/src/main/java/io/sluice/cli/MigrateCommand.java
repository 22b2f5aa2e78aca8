package io.sluice.cli;

import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Migration;
import io.sluice.core.run.RunReport;
import io.sluice.core.run.WorkflowKind;
import io.sluice.flags.ExitCodes;
import io.sluice.flags.LocalFlags;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sluice migrate job.yaml}: the backfill, with live progress and a final report. */
@Command(
    name = "migrate",
    description = "Load the job's sources into its target table, with progress, rate and ETA.")
final class MigrateCommand implements Callable<Integer> {

  @Mixin LocalFlags options;

  @Option(
      names = "--force",
      description = "Load even when the doctor's checks find a problem that would fail the load.")
  boolean force;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    JobSpec job = options.load();
    PrintWriter out = spec.commandLine().getOut();
    RunReport report = run(job, options.job().fresh(), options.metricsPort(), force, out);
    return ExitCodes.of(report.outcome());
  }

  /**
   * Runs a job against its target, printing progress and the report to {@code out}, serving metrics
   * on {@code metricsPort} unless it is null.
   */
  static RunReport run(
      JobSpec job, boolean fresh, Integer metricsPort, boolean force, PrintWriter out) {
    return JobRunner.run(
        job,
        WorkflowKind.MIGRATION,
        opened -> {
          if (!opened.several()) {
            return Migration.prepare(
                job, opened.target(), opened.takeSources(), Clock.systemUTC(), fresh);
          }
          // Asked before the parts are taken: what each copy leaves out is read from its sources.
          List<String> notCopied = opened.notCopied();
          return Migration.prepareTables(
              job, opened.takeParts(), notCopied, Clock.systemUTC(), fresh);
        },
        metricsPort,
        force,
        out);
  }
}
