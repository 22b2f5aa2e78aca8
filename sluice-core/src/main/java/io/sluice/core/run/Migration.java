package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointFile;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A backfill from the job's sources into its target, on a local pool of workers.
 *
 * <p>{@link #prepare} builds every stage up front (sources and their splits, the mapper, the
 * write-timestamp rule of each source, the rule check of the table) so that configuration errors
 * surface before the first write. {@link #run} then reads all splits in parallel and returns the
 * report; {@link #close} releases the sources.
 */
public final class Migration implements AutoCloseable {

  /** How often progress is saved while a migration runs. */
  public static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(2);

  private final JobSpec job;
  private final Target target;
  private final List<PlannedSource> sources;
  private final Mapper mapper;
  private final List<String> warnings;
  private final RunCounters counters = new RunCounters();
  private final Clock clock;
  private final CheckpointFile checkpointFile;
  private final Optional<Checkpoint> previous;
  private volatile SplitScheduler scheduler;
  private volatile String stopRequested;

  private Migration(
      JobSpec job,
      Target target,
      List<PlannedSource> sources,
      Mapper mapper,
      List<String> warnings,
      Clock clock,
      CheckpointFile checkpointFile,
      Optional<Checkpoint> previous) {
    this.job = job;
    this.target = target;
    this.sources = sources;
    this.mapper = mapper;
    this.warnings = warnings;
    this.clock = clock;
    this.checkpointFile = checkpointFile;
    this.previous = previous;
  }

  /** The checkpoint this migration resumes, if any. */
  public Optional<Checkpoint> resumes() {
    return previous;
  }

  /** Plans the job against a connected target; fails with a clear message if it cannot run. */
  public static Migration prepare(JobSpec job, Target target, Clock clock, boolean fresh) {
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : job.sources()) {
        sources.add(Sources.create(spec, job.baseDir()));
      }
      return prepare(job, target, sources, clock, fresh);
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
    if (job.mapping() == null) {
      throw new JobFileException("The job has no 'mapping:'; run 'sluice plan' to infer one.");
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
    CheckpointFile checkpointFile = new CheckpointFile(job.stateDir());
    Optional<Checkpoint> previous = Optional.empty();
    if (!fresh) {
      previous = checkpointFile.load();
      previous.ifPresent(checkpoint -> ResumeCheck.check(job, checkpoint, planned));
    }
    return new Migration(job, target, planned, mapper, warnings, clock, checkpointFile, previous);
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

  /** The live counters, for progress display. */
  public RunCounters.Counts progress() {
    return counters.snapshot();
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
    long keptRejects = previous.map(Checkpoint::rejectFileLength).orElse(0L);
    int runs = previous.map(Checkpoint::runs).orElse(0) + 1;
    try (RejectFile rejects = new RejectFile(job.stateDir().resolve("rejects.jsonl"), keptRejects);
        Sink sink = target.openSink(job.flow())) {
      ProgressLedger ledger =
          new ProgressLedger(
              rejects,
              JobFingerprint.of(job),
              previous.map(Checkpoint::counts).orElse(RunCounters.Counts.ZERO),
              runs,
              clock);
      List<SplitScheduler.SplitTask> tasks = track(ledger);
      SplitScheduler running = new SplitScheduler(job, mapper, sink, ledger, counters);
      scheduler = running;
      if (stopRequested != null) {
        running.interrupt(stopRequested);
      }
      String abortReason;
      ScheduledExecutorService saver = startSaving(ledger);
      try {
        abortReason = running.runAll(tasks);
      } finally {
        saver.shutdownNow();
      }
      checkpointFile.save(ledger.checkpoint());
      RunCounters.Counts counts = ledger.committed();
      Outcome outcome =
          running.interrupted()
              ? Outcome.INTERRUPTED
              : abortReason != null
                  ? Outcome.ABORTED
                  : counts.rejected() > 0 ? Outcome.COMPLETED_WITH_ERRORS : Outcome.COMPLETED;
      RunReport report =
          new RunReport(
              job.name(),
              outcome,
              abortReason,
              counts,
              started,
              Duration.between(started, clock.instant()),
              rejects.path(),
              runs);
      report.writeJson(job.stateDir().resolve("report.json"));
      return report;
    }
  }

  /** Registers every split with the ledger at its saved position; returns those left to run. */
  private List<SplitScheduler.SplitTask> track(ProgressLedger ledger) {
    List<SplitScheduler.SplitTask> tasks = new ArrayList<>();
    for (PlannedSource source : sources) {
      for (Split split : source.splits()) {
        SplitCheckpoint saved =
            previous.map(checkpoint -> checkpoint.splits().get(split.id())).orElse(null);
        long position = saved == null ? split.start() : saved.position();
        boolean done = saved != null && saved.done();
        SplitProgress progress = ledger.track(split, position, done);
        if (done) {
          counters.bytesRead.add(split.sizeBytes());
        } else {
          counters.bytesRead.add(
              Math.max(0, Math.min(split.sizeBytes(), position - split.start())));
          tasks.add(new SplitScheduler.SplitTask(source, progress));
        }
      }
    }
    return tasks;
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
  }

  /** A source with its splits and the timestamp rule of its rows. */
  public record PlannedSource(Source source, List<Split> splits, WriteTimestamps timestamps) {
    void closeQuietly() {
      Migration.closeQuietly(source);
    }
  }
}
