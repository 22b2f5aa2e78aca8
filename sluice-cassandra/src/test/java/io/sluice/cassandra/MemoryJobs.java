package io.sluice.cassandra;

import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Jobs built in code: a memory source named {@code table} into one table, no reject tolerated. */
final class MemoryJobs {

  private MemoryJobs() {}

  /** The table at {@code hostAndPort}, written at consistency ONE. */
  static TargetSpec target(String hostAndPort, String datacenter, String keyspace, String table) {
    return new TargetSpec(
        null,
        List.of(hostAndPort),
        datacenter,
        keyspace,
        table,
        null,
        null,
        null,
        "ONE",
        null,
        null);
  }

  /**
   * A job that maps each of {@code columns} from the field of its name, its state in {@code dir}.
   */
  static JobSpec job(
      String name, TargetSpec target, List<String> columns, FlowSpec flow, Path dir) {
    Map<String, ColumnSpec> mapping = new LinkedHashMap<>();
    for (String column : columns) {
      mapping.put(column, ColumnSpec.ofField(column));
    }
    return new JobSpec(
        name,
        List.of(new SourceSpec("table", "memory", List.of("mem"), null, null, Map.of())),
        target,
        MappingSpec.of(mapping),
        flow,
        ErrorThreshold.parse("0"),
        dir.resolve("state"),
        dir,
        null);
  }
}
