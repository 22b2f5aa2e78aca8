package io.sluice.core.run;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.Source;
import io.sluice.core.source.TableCopy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The mapping a job without {@code mapping:} runs with: when its one source is a table, each column
 * from the source column of the same name, as {@code sluice plan} proposes it. Any other job needs
 * a mapping of its own, and is refused with how to get one.
 */
public final class SameNameMapping {

  private SameNameMapping() {}

  /**
   * The job as it runs: itself when it has a {@code mapping:}, else with the same-name mapping of
   * its table source, so that every runtime (a Spark executor too) maps rows alike.
   *
   * @throws JobFileException when the job has neither
   */
  public static JobSpec resolve(JobSpec job, TableSchema target, List<Source> sources) {
    return job.mapping() == null ? job.withMapping(of(job, target, sources)) : job;
  }

  static MappingSpec of(JobSpec job, TableSchema target, List<Source> sources) {
    Optional<TableCopy> copy = TableCopy.of(sources, job.target().keyspace(), job.target().table());
    if (copy.isEmpty()) {
      throw new JobFileException("The job has no 'mapping:'; run 'sluice plan' to infer one.");
    }
    List<String> missing =
        copy.get().columns().stream().filter(c -> target.column(c).isEmpty()).toList();
    if (!missing.isEmpty()) {
      throw new JobFileException(
          "The job has no 'mapping:', and the target "
              + target.qualifiedName()
              + " has no column of the same name for the source's "
              + String.join(", ", missing)
              + ": add a mapping that says where they go, or that they are left out ('sluice"
              + " plan' prints the one that copies every column).");
    }
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    copy.get().columns().forEach(column -> columns.put(column, ColumnSpec.ofField(column)));
    return MappingSpec.of(columns);
  }
}
