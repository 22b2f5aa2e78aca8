package io.sluice.cli;

import io.sluice.core.job.JobSpec;
import io.sluice.core.report.HtmlReport;
import io.sluice.core.run.RunReport;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationReport;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.core.validate.ValidationSpec.RepairTimestamp;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sluice validate job.yaml}: reads the job's sources through its mapping and checks every
 * row against the target, listing missing, mismatched, changed-since and (with {@code --extra})
 * extra rows; repairs them with {@code --repair}. See docs/validate.md.
 */
@Command(
    name = "validate",
    description = {
      "Check, row by row, that the target holds what the job's sources give; repair it if asked.",
      "Exit code 0 when nothing differs (rows changed since by newer writes do not count),"
          + " 1 when differences were found."
    })
final class ValidateCommand implements Callable<Integer> {

  @Mixin JobOptions options;

  @Option(
      names = "--sample",
      paramLabel = "PERCENT",
      description =
          "Check only this share of the records, such as 10 or 0.5; the same records every run.")
  Double sample;

  @Option(names = "--repair", description = "Rewrite missing and mismatched rows from the source.")
  boolean repair;

  @Option(
      names = "--repair-timestamp",
      paramLabel = "source|now",
      description =
          "Timestamp of rewritten rows: 'source' (default) never overwrites a newer write, but cannot"
              + " undo a deletion or change at or after it; 'now' makes the source win over"
              + " everything, deletions included: only once the application no longer writes.")
  String repairTimestamp;

  @Option(
      names = "--extra",
      description = "Also find rows in the target that no source record gives (not with --sample).")
  boolean extra;

  @Option(
      names = "--delete-extra",
      description = "Delete the extra rows found, at the current time (needs --extra).")
  boolean deleteExtra;

  @Option(
      names = "--fresh",
      description =
          "Start over, discarding an unfinished validation's progress (otherwise it resumes).")
  boolean fresh;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    ValidationSpec validation = validationSpec();
    JobSpec job = options.load();
    PrintWriter out = spec.commandLine().getOut();
    RunReport report = run(job, validation, fresh, options.metricsPort, out);
    return JobRunner.exitCode(report.outcome());
  }

  /**
   * Validates a job's target against its sources, printing progress and the report to {@code out},
   * serving metrics on {@code metricsPort} unless it is null.
   */
  static RunReport run(
      JobSpec job, ValidationSpec validation, boolean fresh, Integer metricsPort, PrintWriter out) {
    String summary = Validation.state(job).location("validation.json");
    return JobRunner.run(
        job,
        true,
        (target, sources) ->
            Validation.prepare(job, target, sources, Clock.systemUTC(), fresh, validation),
        metricsPort,
        false,
        out,
        done -> {
          out.print(new ValidationReport(done, validation).toText());
          out.println("  Summary saved to " + summary);
          out.println("  Charts over time: " + Validation.state(job).location(HtmlReport.DOCUMENT));
        });
  }

  private ValidationSpec validationSpec() {
    if (repairTimestamp != null && !repair) {
      throw new ParameterException(spec.commandLine(), "--repair-timestamp needs --repair.");
    }
    try {
      return new ValidationSpec(
          sample == null ? 100 : sample, repair, repairTimestamp(), extra, deleteExtra);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private RepairTimestamp repairTimestamp() {
    if (repairTimestamp == null) {
      return RepairTimestamp.SOURCE;
    }
    return switch (repairTimestamp.toLowerCase(Locale.ROOT)) {
      case "source" -> RepairTimestamp.SOURCE;
      case "now" -> RepairTimestamp.NOW;
      default ->
          throw new ParameterException(
              spec.commandLine(),
              "--repair-timestamp must be 'source' or 'now', not '" + repairTimestamp + "'.");
    };
  }
}
