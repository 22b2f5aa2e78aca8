package io.sluice.cli;

import io.sluice.cassandra.doctor.Finding;
import io.sluice.cassandra.doctor.JobClusters;
import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.RunReport;
import io.sluice.core.run.WorkflowKind;
import io.sluice.metrics.RunMetrics;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Function;

/**
 * What {@code migrate} and {@code validate} share: open the job's sources and connect to its target
 * (found by its {@code target.type}), reporting every problem at once ({@link JobChecks}), plan the
 * run, say what it resumes and what it reads, show progress, stop in order on Ctrl-C or SIGTERM,
 * print the report before the process may end, and serve the run's metrics when asked ({@code
 * --metrics-port}).
 */
final class JobRunner {

  private JobRunner() {}

  /**
   * Runs a migration or a validation of the job, printing to {@code out}; the run's summary is
   * printed while a signal still waits for it.
   *
   * @param kind the kind of run, for how the target is connected and for its messages
   * @param prepare plans the run against what the checks opened: the connected target and the job's
   *     sources, or every table's for a job of several
   * @param metricsPort where to serve the run's metrics on the loopback address, or null for
   *     nowhere
   * @param force load even when the doctor finds a problem that would fail it (a migration only)
   */
  static RunReport run(
      JobSpec job,
      WorkflowKind kind,
      Function<JobChecks, JobRun> prepare,
      Integer metricsPort,
      boolean force,
      PrintWriter out) {
    try (JobChecks opened = openChecked(job, kind, force, out);
        JobRun run = prepare.apply(opened);
        RunMetrics metrics = serve(run, job.name(), metricsPort, out)) {
      for (String warning : run.warnings()) {
        out.println("Warning: " + warning);
      }
      for (String refused : opened.schemaRefused()) {
        out.println("Warning: " + refused);
      }
      run.resumes().ifPresent(checkpoint -> out.print(resuming(job, kind, run, checkpoint)));
      out.print(run.describe(run.targetName(), ""));
      out.println("Compaction watch: " + run.backlogSignal());
      run.beforeRun(out);
      out.flush();
      StopOnSignal stopOnSignal = new StopOnSignal(run, out);
      try {
        RunReport report;
        ProgressDisplay progress = ProgressDisplay.start(run, out);
        try {
          report = run.run();
        } finally {
          progress.close();
        }
        out.print(run.summary(report));
        out.flush();
        run.afterRun(report.outcome().finished(), out);
        out.flush();
        return report;
      } finally {
        stopOnSignal.close();
      }
    }
  }

  /** What the run says of the checkpoint it resumes, or of a job already done. */
  private static String resuming(JobSpec job, WorkflowKind kind, JobRun run, Checkpoint saved) {
    if (saved.finished()) {
      return String.format(
          "Job %s already completed (checkpoint of %s, %,d records in %d run(s)); nothing left to"
              + " %s. --fresh %ss it again.%n",
          job.name(),
          saved.updated(),
          saved.counts().recordsRead(),
          saved.runs(),
          kind.verb(),
          kind.verb());
    }
    return String.format(
        "Resuming %s from its checkpoint of %s (%,d records done in %d earlier run(s)%s);"
            + " --fresh starts over.%n",
        kind.subject(job.name()),
        saved.updated(),
        saved.counts().recordsRead(),
        saved.runs(),
        run.sizeKnown()
            ? String.format(
                ", %.1f%% of the work", 100.0 * run.workDone() / Math.max(1, run.totalWork()))
            : "");
  }

  /**
   * The doctor's checks, briefly: only what needs attention is printed, and a FAIL stops the load
   * before its first write unless {@code force}.
   */
  private static void preflight(JobSpec job, boolean force, PrintWriter out) {
    List<Finding> findings =
        JobClusters.examine(job, job.baseDir()).stream()
            .filter(finding -> finding.level() != Finding.Level.OK)
            .toList();
    for (Finding finding : findings) {
      out.println("Doctor: " + finding.line());
    }
    long failures = findings.stream().filter(f -> f.level() == Finding.Level.FAIL).count();
    if (failures > 0 && !force) {
      out.flush();
      throw new IllegalStateException(
          "The doctor found "
              + failures
              + " problem(s) that would fail the load (FAIL above): fix them, or pass --force to"
              + " load anyway; 'sluice doctor' with the job file shows every check.");
    }
  }

  /**
   * The job's checks, then (for a run that writes) the doctor's, closing what is open if they fail.
   */
  private static JobChecks openChecked(
      JobSpec job, WorkflowKind kind, boolean force, PrintWriter out) {
    JobChecks opened = JobChecks.open(job, kind);
    try {
      if (kind.writes()) {
        // A job of several tables is examined through its first table's: the clusters are the
        // same for all.
        preflight(opened.firstJob(), force, out);
      }
      return opened;
    } catch (RuntimeException e) {
      opened.close();
      throw e;
    }
  }

  /** The run's metrics, served on the loopback address at {@code port}; null without a port. */
  private static RunMetrics serve(JobRun run, String jobName, Integer port, PrintWriter out) {
    if (port == null) {
      return null;
    }
    RunMetrics metrics =
        RunMetrics.serve(
            run, jobName, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    out.printf(
        "Metrics for Prometheus on http://%s:%d/metrics%n",
        metrics.address().getAddress().getHostAddress(), metrics.address().getPort());
    return metrics;
  }
}
