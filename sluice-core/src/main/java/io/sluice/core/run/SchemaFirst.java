package io.sluice.core.run;

import io.sluice.core.job.JobSpec;
import io.sluice.core.sink.Targets;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.TableCopy;
import java.util.ArrayList;
import java.util.List;

/**
 * The stage before a migration connects its target: with {@code target.schema: create}, the
 * target's keyspace, user types and table are created from the job's table source, as {@code sluice
 * plan} prints them, so that the run finds them; a table that exists with another definition stops
 * the run before its first write.
 */
public final class SchemaFirst {

  private SchemaFirst() {}

  /**
   * Creates what the target lacks, when the job asks for it and the run writes. The sources are
   * opened for it and closed again.
   *
   * @return what the target refused that the copy does without, a sentence each (such as an index
   *     of a kind the target lacks), for the run's "not copied"
   * @throws IllegalArgumentException with one sentence when it cannot
   */
  public static List<String> ensure(JobSpec job, WorkflowKind kind) {
    if (!kind.writes() || !job.target().createsSchema()) {
      return List.of();
    }
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : job.sources()) {
        sources.add(Sources.create(spec, job.baseDir()));
      }
      TableCopy copy =
          TableCopy.of(sources, job.target().keyspace(), job.target().table())
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "target.schema: create copies the table of a job's one table source"
                              + " (type: cassandra); for files, create the table 'sluice plan'"
                              + " proposes, and leave target.schema out"));
      return Targets.createSchema(job.target(), job.baseDir(), copy.cql());
    } finally {
      sources.forEach(PlannedSource::closeQuietly);
    }
  }
}
