package io.sluice.core.job;

import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A job file: where rows come from, where they go, how they are mapped, how hard to push and where
 * to keep state. Loaded by {@link JobFiles}; flags on the command line override it.
 *
 * @param name the job's name, used for its state folder; default the job file's name
 * @param sources one or more sources, loaded in order; later sources win where rows overlap
 * @param target the table that receives the rows
 * @param mapping how a source record becomes target rows
 * @param flow parallelism and in-flight limits
 * @param maxErrors rejected records tolerated before the run stops; default 100
 * @param stateDir where reports, rejects and checkpoints go; default {@code .sluice/jobs/NAME}
 *     beside the job file
 * @param baseDir the folder relative paths are resolved against (the job file's folder); not read
 *     from the file
 * @param spark settings that apply when the job runs on Spark (the {@code sluice-spark} module
 *     reads them; a local run ignores them), or null
 */
public record JobSpec(
    String name,
    List<SourceSpec> sources,
    TargetSpec target,
    MappingSpec mapping,
    FlowSpec flow,
    ErrorThreshold maxErrors,
    Path stateDir,
    Path baseDir,
    Map<String, Object> spark) {

  public JobSpec {
    sources = sources == null ? List.of() : List.copyOf(sources);
    flow = flow == null ? FlowSpec.defaults() : flow;
    maxErrors = maxErrors == null ? ErrorThreshold.parse("100") : maxErrors;
    spark = spark == null ? Map.of() : spark;
  }

  public JobSpec withFlow(FlowSpec newFlow) {
    return new JobSpec(
        name, sources, target, mapping, newFlow, maxErrors, stateDir, baseDir, spark);
  }

  public JobSpec withMapping(MappingSpec newMapping) {
    return new JobSpec(
        name, sources, target, newMapping, flow, maxErrors, stateDir, baseDir, spark);
  }

  public JobSpec withMaxErrors(ErrorThreshold threshold) {
    return new JobSpec(name, sources, target, mapping, flow, threshold, stateDir, baseDir, spark);
  }
}
