package io.sluice.cli;

import io.sluice.cassandra.CassandraTarget;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Migration;
import io.sluice.core.run.RunReport;
import java.io.PrintWriter;
import java.time.Clock;
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

  @Mixin JobOptions options;

  @Option(
      names = "--fresh",
      description = "Start over, discarding the job's saved progress (otherwise a run resumes).")
  boolean fresh;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    JobSpec job = options.load();
    PrintWriter out = spec.commandLine().getOut();
    RunReport report = run(job, fresh, out);
    return exitCode(report);
  }

  /** Runs a job against its Cassandra target, printing progress and the report to {@code out}. */
  static RunReport run(JobSpec job, boolean fresh, PrintWriter out) {
    try (CassandraTarget target = CassandraTarget.connect(job.target(), job.baseDir());
        Migration migration = Migration.prepare(job, target, Clock.systemUTC(), fresh)) {
      for (String warning : migration.warnings()) {
        out.println("Warning: " + warning);
      }
      migration
          .resumes()
          .ifPresent(
              checkpoint ->
                  out.printf(
                      "Resuming job %s from its checkpoint of %s (%,d records done in %d"
                          + " earlier run(s)); --fresh starts over.%n",
                      job.name(),
                      checkpoint.updated(),
                      checkpoint.counts().recordsRead(),
                      checkpoint.runs()));
      out.printf(
          "Loading %d source(s), %d split(s), %.1f MB into %s%n",
          migration.sources().size(),
          migration.sources().stream().mapToInt(s -> s.splits().size()).sum(),
          migration.totalBytes() / 1e6,
          target.schema().qualifiedName());
      out.flush();
      StopOnSignal stopOnSignal = new StopOnSignal(migration, out);
      try {
        RunReport report;
        ProgressDisplay progress = ProgressDisplay.start(migration, out);
        try {
          report = migration.run();
        } finally {
          progress.close();
        }
        out.print(report.toText());
        out.println("  Report saved to " + job.stateDir().resolve("report.json"));
        out.flush();
        return report;
      } finally {
        stopOnSignal.close();
      }
    }
  }

  static int exitCode(RunReport report) {
    return switch (report.outcome()) {
      case COMPLETED -> ExitCodes.OK;
      case COMPLETED_WITH_ERRORS -> ExitCodes.COMPLETED_WITH_ERRORS;
      case ABORTED -> ExitCodes.ABORTED;
      case INTERRUPTED -> ExitCodes.INTERRUPTED;
    };
  }
}
