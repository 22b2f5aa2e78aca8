package io.sluice.core.run;

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

/**
 * A backfill from the job's sources into its target, on a local pool of workers.
 *
 * <p>{@link #prepare} builds every stage up front (sources and their splits, the mapper, the
 * write-timestamp rule of each source, the rule check of the table) so that configuration errors
 * surface before the first write. {@link #run} then reads all splits in parallel and returns the
 * report; {@link #close} releases the sources.
 */
public final class Migration implements AutoCloseable {

  private final JobSpec job;
  private final Target target;
  private final List<PlannedSource> sources;
  private final Mapper mapper;
  private final List<String> warnings;
  private final RunCounters counters = new RunCounters();
  private final Clock clock;
  private volatile SplitScheduler scheduler;

  private Migration(
      JobSpec job,
      Target target,
      List<PlannedSource> sources,
      Mapper mapper,
      List<String> warnings,
      Clock clock) {
    this.job = job;
    this.target = target;
    this.sources = sources;
    this.mapper = mapper;
    this.warnings = warnings;
    this.clock = clock;
  }

  /** Plans the job against a connected target; fails with a clear message if it cannot run. */
  public static Migration prepare(JobSpec job, Target target, Clock clock) {
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : job.sources()) {
        sources.add(Sources.create(spec, job.baseDir()));
      }
      return prepare(job, target, sources, clock);
    } catch (RuntimeException e) {
      sources.forEach(Migration::closeQuietly);
      throw e;
    }
  }

  /**
   * Plans the job with sources already created, one per entry of the job's source list, in order.
   * The migration owns them from here and closes them.
   */
  public static Migration prepare(JobSpec job, Target target, List<Source> sources, Clock clock) {
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
    return new Migration(job, target, planned, mapper, warnings, clock);
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

  /** Asks a running migration to stop taking new records; writes in flight still complete. */
  public void requestStop(String reason) {
    SplitScheduler running = scheduler;
    if (running != null) {
      running.abort(reason);
    }
  }

  /** Runs the migration to its end and returns the report, also saved in the state folder. */
  public RunReport run() {
    Instant started = clock.instant();
    try (RejectFile rejects = new RejectFile(job.stateDir().resolve("rejects.jsonl"));
        Sink sink = target.openSink(job.flow())) {
      scheduler = new SplitScheduler(job, sources, mapper, sink, rejects, counters);
      String abortReason = scheduler.runAll();
      RunCounters.Counts counts = counters.snapshot();
      Outcome outcome =
          abortReason != null
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
              rejects.path());
      report.writeJson(job.stateDir().resolve("report.json"));
      return report;
    }
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
