package io.sluice.spark;

import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobPart;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.PlannedSource;
import io.sluice.core.run.SameNameMapping;
import io.sluice.core.run.Workflow;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import io.sluice.core.state.JobState;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run as the driver plans it, over the splits' shared state: each table's sources created and
 * its mapping resolved against its target (so that the driver fingerprints what the executors will
 * run), then one {@link JobRun} of the job, a job of several tables planned as the CLI plans it
 * ({@link JobRun#prepareTables}). It hands out the planned splits table by table, the largest table
 * first.
 */
final class DriverPlan implements AutoCloseable {

  private final JobRun run;
  private final List<Workflow> workflows;
  private final Map<String, JobFingerprint> tableFingerprints;
  private final JobFingerprint fingerprint;
  private final SplitTables splitTables;

  /**
   * One table's planned sources, in its job's source order.
   *
   * @param table the target table, a key of the job's {@link JobTables}
   * @param fingerprint the table's job's fingerprint, its mapping resolved
   */
  record TableSplits(String table, JobFingerprint fingerprint, List<PlannedSource> sources) {

    long work() {
      return sources.stream().flatMap(s -> s.splits().stream()).mapToLong(Split::work).sum();
    }
  }

  private DriverPlan(
      JobRun run,
      List<Workflow> workflows,
      Map<String, JobFingerprint> tableFingerprints,
      JobFingerprint fingerprint,
      SplitTables splitTables) {
    this.run = run;
    this.workflows = workflows;
    this.tableFingerprints = tableFingerprints;
    this.fingerprint = fingerprint;
    this.splitTables = splitTables;
  }

  /**
   * Plans the run of {@code job}, whose tables are {@code tables}, against their connected targets.
   *
   * @param fresh start over; otherwise resume what the shared state saved, refused if the job
   *     changed since
   */
  static DriverPlan prepare(
      SparkWorkflow workflow,
      JobSpec job,
      JobTables tables,
      TableTargets targets,
      Clock clock,
      boolean fresh,
      JobState state) {
    List<JobPart> parts = new ArrayList<>();
    List<Source> created = new ArrayList<>();
    try {
      for (Map.Entry<String, JobSpec> table : tables.tables().entrySet()) {
        Target target = targets.of(table.getKey());
        List<Source> sources = new ArrayList<>();
        for (SourceSpec spec : table.getValue().sources()) {
          Source source = Sources.create(spec, job.baseDir());
          created.add(source);
          sources.add(source);
        }
        JobSpec resolved = SameNameMapping.resolve(table.getValue(), target.schema(), sources);
        parts.add(new JobPart(resolved, target, sources));
      }
    } catch (RuntimeException e) {
      created.forEach(DriverPlan::closeQuietly);
      throw e;
    }
    Map<String, JobFingerprint> tableFingerprints = new LinkedHashMap<>();
    parts.forEach(
        part -> tableFingerprints.put(part.job().target().table(), JobFingerprint.of(part.job())));
    JobFingerprint fingerprint = JobFingerprint.of(parts.stream().map(JobPart::job).toList());
    List<Workflow> workflows = new ArrayList<>();
    JobRun run;
    // From here the run owns the sources, and closes them should it fail.
    if (tables.several()) {
      run =
          workflow.prepareTables(
              job,
              parts,
              List.copyOf(tables.notCopied().values()),
              clock,
              fresh,
              state,
              workflows::add);
    } else {
      JobPart part = parts.get(0);
      run = workflow.prepare(part.job(), part.target(), part.sources(), clock, fresh, state);
      workflows.add(run.workflow());
    }
    return new DriverPlan(
        run, List.copyOf(workflows), tableFingerprints, fingerprint, SplitTables.of(tables));
  }

  private static void closeQuietly(Source source) {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      // Closing a source we only read from cannot lose data.
    }
  }

  JobRun run() {
    return run;
  }

  /** What the run does with each table's rows, in the job's order of tables. */
  List<Workflow> workflows() {
    return workflows;
  }

  /** The fingerprint of the whole job, of all its tables: what every split's checkpoint saves. */
  JobFingerprint fingerprint() {
    return fingerprint;
  }

  /**
   * The planned splits, table by table: the largest table first (by the work its splits were
   * planned with), the job's order where they are alike, as a local run of the job takes them.
   */
  List<TableSplits> tablesInRunOrder() {
    Map<String, List<PlannedSource>> byTable = new LinkedHashMap<>();
    for (PlannedSource source : run.sources()) {
      byTable
          .computeIfAbsent(
              splitTables.tableOfSource(source.source().name()), t -> new ArrayList<>())
          .add(source);
    }
    List<TableSplits> tables = new ArrayList<>();
    byTable.forEach(
        (table, sources) ->
            tables.add(new TableSplits(table, tableFingerprints.get(table), sources)));
    tables.sort(Comparator.comparingLong(TableSplits::work).reversed());
    return tables;
  }

  @Override
  public void close() {
    run.close();
  }
}
