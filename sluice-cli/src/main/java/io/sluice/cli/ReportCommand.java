package io.sluice.cli;

import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.report.HtmlReport;
import io.sluice.core.run.Migration;
import io.sluice.core.validate.Validation;
import io.sluice.flags.ExitCodes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice report job.yaml}: draws {@code report.html} again from the job's state folder, for
 * its migration and its validation, without connecting to anything.
 */
@Command(
    name = "report",
    description =
        "Rebuild report.html (counts, charts over time, reject reasons) from the job's saved state.")
final class ReportCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path jobFile;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    JobSpec job = JobFiles.load(jobFile);
    PrintWriter out = spec.commandLine().getOut();
    Optional<String> migration = HtmlReport.rebuild(Migration.state(job), job, false);
    Optional<String> validation = HtmlReport.rebuild(Validation.state(job), job, true);
    migration.ifPresent(page -> out.println("Migration report: " + page));
    validation.ifPresent(page -> out.println("Validation report: " + page));
    if (migration.isEmpty() && validation.isEmpty()) {
      spec.commandLine()
          .getErr()
          .printf(
              "Job %s has no saved report in %s yet: run 'sluice migrate' or 'sluice validate'"
                  + " first.%n",
              job.name(), job.stateDir());
      return ExitCodes.ABORTED;
    }
    return ExitCodes.OK;
  }
}
