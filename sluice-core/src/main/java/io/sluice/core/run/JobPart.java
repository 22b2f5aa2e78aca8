package io.sluice.core.run;

import io.sluice.core.job.JobSpec;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import java.util.List;

/**
 * One table of a job, connected: its own table's job ({@link JobTables}), its target table and its
 * sources, one per entry of that job's source list. A run takes it over and closes the sources.
 */
public record JobPart(JobSpec job, Target target, List<Source> sources) {

  public JobPart {
    sources = List.copyOf(sources);
  }
}
