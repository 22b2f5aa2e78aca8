package io.sluice.core.run;

import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Split;
import java.util.List;

/**
 * One table of a planned run: its job, target, workflow, compiled mapper and planned sources.
 *
 * @param table the target table's name, kept per table in the checkpoint and report of a job of
 *     several tables; null for a job of one
 */
record RunPart(
    String table,
    JobSpec job,
    Target target,
    Workflow workflow,
    Mapper mapper,
    List<PlannedSource> sources) {

  RunPart {
    sources = List.copyOf(sources);
  }

  /** The work of all the table's splits, in its sources' units. */
  long work() {
    return sources.stream().flatMap(s -> s.splits().stream()).mapToLong(Split::work).sum();
  }

  void closeSources() {
    sources.forEach(PlannedSource::closeQuietly);
  }
}
