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
import picocli.CommandLine.Spec;

/** {@code sluice migrate job.yaml}: the backfill, with live progress and a final report. */
@Command(
    name = "migrate",
    description = "Load the job's sources into its target table, with progress, rate and ETA.")
final class MigrateCommand implements Callable<Integer> {

  @Mixin JobOptions options;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    JobSpec job = options.load();
    PrintWriter out = spec.commandLine().getOut();
    RunReport report = run(job, out);
    return exitCode(report);
  }

  /** Runs a job against its Cassandra target, printing progress and the report to {@code out}. */
  static RunReport run(JobSpec job, PrintWriter out) {
    try (CassandraTarget target = CassandraTarget.connect(job.target(), job.baseDir());
        Migration migration = Migration.prepare(job, target, Clock.systemUTC())) {
      for (String warning : migration.warnings()) {
        out.println("Warning: " + warning);
      }
      out.printf(
          "Loading %d source(s), %d split(s), %.1f MB into %s%n",
          migration.sources().size(),
          migration.sources().stream().mapToInt(s -> s.splits().size()).sum(),
          migration.totalBytes() / 1e6,
          target.schema().qualifiedName());
      out.flush();
      RunReport report;
      try (ProgressDisplay progress = ProgressDisplay.start(migration, out)) {
        report = migration.run();
      }
      out.print(report.toText());
      out.println("  Report saved to " + job.stateDir().resolve("report.json"));
      out.flush();
      return report;
    }
  }

  static int exitCode(RunReport report) {
    return switch (report.outcome()) {
      case COMPLETED -> ExitCodes.OK;
      case COMPLETED_WITH_ERRORS -> ExitCodes.COMPLETED_WITH_ERRORS;
      case ABORTED -> ExitCodes.ABORTED;
    };
  }
}
