package io.sluice.core.run;

import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.Split;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the splits of all sources on a fixed pool of workers. Workers take the next split from a
 * shared queue, so a slow split never idles the others. All workers share one bound on rows in
 * flight. The first reason to stop (too many errors, a split that cannot be read) wins and ends the
 * run; writes already sent still complete and are counted.
 */
final class SplitScheduler {

  private final JobSpec job;
  private final List<Migration.PlannedSource> sources;
  private final Mapper mapper;
  private final Sink sink;
  private final RejectFile rejects;
  private final RunCounters counters;
  private final Semaphore inFlight;
  private final AtomicReference<String> abortReason = new AtomicReference<>();

  SplitScheduler(
      JobSpec job,
      List<Migration.PlannedSource> sources,
      Mapper mapper,
      Sink sink,
      RejectFile rejects,
      RunCounters counters) {
    this.job = job;
    this.sources = sources;
    this.mapper = mapper;
    this.sink = sink;
    this.rejects = rejects;
    this.counters = counters;
    this.inFlight = new Semaphore(job.flow().maxInFlight());
  }

  /** Runs every split; returns why the run stopped early, or {@code null} if it completed. */
  String runAll() {
    ConcurrentLinkedQueue<SplitTask> queue = new ConcurrentLinkedQueue<>();
    for (Migration.PlannedSource source : sources) {
      for (Split split : source.splits()) {
        queue.add(new SplitTask(source, split));
      }
    }
    int workers = Math.max(1, Math.min(job.flow().workers(), queue.size()));
    ExecutorService pool =
        Executors.newFixedThreadPool(
            workers,
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-worker");
              thread.setDaemon(true);
              return thread;
            });
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
    }
    return abortReason.get();
  }

  private void drain(ConcurrentLinkedQueue<SplitTask> queue) {
    SplitTask task;
    while (abortReason.get() == null && (task = queue.poll()) != null) {
      new SplitWorker(task.source(), task.split(), this).run();
    }
  }

  void abort(String reason) {
    abortReason.compareAndSet(null, reason);
  }

  boolean aborted() {
    return abortReason.get() != null;
  }

  /** Stops the run when the rejects so far exceed the job's {@code max-errors}. */
  void checkErrorBudget() {
    long errors = counters.errors();
    long read = counters.recordsRead.sum();
    if (job.maxErrors().exceeded(errors, read)) {
      abort(
          String.format(
              "%,d records or rows were rejected out of %,d read, more than max-errors %s allows",
              errors, read, job.maxErrors()));
    }
  }

  private void awaitWritesInFlight() throws InterruptedException {
    int all = job.flow().maxInFlight();
    inFlight.acquire(all);
    inFlight.release(all);
  }

  Mapper mapper() {
    return mapper;
  }

  Sink sink() {
    return sink;
  }

  RejectFile rejects() {
    return rejects;
  }

  RunCounters counters() {
    return counters;
  }

  Semaphore inFlight() {
    return inFlight;
  }

  int maxInFlight() {
    return job.flow().maxInFlight();
  }

  private record SplitTask(Migration.PlannedSource source, Split split) {}
}
