package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowController;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.SplitProgress;
import io.sluice.core.run.SplitResult;
import io.sluice.core.run.SplitRunner;
import io.sluice.core.run.Workflow;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.NoFindings;
import io.sluice.spark.hadoop.HadoopPaths;
import java.io.IOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
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
 * What the tasks of one run of a job share on an executor: the job read once, the tables of it that
 * the executor's tasks write (each with its own connection to its target table, its sources and
 * mapper: {@link ExecutorTable}, opened by the table's first task here), one compaction probe, and
 * where the splits keep their state. Opened by the first task of the run on this JVM, closed once
 * its tasks have been idle a while, or at once by the driver in local mode.
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
  private final JobTables jobTables;
  private final Map<String, ExecutorTable> tables = new HashMap<>();
  private final BacklogProbe backlogProbe;
  private final SplitStore splits;
  private final LiveCounts live = new LiveCounts();
  private final ExecutorService accounting =
      Executors.newSingleThreadExecutor(daemon("sluice-accounting"));
  private final AtomicReference<String> stopReason = new AtomicReference<>();
  private int tasks;
  private ScheduledFuture<?> idleClose;

  private ExecutorJob(String runId, JobSpec job, SplitTask task) {
    this.runId = runId;
    this.job = job;
    this.jobTables = JobTables.of(job);
    ExecutorTable first = ExecutorTable.open(tableJob(task), task);
    tables.put(task.table(), first);
    try {
      this.backlogProbe = first.target().backlogProbe(job.flow().compaction());
      this.splits = task.state().open(job);
    } catch (RuntimeException e) {
      first.close();
      throw e;
    }
  }

  /** The job of the task's table, as this executor reads the job file. */
  private JobSpec tableJob(SplitTask task) {
    JobSpec table = jobTables.tables().get(task.table());
    if (table == null) {
      throw new IllegalStateException(
          "The driver planned table "
              + task.table()
              + ", which is not among the tables the job "
              + task.job().jobFile()
              + " names on this executor ("
              + String.join(", ", jobTables.tables().keySet())
              + "): its source's tables changed while the job runs.");
    }
    return table;
  }

  /** The task's table, opened here by its first task. */
  private synchronized ExecutorTable table(SplitTask task) {
    ExecutorTable table = tables.get(task.table());
    if (table == null) {
      table = ExecutorTable.open(tableJob(task), task);
      tables.put(task.table(), table);
    }
    return table;
  }

  /** The run's shared state on this JVM, opened by the first of its tasks here. */
  static synchronized ExecutorJob acquire(String runId, SplitTask task) {
    ExecutorJob open = OPEN.get(runId);
    if (open == null) {
      HadoopPaths.install(SparkEnv.get().conf());
      open = new ExecutorJob(runId, task.job().load(), task);
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
    ExecutorTable table = table(task);
    Workflow workflow = table.workflow();
    Mapper mapper = table.mapper();
    Source source = table.source(task.sourceIndex());
    CheckpointStore checkpoint = splits.checkpoint(split.id());
    Checkpoint saved = checkpoint.load().orElse(null);
    if (saved != null && saved.complete()) {
      LOG.info("Split {} is already done; nothing to run", split.id());
      return TaskResult.of(split.id(), Counts.ZERO, true, null, executor, null);
    }
    try (BudgetLease lease = lease(task, executor);
        FlowController flow = flowController(lease);
        // A task's sink may hand what it starts (an SSTable writer) on to the executor's next
        // tasks, so the task's own split says nothing of the size it serves.
        Sink sink = workflow.openSink(mapper, flow, OptionalLong.empty());
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
              task.jobFingerprint(),
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
        result = runner.run(table.planned(task.sourceIndex(), split), progress.ledger());
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
    backlogProbe.close();
    splits.close();
    synchronized (this) {
      tables.values().forEach(ExecutorTable::close);
      tables.clear();
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
