package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.AnswerObserver;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowController;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LineStore;
import io.sluice.core.timeline.TimelineRecorder;
import io.sluice.core.timeline.TimelineSample;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A run of a job on a local pool of workers: its sources read split by split, each record mapped,
 * and the rows handed to what the {@link Workflow} opens (a {@link Migration} writes them; a
 * validation checks them).
 *
 * <p>{@link #prepare} builds every stage up front (sources and their splits, the mapper, the
 * write-timestamp rule of each source, the rule check of the table) so that configuration errors
 * surface before the first write. {@link #run} then reads all splits in parallel and returns the
 * report; {@link #close} releases the sources.
 */
public final class JobRun implements AutoCloseable {

  /** How often progress is saved while a run goes. */
  public static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(2);

  private final JobSpec job;
  private final List<RunPart> parts;
  private final JobFingerprint fingerprint;
  private final List<String> notCopied;
  private final List<String> warnings;
  private final LiveCounts counters = new LiveCounts();
  // Tables found done stay done, so each progress refresh walks the splits of the others only.
  private final Set<String> tablesDone = ConcurrentHashMap.newKeySet();
  private final Clock clock;
  private final JobState state;
  private final CheckpointStore checkpoints;
  private final Optional<Checkpoint> previous;
  private final BacklogProbe backlogProbe;
  private final Map<String, String> contentDigests;
  private final long resumedWork;
  private volatile FlowController flow;
  private volatile SplitScheduler scheduler;
  private volatile ProgressLedger ledger;
  private volatile String stopRequested;
  private volatile AnswerObserver answerObserver = AnswerObserver.NONE;

  JobRun(
      JobSpec job,
      List<RunPart> parts,
      JobFingerprint fingerprint,
      List<String> notCopied,
      List<String> warnings,
      Clock clock,
      JobState state,
      Optional<Checkpoint> previous,
      BacklogProbe backlogProbe,
      Map<String, String> contentDigests) {
    this.job = job;
    this.parts = parts;
    this.fingerprint = fingerprint;
    this.notCopied = notCopied;
    this.warnings = warnings;
    this.clock = clock;
    this.state = state;
    this.checkpoints = state.checkpoints();
    this.previous = previous;
    this.backlogProbe = backlogProbe;
    this.contentDigests = contentDigests;
    this.resumedWork = workReadBefore(sources());
  }

  /** The checkpoint this run resumes, if any. */
  public Optional<Checkpoint> resumes() {
    return previous;
  }

  /** Plans a run of the job, creating its sources from the job file. */
  public static JobRun prepare(
      JobSpec job, Target target, Clock clock, boolean fresh, JobState state, Workflow workflow) {
    return RunPlanner.prepare(job, target, clock, fresh, state, workflow);
  }

  /**
   * Plans a run of the job with sources already created, one per entry of the job's source list, in
   * order. The run owns them from here and closes them.
   *
   * @param fresh start over, ignoring and replacing the saved checkpoint; otherwise an earlier
   *     run's checkpoint is resumed, and refused if the job changed since
   * @param state where the checkpoint, reject lines and reports are kept
   */
  public static JobRun prepare(
      JobSpec job,
      Target target,
      List<Source> sources,
      Clock clock,
      boolean fresh,
      JobState state,
      Workflow workflow) {
    return RunPlanner.prepare(job, target, sources, clock, fresh, state, workflow);
  }

  /**
   * Plans one run of a job of several tables ({@link JobTables}): the splits of every table in one
   * pool, largest table first, under one flow budget, one error budget and one checkpoint, with
   * counts kept per table. The run owns the parts' sources from here and closes them.
   *
   * @param job the whole job: its name, state, flow and budgets
   * @param parts each table's job, connected target and sources
   * @param notCopied what of the source's schema the job leaves out, a sentence each saying why,
   *     for the report
   * @param workflows what the run does with each table's rows (one migration per table)
   */
  public static JobRun prepareTables(
      JobSpec job,
      List<JobPart> parts,
      List<String> notCopied,
      Clock clock,
      boolean fresh,
      JobState state,
      Function<JobPart, Workflow> workflows) {
    return RunPlanner.prepareTables(job, parts, notCopied, clock, fresh, state, workflows);
  }

  /** What this run does with the job's rows (with the first table's, for a job of several). */
  public Workflow workflow() {
    return parts.get(0).workflow();
  }

  /**
   * Runs once the run is planned, before its first record: each table's {@link Workflow#beforeRun}.
   */
  public void beforeRun(PrintWriter out) {
    parts.forEach(part -> part.workflow().beforeRun(out));
  }

  /** Runs once the run ended and its summary is printed: each table's {@link Workflow#afterRun}. */
  public void afterRun(boolean completed, PrintWriter out) {
    parts.forEach(part -> part.workflow().afterRun(completed, out));
  }

  /** The finished run as the console shows it, with where its documents are saved. */
  public String summary(RunReport report) {
    return RunDocuments.summary(workflow(), report, state);
  }

  public List<String> warnings() {
    return warnings;
  }

  /** Every planned source of the run, all its tables'. */
  public List<PlannedSource> sources() {
    return parts.stream().flatMap(part -> part.sources().stream()).toList();
  }

  /**
   * What the run writes to, as its first line says it: the target table, or for a job of several
   * tables the keyspace and how many.
   */
  public String targetName() {
    if (parts.get(0).table() == null) {
      return parts.get(0).target().schema().qualifiedName();
    }
    return String.format(
        "keyspace %s (%d tables)", parts.get(0).job().target().keyspace(), parts.size());
  }

  /**
   * What of the source's schema a job of several tables leaves out, a sentence each; empty for a
   * job of one table, whose plan names its leftovers.
   */
  public List<String> notCopied() {
    return notCopied;
  }

  /**
   * Whether {@link #totalWork()} is measured: false when a source could only guess its size, and
   * percent done and ETA would be invented.
   */
  public boolean sizeKnown() {
    return sources().stream().allMatch(s -> s.source().sizeKnown());
  }

  /** The work of all splits, in their sources' units, for percent done and ETA. */
  public long totalWork() {
    return parts.stream().mapToLong(RunPart::work).sum();
  }

  /**
   * The line that says what the run is about to do, as every runtime prints it.
   *
   * @param table the target table's name
   * @param detail said after the number of splits (on Spark: how many run as tasks), or empty
   */
  public String describe(String table, String detail) {
    return String.format(
        "%s %d source(s), %d split(s)%s, %s %s %s%n",
        workflow().kind().task(),
        sources().size(),
        sources().stream().mapToInt(s -> s.splits().size()).sum(),
        detail,
        sizeKnown() ? String.format("%.1f MB", totalWork() / 1e6) : "size not known yet",
        workflow().kind().preposition(),
        table);
  }

  /** Which compaction backlog signal the run watches, to say once before it starts. */
  public String backlogSignal() {
    return job.flow().compaction().enabled() ? backlogProbe.signal() : "off (flow.compaction)";
  }

  /** Flow control's state now, for progress display; empty before the run starts. */
  public Optional<FlowStats> flowStats() {
    FlowController running = flow;
    return running == null ? Optional.empty() : Optional.of(running.stats());
  }

  /**
   * For a job of several tables, what the progress line says of them: how many are done and which
   * are being read now; empty for a job of one table, or before the run starts.
   */
  public Optional<String> tablesLine() {
    SplitScheduler running = scheduler;
    if (parts.get(0).table() == null || running == null) {
      return Optional.empty();
    }
    parts.stream()
        .filter(part -> !tablesDone.contains(part.table()) && tableDone(part))
        .forEach(part -> tablesDone.add(part.table()));
    long done = tablesDone.size();
    SortedSet<String> reading = running.tablesInHand();
    return Optional.of(
        String.format(
            "tables %d of %d done%s",
            done,
            parts.size(),
            reading.isEmpty() ? "" : ", reading " + String.join(", ", reading)));
  }

  private boolean tableDone(RunPart part) {
    ProgressLedger ledger = this.ledger;
    return ledger != null
        && part.sources().stream()
            .flatMap(source -> source.splits().stream())
            .allMatch(split -> ledger.done(split.id()));
  }

  /** The live counters of this run, for progress display. */
  public Counts progress() {
    return counters.snapshot();
  }

  /**
   * The work done so far over all runs, for percent done: what earlier runs committed plus what
   * this run read. Rates use {@link #progress()} alone, so a resumed run does not claim old work.
   */
  public long workDone() {
    return resumedWork + counters.work();
  }

  /**
   * Asks the run to stop taking new records, as on Ctrl-C: writes in flight get a short while to
   * complete, progress is saved, and {@link #run} returns an {@link Outcome#INTERRUPTED} report.
   */
  public void requestStop(String reason) {
    stopRequested = reason;
    SplitScheduler running = scheduler;
    if (running != null) {
      running.interrupt(reason);
    }
  }

  /**
   * Runs the job to its end, or until it is stopped, and returns the report. Progress is saved in
   * the job's checkpoint every {@link #CHECKPOINT_INTERVAL} and at the end.
   */
  public RunReport run() {
    Instant started = clock.instant();
    int runs = previous.map(Checkpoint::runs).orElse(0) + 1;
    Workflow workflow = workflow();
    parts.forEach(part -> part.workflow().begin(previous, state));
    try (OpenSinks sinks = new OpenSinks();
        LineStore lines = state.openLines(previous.map(Checkpoint::rejectFileLength).orElse(0L));
        LineStore findings =
            state.openFindings(previous.map(Checkpoint::findingsFileLength).orElse(0L));
        FlowController flowController = FlowController.start(job.flow(), backlogProbe);
        TimelineRecorder timeline = startTimeline(flowController, runs)) {
      for (RunPart part : parts) {
        sinks.add(part.workflow().openSink(part.mapper(), flowController, workLeft(part)));
      }
      flowController.observe(answerObserver);
      flow = flowController;
      Counts earlierRuns = previous.map(Checkpoint::counts).orElse(Counts.ZERO);
      ProgressLedger ledger =
          new ProgressLedger(
              lines,
              findings,
              fingerprint,
              contentDigests,
              earlierRuns,
              previous.map(Checkpoint::tables).orElse(Map.of()),
              runs,
              clock,
              workflow::checkpointPart);
      this.ledger = ledger;
      SplitScheduler running =
          new SplitScheduler(
              job.flow().workers(), job.maxErrors(), counters, flowController, earlierRuns);
      List<SplitScheduler.SplitTask> tasks = track(ledger, running, sinks);
      scheduler = running;
      if (stopRequested != null) {
        running.interrupt(stopRequested);
      }
      String abortReason;
      ScheduledExecutorService saver = startSaving(ledger);
      try {
        abortReason = running.runAll(tasks);
        if (abortReason == null && !running.interrupted()) {
          abortReason = unfinished(tasks);
        }
      } finally {
        stopSaving(saver);
      }
      checkpoints.save(ledger.checkpoint());
      if (abortReason == null) {
        abortReason =
            workflow.finish(ledger, running, counters, () -> checkpoints.save(ledger.checkpoint()));
        if (abortReason != null && running.interrupted()) {
          abortReason = stopRequested;
        }
      }
      Counts counts = ledger.committed();
      timeline.close();
      Outcome outcome =
          running.interrupted()
              ? Outcome.INTERRUPTED
              : abortReason != null ? Outcome.ABORTED : Outcome.completed(counts);
      RunReport report =
          new RunReport(
              job.name(),
              outcome,
              abortReason,
              counts,
              started,
              Duration.between(started, clock.instant()),
              lines.location(),
              findings.location(),
              runs,
              counters.get(Count.ROWS_WRITTEN),
              flowController.stats(),
              List.of(),
              workflow.kind().validates(),
              TableReport.of(inJobOrder(ledger.committedByTable())),
              notCopied,
              warnings);
      report = RunDocuments.save(job, workflow, report, lines, findings, timeline.samples(), state);
      return report;
    }
  }

  /** Each table's counts in the order the job lists its tables, not the order they ran in. */
  private Map<String, Counts> inJobOrder(Map<String, Counts> byTable) {
    Map<String, Counts> ordered = new LinkedHashMap<>();
    for (RunPart part : parts) {
      Counts counts = byTable.get(part.table());
      if (counts != null) {
        ordered.put(part.table(), counts);
      }
    }
    return ordered;
  }

  /** The sinks of a run, one per table, closed together. */
  private static final class OpenSinks implements AutoCloseable {
    private final List<Sink> sinks = new ArrayList<>();

    void add(Sink sink) {
      sinks.add(sink);
    }

    Sink get(int index) {
      return sinks.get(index);
    }

    @Override
    public void close() {
      CloseAll.of(sinks, Sink::close);
    }
  }

  /**
   * Tells {@code observer} of every answer the target gives the run's requests, such as a metrics
   * registry; call before {@link #run}.
   */
  public void observeAnswers(AnswerObserver observer) {
    this.answerObserver = observer;
  }

  private TimelineRecorder startTimeline(FlowController flowController, int run) {
    return TimelineRecorder.start(
        state,
        clock,
        (at, seconds) ->
            TimelineSample.of(
                at,
                run,
                seconds,
                counters.snapshot(),
                flowController.stats(),
                flowController.takeLatencies(),
                workDone(),
                workflow().kind().validates()),
        previous.isPresent());
  }

  private SplitCheckpoint savedProgress(Split split) {
    return previous.map(checkpoint -> checkpoint.splits().get(split.id())).orElse(null);
  }

  /**
   * The bytes of source {@code part} has left to read, what earlier runs committed aside; empty
   * when a source could only guess its size.
   */
  private OptionalLong workLeft(RunPart part) {
    if (!part.sources().stream().allMatch(s -> s.source().sizeKnown())) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(part.work() - workReadBefore(part.sources()));
  }

  /**
   * The work of these sources' splits that earlier runs read and committed, which this run skips.
   */
  private long workReadBefore(List<PlannedSource> planned) {
    long work = 0;
    for (PlannedSource source : planned) {
      for (Split split : source.splits()) {
        work += SplitLedger.workDoneIn(split, savedProgress(split));
      }
    }
    return work;
  }

  /**
   * Registers every split with the ledger at its saved position; returns those left to run, the
   * largest table's first.
   */
  private List<SplitScheduler.SplitTask> track(
      ProgressLedger ledger, SplitScheduler scheduler, OpenSinks sinks) {
    List<SplitScheduler.SplitTask> tasks = new ArrayList<>();
    List<Integer> order = new ArrayList<>();
    for (int p = 0; p < parts.size(); p++) {
      order.add(p);
    }
    order.sort(Comparator.comparingLong((Integer p) -> parts.get(p).work()).reversed());
    Map<String, Counts> earlierTables = previous.map(Checkpoint::tables).orElse(Map.of());
    for (int p : order) {
      RunPart part = parts.get(p);
      Workflow workflow = part.workflow();
      Function<Record, MapResult> mapper = record -> workflow.map(part.mapper(), record);
      SplitRunner runner =
          part.table() != null && job.maxErrors().perTable()
              ? scheduler.tableRunner(
                  mapper,
                  sinks.get(p),
                  workflow::sinkForSplit,
                  part.table(),
                  earlierTables.getOrDefault(part.table(), Counts.ZERO))
              : scheduler.runner(mapper, sinks.get(p), workflow::sinkForSplit);
      RowsCommitted rowsCommitted = workflow.rowsCommitted();
      for (PlannedSource source : part.sources()) {
        for (Split split : source.splits()) {
          SplitLedger splitLedger =
              ledger.track(
                  split,
                  savedProgress(split),
                  source.source()::positionAfter,
                  rowsCommitted,
                  part.table());
          if (!splitLedger.done()) {
            tasks.add(new SplitScheduler.SplitTask(source, splitLedger, runner, part.table()));
          }
        }
      }
    }
    return tasks;
  }

  /**
   * Why a run that was not stopped still left a split unfinished, or null. Every split ends done
   * unless its sink answered the split's end before all its rows: the run then says so rather than
   * report a completion that a resumed run would have to finish.
   */
  private static String unfinished(List<SplitScheduler.SplitTask> tasks) {
    for (SplitScheduler.SplitTask task : tasks) {
      if (!task.ledger().done()) {
        return "split "
            + task.ledger().split().id()
            + " ended with records its target never acknowledged; run the job again to finish it";
      }
    }
    return null;
  }

  /** Stops periodic saving, waiting for a save under way, so it cannot race the final one. */
  private static void stopSaving(ScheduledExecutorService saver) {
    saver.shutdown();
    try {
      saver.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private ScheduledExecutorService startSaving(ProgressLedger ledger) {
    ScheduledExecutorService saver =
        Executors.newSingleThreadScheduledExecutor(
            SplitScheduler.daemonThreads("sluice-checkpoint"));
    long every = CHECKPOINT_INTERVAL.toMillis();
    saver.scheduleWithFixedDelay(
        () -> checkpoints.save(ledger.checkpoint()), every, every, TimeUnit.MILLISECONDS);
    return saver;
  }

  @Override
  public void close() {
    parts.forEach(RunPart::closeSources);
    backlogProbe.close();
  }
}
