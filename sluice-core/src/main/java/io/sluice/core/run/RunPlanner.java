package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Target;
import io.sluice.core.source.ContentDigest;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import io.sluice.core.source.TableCopy;
import io.sluice.core.state.JobState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * How a {@link JobRun} is planned, before its first write: every table's sources created and split
 * (the splits a checkpoint saved, when it resumes), its mapping resolved and compiled against its
 * target table, the write-timestamp rule of each source, the rule check of each table, the resumed
 * checkpoint checked against the job as it is now. A configuration error surfaces here, with every
 * source closed again.
 */
final class RunPlanner {

  private RunPlanner() {}

  /** Plans a run of the job, creating its sources from the job file. */
  static JobRun prepare(
      JobSpec job, Target target, Clock clock, boolean fresh, JobState state, Workflow workflow) {
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : job.sources()) {
        sources.add(Sources.create(spec, job.baseDir()));
      }
    } catch (RuntimeException e) {
      closeQuietly(sources);
      throw e;
    }
    return prepare(job, target, sources, clock, fresh, state, workflow);
  }

  private static void closeQuietly(List<Source> sources) {
    sources.forEach(PlannedSource::closeQuietly);
  }

  /**
   * Plans a run of the job with sources already created, one per entry of the job's source list, in
   * order. The run owns them from here and closes them.
   *
   * @param fresh start over, ignoring and replacing the saved checkpoint; otherwise an earlier
   *     run's checkpoint is resumed, and refused if the job changed since
   * @param state where the checkpoint, reject lines and reports are kept
   */
  static JobRun prepare(
      JobSpec job,
      Target target,
      List<Source> sources,
      Clock clock,
      boolean fresh,
      JobState state,
      Workflow workflow) {
    try {
      JobSpec mapped = SameNameMapping.resolve(job, target.schema(), sources);
      return plan(
          mapped,
          List.of(new JobPart(mapped, target, sources)),
          false,
          List.of(),
          clock,
          fresh,
          state,
          part -> workflow);
    } catch (RuntimeException e) {
      closeQuietly(sources);
      throw e;
    }
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
  static JobRun prepareTables(
      JobSpec job,
      List<JobPart> parts,
      List<String> notCopied,
      Clock clock,
      boolean fresh,
      JobState state,
      Function<JobPart, Workflow> workflows) {
    try {
      refuseUnmapped(parts);
      List<JobPart> mapped = new ArrayList<>();
      for (JobPart part : parts) {
        JobSpec table = SameNameMapping.resolve(part.job(), part.target().schema(), part.sources());
        mapped.add(new JobPart(table, part.target(), part.sources()));
      }
      return plan(job, mapped, true, notCopied, clock, fresh, state, workflows);
    } catch (RuntimeException e) {
      parts.forEach(part -> closeQuietly(part.sources()));
      throw e;
    }
  }

  /**
   * Refuses, in one sentence naming them all, the tables of files that have no mapping: only a
   * table copy maps itself.
   */
  private static void refuseUnmapped(List<JobPart> parts) {
    List<String> unmapped = new ArrayList<>();
    for (JobPart part : parts) {
      JobSpec table = part.job();
      if (table.mapping() == null
          && TableCopy.of(part.sources(), table.target().keyspace(), table.target().table())
              .isEmpty()) {
        unmapped.add(table.sources().get(0).name());
      }
    }
    if (!unmapped.isEmpty()) {
      throw new JobFileException(
          (unmapped.size() == 1 ? "Table " : "Tables ")
              + String.join(", ", unmapped)
              + (unmapped.size() == 1 ? " has" : " have")
              + " no mapping: give "
              + (unmapped.size() == 1 ? "it one" : "each one")
              + " under per-table: NAME: mapping: ('sluice plan' infers them).");
    }
  }

  private static JobRun plan(
      JobSpec job,
      List<JobPart> parts,
      boolean several,
      List<String> notCopied,
      Clock clock,
      boolean fresh,
      JobState state,
      Function<JobPart, Workflow> workflows) {
    Map<String, List<String>> warned = new LinkedHashMap<>();
    List<Workflow> partWorkflows = new ArrayList<>();
    for (JobPart part : parts) {
      Workflow workflow = workflows.apply(part);
      if (several && workflow.kind().validates()) {
        // TablesValidation hands a job of several tables to validation one table at a time.
        throw new IllegalStateException("a validation run checks one table");
      }
      partWorkflows.add(workflow);
      String table = part.target().schema().qualifiedName();
      WriteRuleCheck.check(part.target().schema(), WriteRuleCheck.copiesCounters(part.sources()))
          .forEach(w -> warned.computeIfAbsent(w, k -> new ArrayList<>()).add(table));
    }
    List<String> warnings = new ArrayList<>();
    // The same warning of several tables is said once, naming them all.
    warned.forEach(
        (warning, tables) ->
            warnings.add(several ? String.join(", ", tables) + ": " + warning : warning));
    JobFingerprint fingerprint = JobFingerprint.of(parts.stream().map(JobPart::job).toList());
    Optional<Checkpoint> previous = Optional.empty();
    if (!fresh) {
      JobSpec resumed = several ? job : parts.get(0).job();
      previous =
          state.checkpoints().load().filter(saved -> partWorkflows.get(0).resumes(resumed, saved));
    }
    List<RunPart> planned = new ArrayList<>();
    for (int p = 0; p < parts.size(); p++) {
      planned.add(plan(parts.get(p), partWorkflows.get(p), several, previous));
    }
    List<PlannedSource> allSources =
        planned.stream().flatMap(part -> part.sources().stream()).toList();
    Map<String, String> digests = contentDigests(allSources);
    previous.ifPresent(
        checkpoint -> ResumeCheck.check(job, fingerprint, checkpoint, allSources, digests));
    BacklogProbe probe = parts.get(0).target().backlogProbe(job.flow().compaction());
    JobSpec runJob = several ? job : parts.get(0).job();
    return new JobRun(
        runJob, planned, fingerprint, notCopied, warnings, clock, state, previous, probe, digests);
  }

  private static RunPart plan(
      JobPart part, Workflow workflow, boolean several, Optional<Checkpoint> previous) {
    JobSpec job = part.job();
    Mapper mapper = Mapper.compile(job.mapping(), part.target().schema());
    workflow.sourcesKnown(part.sources());
    List<WriteTimestamps> timestamps = WriteTimestamps.forSources(job.sources());
    List<PlannedSource> planned = new ArrayList<>();
    for (int i = 0; i < part.sources().size(); i++) {
      Source source = part.sources().get(i);
      MappedFieldsCheck.check(source, mapper);
      try {
        List<Split> splits =
            previous.isPresent()
                ? source.plan(savedSplits(previous.get(), source.name()))
                : source.plan();
        planned.add(new PlannedSource(source, splits, timestamps.get(i)));
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot plan source '" + source.name() + "': " + e.getMessage(), e);
      }
    }
    String table = several ? job.target().table() : null;
    return new RunPart(table, job, part.target(), workflow, mapper, planned);
  }

  /** The splits a checkpoint saved for one source, in index order, their work unknown (0). */
  private static List<Split> savedSplits(Checkpoint checkpoint, String sourceName) {
    List<Split> splits = new ArrayList<>();
    checkpoint
        .splits()
        .forEach(
            (id, saved) -> {
              int hash = id.lastIndexOf('#');
              if (hash > 0 && id.substring(0, hash).equals(sourceName)) {
                int index = Integer.parseInt(id.substring(hash + 1));
                splits.add(
                    new Split(sourceName, index, saved.resource(), saved.start(), saved.end(), 0));
              }
            });
    splits.sort(Comparator.comparingInt(Split::index));
    return splits;
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
}
