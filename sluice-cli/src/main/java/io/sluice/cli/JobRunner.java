package io.sluice.cli;

import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.Targets;
import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What {@code migrate} and {@code validate} share: connect to the job's target (found by its {@code
 * target.type}), plan the run, say what it resumes and what it reads, show progress, stop in order
 * on Ctrl-C or SIGTERM, and print the report before the process may end.
 */
final class JobRunner {

  private JobRunner() {}

  /**
   * Runs a migration or a validation of the job, printing to {@code out}; {@code printReport}
   * prints the final report while a signal still waits for it.
   *
   * @param checking whether the run is a validation, for its messages
   * @param prepare plans the run against the connected target
   */
  static RunReport run(
      JobSpec job,
      boolean checking,
      Function<Target, JobRun> prepare,
      PrintWriter out,
      Consumer<RunReport> printReport) {
    try (Target target = Targets.connect(job.target(), job.baseDir());
        JobRun run = prepare.apply(target)) {
      for (String warning : run.warnings()) {
        out.println("Warning: " + warning);
      }
      run.resumes()
          .ifPresent(
              checkpoint ->
                  out.printf(
                      checkpoint.finished()
                          ? "Job %s already completed (checkpoint of %s, %,d records in %d"
                              + " run(s)); nothing left to load. --fresh loads it again.%n"
                          : "Resuming %s from its checkpoint of %s (%,d records done in %d"
                              + " earlier run(s), %.1f%% of the work); --fresh starts over.%n",
                      checkpoint.finished()
                          ? job.name()
                          : (checking ? "the validation of job " : "job ") + job.name(),
                      checkpoint.updated(),
                      checkpoint.counts().recordsRead(),
                      checkpoint.runs(),
                      100.0 * run.workDone() / Math.max(1, run.totalWork())));
      out.printf(
          "%s %d source(s), %d split(s), %.1f MB %s %s%n",
          checking ? "Checking" : "Loading",
          run.sources().size(),
          run.sources().stream().mapToInt(s -> s.splits().size()).sum(),
          run.totalWork() / 1e6,
          checking ? "against" : "into",
          target.schema().qualifiedName());
      if (!checking) {
        out.println("Compaction watch: " + run.backlogSignal());
      }
      out.flush();
      StopOnSignal stopOnSignal = new StopOnSignal(run, out);
      try {
        RunReport report;
        ProgressDisplay progress = ProgressDisplay.start(run, out, checking);
        try {
          report = run.run();
        } finally {
          progress.close();
        }
        printReport.accept(report);
        out.flush();
        return report;
      } finally {
        stopOnSignal.close();
      }
    }
  }

  static int exitCode(Outcome outcome) {
    return switch (outcome) {
      case COMPLETED -> ExitCodes.OK;
      case COMPLETED_WITH_ERRORS, COMPLETED_WITH_DIFFERENCES -> ExitCodes.COMPLETED_WITH_ERRORS;
      case ABORTED -> ExitCodes.ABORTED;
      case INTERRUPTED -> ExitCodes.INTERRUPTED;
    };
  }
}
