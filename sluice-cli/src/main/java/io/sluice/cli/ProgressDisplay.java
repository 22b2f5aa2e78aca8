package io.sluice.cli;

import io.sluice.core.count.Counts;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.WorkflowKind;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows a running migration or validation: a live progress bar (percent of the work done, ETA, rows
 * written or checked, rows/s, MB/s, rejects or differences, and how flow control holds the load) on
 * a terminal, or one plain line every few seconds (and a last one at the end) when output goes to a
 * file or pipe. Percent and ETA count the sources' own units of work, earlier runs' included. The
 * ETA comes from the rate sustained lately ({@link EtaEstimate}), not the average since the start.
 */
final class ProgressDisplay implements AutoCloseable {

  private static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

  private final JobRun run;
  private final ScheduledExecutorService timer;
  private final ProgressBar bar;
  private final PrintWriter out;
  private final WorkflowKind kind;
  private final boolean sized;
  private final long startNanos = System.nanoTime();
  private final EtaEstimate eta = new EtaEstimate();

  private ProgressDisplay(JobRun run, PrintWriter out, boolean terminal) {
    this.run = run;
    this.out = out;
    this.kind = run.workflow().kind();
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-progress");
              thread.setDaemon(true);
              return thread;
            });
    this.sized = run.sizeKnown();
    // Without a measured size the bar is indeterminate: it shows what was read, not a share.
    long totalMb = sized ? Math.max(1, run.totalWork() / 1_000_000) : -1;
    this.bar =
        terminal
            ? new ProgressBarBuilder()
                .setTaskName(kind.task())
                .setInitialMax(totalMb)
                .startsFrom(run.workDone() / 1_000_000, Duration.ZERO)
                .setUnit(" MB", 1)
                .setStyle(ProgressBarStyle.ASCII)
                .showSpeed()
                .setEtaFunction(state -> sized ? eta.remaining(run.totalWork()) : Optional.empty())
                .setUpdateIntervalMillis(500)
                .build()
            : null;
    long period = terminal ? 500 : LOG_INTERVAL.toMillis();
    timer.scheduleAtFixedRate(this::refresh, period, period, TimeUnit.MILLISECONDS);
  }

  /** Starts showing progress, in the words of the run's kind. */
  static ProgressDisplay start(JobRun run, PrintWriter out) {
    return new ProgressDisplay(run, out, System.console() != null);
  }

  private void refresh() {
    Counts counts = run.progress();
    long now = System.nanoTime();
    double seconds = Math.max(1e-3, (now - startNanos) / 1e9);
    long workDone = run.workDone();
    eta.sample(workDone, now);
    String flow = run.flowStats().map(FlowLine::of).orElse("");
    String rates =
        String.format(
                "%,d rows %s, %,.0f rows/s, %.1f MB/s, %,d %s",
                counts.rowsWritten(),
                kind.rowsDone(),
                counts.rowsWritten() / seconds,
                counts.bytesRead() / 1e6 / seconds,
                kind.problems(counts),
                kind.problemsWord())
            + flow
            + run.tablesLine().map(tables -> ", " + tables).orElse("");
    if (bar != null) {
      bar.stepTo(workDone / 1_000_000);
      bar.setExtraMessage(rates);
    } else if (sized) {
      long total = Math.max(1, run.totalWork());
      double fraction = Math.min(1.0, workDone / (double) total);
      String left =
          eta.remaining(run.totalWork()).map(ProgressDisplay::formatEta).orElse("unknown");
      out.printf("Progress: %.1f%% read, %s, ETA %s%n", fraction * 100, rates, left);
      out.flush();
    } else {
      out.printf("Progress: %s (size not known yet: no percent or ETA)%n", rates);
      out.flush();
    }
  }

  private static String formatEta(Duration eta) {
    long s = eta.toSeconds();
    return String.format("%d:%02d:%02d", s / 3600, (s % 3600) / 60, s % 60);
  }

  @Override
  public void close() {
    timer.shutdownNow();
    if (bar == null) {
      refresh();
    } else {
      bar.stepTo(run.workDone() / 1_000_000);
      bar.close();
    }
  }
}
