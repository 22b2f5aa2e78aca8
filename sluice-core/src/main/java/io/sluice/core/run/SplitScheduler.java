package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.FlowController;
import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.Record;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs the splits of all sources on a fixed pool of workers, each a {@link SplitRunner} over the
 * split it took. Workers take the next split from a shared queue, so a slow split never idles the
 * others; all take their permits to write from one {@link FlowController}. The first reason to stop
 * (too many errors, a split that cannot be read) wins and ends the run; writes already sent still
 * complete and are counted.
 */
final class SplitScheduler implements RunControl {

  private final int workers;
  private final ErrorThreshold maxErrors;
  private final LiveCounts counters;
  private final FlowController flow;
  private final Counts earlierRuns;
  private final ExecutorService accounting =
      Executors.newSingleThreadExecutor(daemonThreads("sluice-accounting"));
  private final AtomicReference<String> abortReason = new AtomicReference<>();
  private final Map<String, Integer> splitsInHand = new ConcurrentHashMap<>();
  private volatile boolean interrupted;

  SplitScheduler(
      int workers,
      ErrorThreshold maxErrors,
      LiveCounts counters,
      FlowController flow,
      Counts earlierRuns) {
    this.workers = workers;
    this.maxErrors = maxErrors;
    this.counters = counters;
    this.flow = flow;
    this.earlierRuns = earlierRuns;
  }

  /**
   * A runner of splits whose records {@code mapper} maps and {@code sink} takes (one per table of
   * the run), sharing this pool's flow budget, error budget and accounting thread.
   */
  SplitRunner runner(Function<Record, MapResult> mapper, Sink sink, SplitSinks splitSinks) {
    return new SplitRunner(mapper, sink, splitSinks, flow, accounting, this, counters);
  }

  /**
   * A runner as {@link #runner} makes, whose rejects are judged against {@code maxErrors} on the
   * counts of {@code table} alone ({@code max-errors: ... per table}): its earlier runs' committed
   * counts {@code tableEarlier} and what this run reads of it.
   */
  SplitRunner tableRunner(
      Function<Record, MapResult> mapper,
      Sink sink,
      SplitSinks splitSinks,
      String table,
      Counts tableEarlier) {
    LiveCounts tableCounts = new LiveCounts(counters);
    RunControl budget = new TableErrorBudget(this, table, maxErrors, tableCounts, tableEarlier);
    return new SplitRunner(mapper, sink, splitSinks, flow, accounting, budget, tableCounts);
  }

  /** Runs the given splits; returns why the run stopped early, or {@code null} if it completed. */
  String runAll(List<SplitTask> tasks) {
    ConcurrentLinkedQueue<SplitTask> queue = new ConcurrentLinkedQueue<>(tasks);
    int threads = Math.max(1, Math.min(workers, queue.size()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, daemonThreads("sluice-worker"));
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(pool.submit(() -> drain(queue)));
      }
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (ExecutionException e) {
          stop("a worker failed: " + e.getCause());
        }
      }
      awaitWritesInFlight();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop("interrupted");
    } finally {
      pool.shutdownNow();
      stopAccounting();
    }
    return abortReason.get();
  }

  private void drain(ConcurrentLinkedQueue<SplitTask> queue) {
    SplitTask task;
    while (!stopped() && (task = queue.poll()) != null) {
      String table = task.table() == null ? "" : task.table();
      splitsInHand.merge(table, 1, Integer::sum);
      try {
        task.runner().read(task.source(), task.ledger());
      } finally {
        splitsInHand.computeIfPresent(table, (t, n) -> n == 1 ? null : n - 1);
      }
    }
  }

  @Override
  public void stop(String reason) {
    abortReason.compareAndSet(null, reason);
  }

  /** Stops taking new records because the user asked to; writes in flight still complete. */
  void interrupt(String reason) {
    interrupted = true;
    stop(reason);
  }

  /** The tables of a job of several whose splits workers are reading now, by name. */
  SortedSet<String> tablesInHand() {
    SortedSet<String> tables = new TreeSet<>(splitsInHand.keySet());
    tables.remove("");
    return tables;
  }

  boolean interrupted() {
    return interrupted;
  }

  @Override
  public boolean stopped() {
    return abortReason.get() != null;
  }

  /**
   * Stops the run when the rejects so far, in this run and the committed part of earlier ones,
   * exceed the job's {@code max-errors}: resuming does not give a job a fresh error budget.
   */
  @Override
  public void rejected() {
    long errors = earlierRuns.rejected() + counters.rejected();
    long read = earlierRuns.recordsRead() + counters.get(Count.RECORDS_READ);
    if (maxErrors.exceeded(errors, read)) {
      stop(
          String.format(
              "%,d records or rows were rejected out of %,d read, more than max-errors %s allows",
              errors, read, maxErrors));
    }
  }

  /**
   * Waits for the writes in flight. A stopped run waits only a short while: what is not
   * acknowledged by then stays uncommitted and is redone by the next run.
   */
  private void awaitWritesInFlight() throws InterruptedException {
    if (stopped()) {
      flow.awaitIdle(SplitRunner.STOP_GRACE);
      return;
    }
    while (!flow.awaitIdle(SplitRunner.STOP_GRACE)) {
      if (stopped()) {
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
    long seconds = SplitRunner.STOP_GRACE.toSeconds();
    try {
      if (!accounting.awaitTermination(seconds, TimeUnit.SECONDS)) {
        stop("accounting of finished writes did not end within " + seconds + " s");
        accounting.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop("interrupted");
    }
  }

  /** Threads named {@code name} that do not keep the JVM alive on their own. */
  static ThreadFactory daemonThreads(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }

  /**
   * A split to run, with where its progress is kept and what runs it.
   *
   * @param table the target table of a job of several tables; else null
   */
  record SplitTask(PlannedSource source, SplitLedger ledger, SplitRunner runner, String table) {}
}
