package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowController;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.run.PlannedSource;
import io.sluice.core.run.SameNameMapping;
import io.sluice.core.run.SplitProgress;
import io.sluice.core.run.SplitResult;
import io.sluice.core.run.SplitRunner;
import io.sluice.core.run.Workflow;
import io.sluice.core.run.WriteTimestamps;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.NoFindings;
import io.sluice.spark.hadoop.HadoopPaths;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.spark.SparkEnv;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the tasks of one run of a job share on an executor: the job read once, one connection to the
 * target, one sink, one flow controller for every split the executor runs at a time, and the
 * sources. Opened by the first task of the run on this JVM, closed once its tasks have been idle a
 * while, or at once by the driver in local mode.
 */
final class ExecutorJob implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ExecutorJob.class);

  /** How long an executor keeps the run's connection after its last task, for the next one. */
  private static final long IDLE_CLOSE_SECONDS = 30;

  private static final Map<String, ExecutorJob> OPEN = new HashMap<>();
  private static final ScheduledExecutorService TIMERS =
      Executors.newSingleThreadScheduledExecutor(daemon("sluice-spark-timers"));

  /** Where budget leases report, apart from the saves: a report may wait on the network. */
  private static final ScheduledExecutorService LEASES =
      Executors.newScheduledThreadPool(2, daemon("sluice-budget-lease"));

  private final String runId;
  private final JobSpec job;
  private final JobFingerprint fingerprint;
  private final Target target;
  private final Mapper mapper;
  private final BacklogProbe backlogProbe;
  private final SplitStore splits;
  private final List<WriteTimestamps> timestamps;
  private final List<Source> sources;
  private final Workflow workflow;
  private final LiveCounts live = new LiveCounts();
  private final ExecutorService accounting =
      Executors.newSingleThreadExecutor(daemon("sluice-accounting"));
  private final AtomicReference<String> stopReason = new AtomicReference<>();
  private int tasks;
  private ScheduledFuture<?> idleClose;

  private ExecutorJob(String runId, JobSpec jobFile, SplitTask task) {
    this.runId = runId;
    this.sources = new ArrayList<>();
    this.target = task.workflow().connectTarget(jobFile);
    try {
      for (SourceSpec spec : jobFile.sources()) {
        sources.add(Sources.create(spec, jobFile.baseDir()));
      }
      // The driver planned the job with the same mapping, and fingerprinted it so.
      this.job = SameNameMapping.resolve(jobFile, target.schema(), sources);
      this.fingerprint = JobFingerprint.of(job);
      this.timestamps = WriteTimestamps.forSources(job.sources());
      this.mapper = Mapper.compile(job.mapping(), target.schema());
      this.workflow = task.workflow().onExecutor(job, target, sources);
      this.backlogProbe = target.backlogProbe(job.flow().compaction());
      this.splits = task.state().open(job);
    } catch (RuntimeException e) {
      closeSources();
      target.close();
      throw e;
    }
  }

  /** The run's shared state on this JVM, opened by the first of its tasks here. */
  static synchronized ExecutorJob acquire(String runId, SplitTask task) {
    ExecutorJob open = OPEN.get(runId);
    if (open == null) {
      HadoopPaths.install(SparkEnv.get().conf());
      JobSpec job = task.job().load();
      if (!JobFingerprint.of(job).equals(task.jobFingerprint())) {
        throw new IllegalStateException(
            "The job "
                + task.job().jobFile()
                + " reads differently on this executor than on the driver: every executor must"
                + " run the same sluice-spark.jar as the driver.");
      }
      open = new ExecutorJob(runId, job, task);
      OPEN.put(runId, open);
    }
    if (open.idleClose != null) {
      open.idleClose.cancel(false);
      open.idleClose = null;
    }
    open.tasks++;
    return open;
  }

  /** A task of the run is over; the last one leaves the connection open a while for the next. */
  void release() {
    synchronized (ExecutorJob.class) {
      if (--tasks == 0 && OPEN.get(runId) == this) {
        idleClose = TIMERS.schedule(this::closeIfIdle, IDLE_CLOSE_SECONDS, TimeUnit.SECONDS);
      }
    }
  }

  private void closeIfIdle() {
    synchronized (ExecutorJob.class) {
      if (tasks > 0 || OPEN.get(runId) != this) {
        return;
      }
      OPEN.remove(runId);
    }
    close();
  }

  /** Closes the run's shared state in this JVM at once: the driver's, in local mode. */
  static void closeRun(String runId) {
    ExecutorJob open;
    synchronized (ExecutorJob.class) {
      open = OPEN.remove(runId);
    }
    if (open != null) {
      open.close();
    }
  }

  /**
   * Runs one split from where its shared checkpoint stands, saving its progress every {@link
   * io.sluice.core.run.JobRun#CHECKPOINT_INTERVAL} and at the end.
   *
   * @param killed whether Spark asked the task to stop
   */
  TaskResult run(SplitTask task, String executor, BooleanSupplier killed)
      throws InterruptedException, IOException {
    Split split = task.split();
    Source source = sources.get(task.sourceIndex());
    CheckpointStore checkpoint = splits.checkpoint(split.id());
    Checkpoint saved = checkpoint.load().orElse(null);
    if (saved != null && saved.complete()) {
      LOG.info("Split {} is already done; nothing to run", split.id());
      return TaskResult.of(split.id(), Counts.ZERO, true, null, executor, null);
    }
    try (BudgetLease lease = lease(task, executor);
        FlowController flow = flowController(lease);
        Sink sink = workflow.openSink(mapper, flow);
        LineStore lines =
            splits.openLines(
                split.id(), SplitLines.REJECTS, saved == null ? 0 : saved.rejectFileLength());
        LineStore findings = openFindings(task, split, saved)) {
      SplitProgress progress =
          new SplitProgress(
              split,
              saved,
              source::positionAfter,
              lines,
              findings,
              fingerprint,
              task.resources(),
              Clock.systemUTC());
      TaskControl control = new TaskControl(this, task, lease, killed);
      if (lease != null) {
        lease.progressFrom(progress.ledger()::committed, progress.ledger()::workDoneThisRun);
      }
      SplitRunner runner =
          new SplitRunner(
              record -> workflow.map(mapper, record),
              sink,
              workflow::sinkForSplit,
              flow,
              accounting,
              control,
              live);
      SplitSaver saver = SplitSaver.start(TIMERS, checkpoint, progress);
      SplitResult result;
      try {
        LOG.info(
            progress.ledger().resumePosition() == null
                ? "Split {} starts"
                : "Split {} resumes at its saved position",
            split.id());
        result =
            runner.run(
                new PlannedSource(source, List.of(split), timestamps.get(task.sourceIndex())),
                progress.ledger());
      } finally {
        saver.finish();
      }
      return TaskResult.of(
          split.id(), result.counts(), result.done(), control.reason(), executor, flow.stats());
    }
  }

  /** The split's findings, where its workflow lists any (a validation's differences). */
  private LineStore openFindings(SplitTask task, Split split, Checkpoint saved) {
    if (!task.workflow().listsFindings()) {
      return new NoFindings();
    }
    return splits.openLines(
        split.id(), SplitLines.FINDINGS, saved == null ? 0 : saved.findingsFileLength());
  }

  /** The task's share of the job's budget, or null when each task adapts by itself. */
  private static BudgetLease lease(SplitTask task, String executor) {
    if (task.budgetUrl() == null) {
      return null;
    }
    return BudgetLease.open(
        executor + "/" + task.id(), task.budgetUrl(), task.budgetToken(), LEASES);
  }

  private FlowController flowController(BudgetLease lease) {
    return lease == null
        ? FlowController.start(job.flow(), backlogProbe)
        : FlowController.leased(job.flow(), backlogProbe, lease);
  }

  /** Stops every task of the run on this executor: its share of the error budget is spent. */
  void stop(String reason) {
    stopReason.compareAndSet(null, reason);
  }

  String stopReason() {
    return stopReason.get();
  }

  /** Records rejected so far here plus those of earlier runs, against the job's max-errors. */
  void rejected(SplitTask task) {
    long errors = task.earlierRejected() + live.rejected();
    long read = task.earlierRead() + live.get(Count.RECORDS_READ);
    if (job.maxErrors().exceeded(errors, read)) {
      stop(
          String.format(
              "%,d records or rows were rejected out of %,d read, more than max-errors %s allows",
              errors, read, job.maxErrors()));
    }
  }

  @Override
  public void close() {
    accounting.shutdown();
    closeSources();
    backlogProbe.close();
    splits.close();
    target.close();
  }

  private void closeSources() {
    for (Source source : sources) {
      try {
        source.close();
      } catch (IOException | RuntimeException e) {
        LOG.debug("Closing a source: {}", e.getMessage());
      }
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
