package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.FlowController;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Sink;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the splits of all sources on a fixed pool of workers. Workers take the next split from a
 * shared queue, so a slow split never idles the others. All workers take their permits to write
 * from one {@link FlowController}. The first reason to stop (too many errors, a split that cannot
 * be read) wins and ends the run; writes already sent still complete and are counted.
 */
final class SplitScheduler {

  /** How long a stopped run waits for writes in flight before it saves its progress. */
  static final Duration STOP_GRACE = Duration.ofSeconds(20);

  private final JobSpec job;
  private final Mapper mapper;
  private final Sink sink;
  private final ProgressLedger ledger;
  private final LiveCounts counters;
  private final RunOptions options;
  private final FlowController flow;
  private final Counts earlierRuns;
  private final ExecutorService accounting =
      Executors.newSingleThreadExecutor(daemonThreads("sluice-accounting"));
  private final AtomicReference<String> abortReason = new AtomicReference<>();
  private volatile boolean interrupted;

  SplitScheduler(
      JobSpec job,
      Mapper mapper,
      Sink sink,
      ProgressLedger ledger,
      LiveCounts counters,
      RunOptions options,
      FlowController flow,
      Counts earlierRuns) {
    this.job = job;
    this.mapper = mapper;
    this.sink = sink;
    this.ledger = ledger;
    this.counters = counters;
    this.options = options;
    this.flow = flow;
    this.earlierRuns = earlierRuns;
  }

  /** Runs the given splits; returns why the run stopped early, or {@code null} if it completed. */
  String runAll(List<SplitTask> tasks) {
    ConcurrentLinkedQueue<SplitTask> queue = new ConcurrentLinkedQueue<>(tasks);
    int workers = Math.max(1, Math.min(job.flow().workers(), queue.size()));
    ExecutorService pool = Executors.newFixedThreadPool(workers, daemonThreads("sluice-worker"));
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < workers; i++) {
        futures.add(pool.submit(() -> drain(queue)));
      }
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (ExecutionException e) {
          abort("a worker failed: " + e.getCause());
        }
      }
      awaitWritesInFlight();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort("interrupted");
    } finally {
      pool.shutdownNow();
      stopAccounting();
    }
    return abortReason.get();
  }

  private void drain(ConcurrentLinkedQueue<SplitTask> queue) {
    SplitTask task;
    while (abortReason.get() == null && (task = queue.poll()) != null) {
      new SplitWorker(task.source(), task.progress(), this).run();
    }
  }

  void abort(String reason) {
    abortReason.compareAndSet(null, reason);
  }

  /** Stops taking new records because the user asked to; writes in flight still complete. */
  void interrupt(String reason) {
    interrupted = true;
    abort(reason);
  }

  boolean interrupted() {
    return interrupted;
  }

  boolean aborted() {
    return abortReason.get() != null;
  }

  /**
   * Stops the run when the rejects so far, in this run and the committed part of earlier ones,
   * exceed the job's {@code max-errors}: resuming does not give a job a fresh error budget.
   */
  void checkErrorBudget() {
    long errors = earlierRuns.rejected() + counters.rejected();
    long read = earlierRuns.recordsRead() + counters.get(Count.RECORDS_READ);
    if (job.maxErrors().exceeded(errors, read)) {
      abort(
          String.format(
              "%,d records or rows were rejected out of %,d read, more than max-errors %s allows",
              errors, read, job.maxErrors()));
    }
  }

  /**
   * Waits for the writes in flight. A stopped run waits only a short while: what is not
   * acknowledged by then stays uncommitted and is redone by the next run.
   */
  private void awaitWritesInFlight() throws InterruptedException {
    if (aborted()) {
      flow.awaitIdle(STOP_GRACE);
      return;
    }
    while (!flow.awaitIdle(STOP_GRACE)) {
      if (aborted()) {
        return;
      }
    }
  }

  /**
   * Lets the accounting of answers already received finish, so that the final checkpoint sees them;
   * answers that arrive later (a stopped run's stragglers) are not accounted, and stay uncommitted.
   */
  private void stopAccounting() {
    accounting.shutdown();
    try {
      if (!accounting.awaitTermination(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
        abort("accounting of finished writes did not end within " + STOP_GRACE.toSeconds() + " s");
        accounting.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort("interrupted");
    }
  }

  /** Threads named {@code name} that do not keep the JVM alive on their own. */
  private static ThreadFactory daemonThreads(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Where write answers are accounted: one thread of the run's own, never a driver thread. */
  Executor accounting() {
    return accounting;
  }

  Mapper mapper() {
    return mapper;
  }

  Sink sink() {
    return sink;
  }

  ProgressLedger ledger() {
    return ledger;
  }

  LiveCounts counters() {
    return counters;
  }

  RunOptions options() {
    return options;
  }

  FlowController flow() {
    return flow;
  }

  /** A split to run, with where its progress is kept. */
  record SplitTask(Migration.PlannedSource source, SplitProgress progress) {}
}
