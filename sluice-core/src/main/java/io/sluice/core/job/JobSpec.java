package io.sluice.core.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A job file: where rows come from, where they go, how they are mapped, how hard to push and where
 * to keep state. Loaded by {@link JobFiles}; flags on the command line override it.
 *
 * @param baseDir the folder relative paths are resolved against (the job file's folder); not read
 *     from the file
 */
public record JobSpec(
    @Setting(
            value =
                "The job's name: its state folder's, and what reports and the proxy's timeline"
                    + " call it. Letters, digits, `.`, `_` and `-`.",
            shownDefault = "the job file's name without its extension")
        String name,
    @Setting(
            value =
                "One or more sources, loaded in order; where rows of two sources overlap, the"
                    + " later source's write wins.",
            example = "[{type: bson, path: dump/shop}]")
        List<SourceSpec> sources,
    @Setting(
            value = "The table that receives the rows, and how to reach its cluster.",
            example = "{keyspace: shop, table: orders}")
        TargetSpec target,
    @Setting(
            value = "How a source record becomes rows of the target table.",
            shownDefault = "the table's columns taken from fields of the same names")
        MappingSpec mapping,
    @Setting(
            value =
                "For a source that reads several tables (a keyspace's `tables:`, a dump folder's"
                    + " `tables: per-collection`): by source table,"
                    + " where its rows go and how they are mapped, when not to the table of the"
                    + " same name with the same columns.",
            example = "{orders: {table: orders_v2}}",
            shownDefault = "none: each table into the table of its name")
        Map<String, TableOverride> perTable,
    @Setting("How hard Sluice pushes the target: parallelism, limits, retries, pauses.")
        FlowSpec flow,
    @Setting(
            "Rejected records tolerated before the run stops: a count, or a share of the records"
                + " read such as `1%`. Followed by `per table` (`1% per table`), each table of a"
                + " job of several is judged on its own rejects and reads (a share once the table"
                + " has 1,000 records read); otherwise the job's totals are.")
        ErrorThreshold maxErrors,
    @Setting(
            value = "Where reports, rejects and checkpoints go, relative to the job file.",
            shownDefault = "`.sluice/jobs/NAME` beside the job file")
        Path stateDir,
    @JsonIgnore Path baseDir,
    @Setting(
            "Settings that apply when the job runs on Spark (`sluice-spark`); a run on one"
                + " machine ignores them.")
        Map<String, Object> spark) {

  public JobSpec {
    sources = sources == null ? List.of() : List.copyOf(sources);
    flow = flow == null ? FlowSpec.defaults() : flow;
    maxErrors = maxErrors == null ? ErrorThreshold.parse("100") : maxErrors;
    spark = spark == null ? Map.of() : spark;
    perTable = perTable == null ? Map.of() : Map.copyOf(perTable);
  }

  /** A job of one table, with no per-table settings. */
  public JobSpec(
      String name,
      List<SourceSpec> sources,
      TargetSpec target,
      MappingSpec mapping,
      FlowSpec flow,
      ErrorThreshold maxErrors,
      Path stateDir,
      Path baseDir,
      Map<String, Object> spark) {
    this(name, sources, target, mapping, null, flow, maxErrors, stateDir, baseDir, spark);
  }

  public JobSpec withFlow(FlowSpec newFlow) {
    return new JobSpec(
        name, sources, target, mapping, perTable, newFlow, maxErrors, stateDir, baseDir, spark);
  }

  public JobSpec withMapping(MappingSpec newMapping) {
    return new JobSpec(
        name, sources, target, newMapping, perTable, flow, maxErrors, stateDir, baseDir, spark);
  }

  /**
   * The job of one of its tables: reading {@code source} alone into {@code target}, mapped by
   * {@code mapping} (null: the same-name mapping), its state, flow and budgets the whole job's.
   */
  public JobSpec forTable(SourceSpec source, TargetSpec table, MappingSpec tableMapping) {
    return forTable(List.of(source), table, tableMapping);
  }

  /** As {@link #forTable(SourceSpec, TargetSpec, MappingSpec)}, for several sources of a table. */
  public JobSpec forTable(
      List<SourceSpec> tableSources, TargetSpec table, MappingSpec tableMapping) {
    return new JobSpec(
        name, tableSources, table, tableMapping, null, flow, maxErrors, stateDir, baseDir, spark);
  }

  /** The same job keeping its state in {@code newStateDir}. */
  public JobSpec withStateDir(Path newStateDir) {
    return new JobSpec(
        name, sources, target, mapping, perTable, flow, maxErrors, newStateDir, baseDir, spark);
  }

  public JobSpec withMaxErrors(ErrorThreshold threshold) {
    return new JobSpec(
        name, sources, target, mapping, perTable, flow, threshold, stateDir, baseDir, spark);
  }
}
