package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointFile;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.checkpoint.ValidationCheckpoint;
import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowController;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.ValidatingTarget;
import io.sluice.core.source.ContentDigest;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import io.sluice.core.validate.SortedKeyRuns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A backfill from the job's sources into its target, or a validation of the target against them, on
 * a local pool of workers.
 *
 * <p>{@link #prepare} builds every stage up front (sources and their splits, the mapper, the
 * write-timestamp rule of each source, the rule check of the table) so that configuration errors
 * surface before the first write. {@link #run} then reads all splits in parallel and returns the
 * report; {@link #close} releases the sources.
 *
 * <p>A validation ({@link RunOptions#validate}) is the same run with a sink that checks rows
 * instead of writing them, its state in its own folder, and, when asked, a search for extra rows
 * once every split is done. A finished validation is not resumed: running it again checks again.
 */
public final class Migration implements AutoCloseable {

  /** How often progress is saved while a migration runs. */
  public static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(2);

  private final JobSpec job;
  private final Target target;
  private final List<PlannedSource> sources;
  private final Mapper mapper;
  private final List<String> warnings;
  private final LiveCounts counters = new LiveCounts();
  private final Clock clock;
  private final RunOptions options;
  private final Path stateDir;
  private final CheckpointFile checkpointFile;
  private final Optional<Checkpoint> previous;
  private final BacklogProbe backlogProbe;
  private final Map<String, String> contentDigests;
  private final long resumedBytes;
  private volatile FlowController flow;
  private volatile SplitScheduler scheduler;
  private volatile String stopRequested;

  private Migration(
      JobSpec job,
      Target target,
      List<PlannedSource> sources,
      Mapper mapper,
      List<String> warnings,
      Clock clock,
      RunOptions options,
      Optional<Checkpoint> previous,
      BacklogProbe backlogProbe,
      Map<String, String> contentDigests) {
    this.job = job;
    this.target = target;
    this.sources = sources;
    this.mapper = mapper;
    this.warnings = warnings;
    this.clock = clock;
    this.options = options;
    this.stateDir = options.stateDir(job);
    this.checkpointFile = new CheckpointFile(stateDir);
    this.previous = previous;
    this.backlogProbe = backlogProbe;
    this.contentDigests = contentDigests;
    this.resumedBytes = bytesReadBefore();
  }

  /** The checkpoint this migration resumes, if any. */
  public Optional<Checkpoint> resumes() {
    return previous;
  }

  /** Plans the job against a connected target; fails with a clear message if it cannot run. */
  public static Migration prepare(JobSpec job, Target target, Clock clock, boolean fresh) {
    return prepare(job, target, clock, RunOptions.migrate(fresh));
  }

  /** Plans a migration or a validation of the job against a connected target. */
  public static Migration prepare(JobSpec job, Target target, Clock clock, RunOptions options) {
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : job.sources()) {
        sources.add(Sources.create(spec, job.baseDir()));
      }
      return prepare(job, target, sources, clock, options);
    } catch (RuntimeException e) {
      sources.forEach(Migration::closeQuietly);
      throw e;
    }
  }

  /**
   * Plans the job with sources already created, one per entry of the job's source list, in order.
   * The migration owns them from here and closes them.
   *
   * @param fresh start over, ignoring and replacing the job's checkpoint; otherwise an earlier
   *     run's checkpoint is resumed, and refused if the job changed since
   */
  public static Migration prepare(
      JobSpec job, Target target, List<Source> sources, Clock clock, boolean fresh) {
    return prepare(job, target, sources, clock, RunOptions.migrate(fresh));
  }

  /**
   * Plans a migration or a validation with sources already created, as {@link #prepare(JobSpec,
   * Target, List, Clock, boolean)} does.
   */
  public static Migration prepare(
      JobSpec job, Target target, List<Source> sources, Clock clock, RunOptions options) {
    if (job.mapping() == null) {
      throw new JobFileException("The job has no 'mapping:'; run 'sluice plan' to infer one.");
    }
    if (options.validating() && !(target instanceof ValidatingTarget)) {
      throw new JobFileException("This target cannot be validated.");
    }
    List<String> warnings = new ArrayList<>(WriteRuleCheck.check(target.schema()));
    Mapper mapper = Mapper.compile(job.mapping(), target.schema());
    List<WriteTimestamps> timestamps = WriteTimestamps.forSources(job.sources());
    List<PlannedSource> planned = new ArrayList<>();
    for (int i = 0; i < sources.size(); i++) {
      Source source = sources.get(i);
      try {
        planned.add(new PlannedSource(source, source.plan(), timestamps.get(i)));
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot plan source '" + source.name() + "': " + e.getMessage(), e);
      }
    }
    Map<String, String> digests = contentDigests(planned);
    Optional<Checkpoint> previous = Optional.empty();
    if (!options.fresh()) {
      previous = new CheckpointFile(options.stateDir(job)).load();
      if (options.validating()) {
        previous = previous.filter(checkpoint -> !checkpoint.finished());
      }
      previous.ifPresent(
          checkpoint -> ResumeCheck.check(job, checkpoint, planned, digests, options));
    }
    BacklogProbe probe = target.backlogProbe(job.flow().compaction());
    return new Migration(
        job, target, planned, mapper, warnings, clock, options, previous, probe, digests);
  }

  /** The content digest of every local file the sources read, by resource. */
  private static Map<String, String> contentDigests(List<PlannedSource> sources) {
    Map<String, String> digests = new TreeMap<>();
    for (PlannedSource planned : sources) {
      for (Split split : planned.splits()) {
        if (!digests.containsKey(split.resource())) {
          planned
              .source()
              .file(split.resource())
              .ifPresent(file -> digests.put(split.resource(), ContentDigest.of(file)));
        }
      }
    }
    return digests;
  }

  public List<String> warnings() {
    return warnings;
  }

  public List<PlannedSource> sources() {
    return sources;
  }

  /** Total size of all splits, for percent done and ETA. */
  public long totalBytes() {
    return sources.stream().flatMap(s -> s.splits().stream()).mapToLong(Split::sizeBytes).sum();
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

  /** The live counters of this run, for progress display. */
  public Counts progress() {
    return counters.snapshot();
  }

  /**
   * Bytes read so far over all runs, for percent done: what earlier runs committed plus what this
   * run read. Rates use {@link #progress()} alone, so a resumed run does not claim old work.
   */
  public long bytesDone() {
    return resumedBytes + counters.get(Count.BYTES_READ);
  }

  /**
   * Asks the migration to stop taking new records, as on Ctrl-C: writes in flight get a short while
   * to complete, progress is saved, and {@link #run} returns an {@link Outcome#INTERRUPTED} report.
   */
  public void requestStop(String reason) {
    stopRequested = reason;
    SplitScheduler running = scheduler;
    if (running != null) {
      running.interrupt(reason);
    }
  }

  /**
   * Runs the migration to its end, or until it is stopped, and returns the report. Progress is
   * saved in the job's checkpoint every {@link #CHECKPOINT_INTERVAL} and at the end.
   */
  public RunReport run() {
    Instant started = clock.instant();
    long keptLines = previous.map(Checkpoint::rejectFileLength).orElse(0L);
    int runs = previous.map(Checkpoint::runs).orElse(0) + 1;
    Optional<ValidationCheckpoint> validated = previous.map(Checkpoint::validation);
    SortedKeyRuns keys =
        options.collectsKeys()
            ? new SortedKeyRuns(
                stateDir.resolve("keys"),
                SortedKeyRuns.DEFAULT_RUN_SIZE,
                validated.map(ValidationCheckpoint::keyRuns).orElse(0))
            : null;
    try (RejectFile lines = new RejectFile(stateDir.resolve(options.lineFileName()), keptLines);
        FlowController flowController = FlowController.start(job.flow(), backlogProbe);
        Sink sink = openSink(flowController)) {
      flow = flowController;
      Counts earlierRuns = previous.map(Checkpoint::counts).orElse(Counts.ZERO);
      ProgressLedger ledger =
          new ProgressLedger(
              lines,
              JobFingerprint.of(job),
              contentDigests,
              earlierRuns,
              runs,
              clock,
              options.validation(),
              keys,
              validated.map(ValidationCheckpoint::extraRowsDone).orElse(false));
      List<SplitScheduler.SplitTask> tasks = track(ledger);
      SplitScheduler running =
          new SplitScheduler(
              job, mapper, sink, ledger, counters, options, flowController, earlierRuns);
      scheduler = running;
      if (stopRequested != null) {
        running.interrupt(stopRequested);
      }
      String abortReason;
      ScheduledExecutorService saver = startSaving(ledger);
      try {
        abortReason = running.runAll(tasks);
      } finally {
        stopSaving(saver);
      }
      checkpointFile.save(ledger.checkpoint());
      if (abortReason == null && ledger.extraRowsPending()) {
        abortReason = searchExtraRows(ledger, keys, running);
      }
      Counts counts = ledger.committed();
      Outcome outcome =
          running.interrupted()
              ? Outcome.INTERRUPTED
              : abortReason != null ? Outcome.ABORTED : completed(counts);
      RunReport report =
          new RunReport(
              job.name(),
              outcome,
              abortReason,
              counts,
              started,
              Duration.between(started, clock.instant()),
              lines.path(),
              runs,
              counters.get(Count.ROWS_WRITTEN),
              flowController.stats());
      report.writeJson(stateDir.resolve("report.json"));
      if (options.validating()) {
        new ValidationReport(report, options.validation())
            .writeJson(stateDir.resolve("validation.json"));
      }
      return report;
    }
  }

  private Sink openSink(FlowFeedback feedback) {
    return options.validating()
        ? ((ValidatingTarget) target)
            .openValidator(job.flow(), feedback, options.validation(), mapper.columns())
        : target.openSink(job.flow(), feedback);
  }

  private static Outcome completed(Counts counts) {
    if (counts.rejected() > 0) {
      return Outcome.COMPLETED_WITH_ERRORS;
    }
    return counts.differences() > 0 ? Outcome.COMPLETED_WITH_DIFFERENCES : Outcome.COMPLETED;
  }

  /**
   * Runs the search for extra rows after every split is done; returns why it stopped early, or
   * null. Its findings go past the checkpoint saved before it, so an interrupted search leaves no
   * trace: the next run cuts the differences file back and searches again.
   */
  private String searchExtraRows(
      ProgressLedger ledger, SortedKeyRuns keys, SplitScheduler running) {
    String stopped =
        new ExtraRowScan(
                (ValidatingTarget) target,
                target.schema(),
                options.validation(),
                keys,
                stateDir.resolve("target-keys"),
                () -> WriteTimestamps.toMicros(clock.instant()),
                running::aborted,
                counters)
            .run(ledger);
    if (stopped != null) {
      return running.interrupted() ? stopRequested : stopped;
    }
    ledger.extraRowsDone();
    checkpointFile.save(ledger.checkpoint());
    keys.delete();
    return null;
  }

  private SplitCheckpoint savedProgress(Split split) {
    return previous.map(checkpoint -> checkpoint.splits().get(split.id())).orElse(null);
  }

  /** The work of the splits that earlier runs read and committed, which this run skips. */
  private long bytesReadBefore() {
    long bytes = 0;
    for (PlannedSource source : sources) {
      for (Split split : source.splits()) {
        bytes += workDoneBefore(split);
      }
    }
    return bytes;
  }

  /**
   * The split's work earlier runs committed, in its own units. A checkpoint of an earlier Sluice
   * saved no work figure: its position, a byte offset there, stands in.
   */
  private long workDoneBefore(Split split) {
    SplitCheckpoint saved = savedProgress(split);
    if (saved == null) {
      return 0;
    }
    if (saved.done()) {
      return split.sizeBytes();
    }
    if (saved.workDone() != null) {
      return Math.min(split.sizeBytes(), saved.workDone());
    }
    try {
      long offset = saved.position() == null ? split.start() : Long.parseLong(saved.position());
      return Math.max(0, Math.min(split.sizeBytes(), offset - split.start()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Registers every split with the ledger at its saved position; returns those left to run. */
  private List<SplitScheduler.SplitTask> track(ProgressLedger ledger) {
    List<SplitScheduler.SplitTask> tasks = new ArrayList<>();
    for (PlannedSource source : sources) {
      for (Split split : source.splits()) {
        SplitCheckpoint saved = savedProgress(split);
        String position = saved == null ? null : saved.position();
        boolean done = saved != null && saved.done();
        SplitProgress progress =
            ledger.track(
                split, position, workDoneBefore(split), done, source.source()::positionAfter);
        if (!done) {
          tasks.add(new SplitScheduler.SplitTask(source, progress));
        }
      }
    }
    return tasks;
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
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-checkpoint");
              thread.setDaemon(true);
              return thread;
            });
    long every = CHECKPOINT_INTERVAL.toMillis();
    saver.scheduleWithFixedDelay(
        () -> checkpointFile.save(ledger.checkpoint()), every, every, TimeUnit.MILLISECONDS);
    return saver;
  }

  private static void closeQuietly(Source source) {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      // Closing a source we only read from cannot lose data; nothing to report.
    }
  }

  @Override
  public void close() {
    sources.forEach(PlannedSource::closeQuietly);
    backlogProbe.close();
  }

  /** A source with its splits and the timestamp rule of its rows. */
  public record PlannedSource(Source source, List<Split> splits, WriteTimestamps timestamps) {
    void closeQuietly() {
      Migration.closeQuietly(source);
    }
  }
}
