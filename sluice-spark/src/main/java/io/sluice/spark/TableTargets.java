package io.sluice.spark;

import io.sluice.core.job.JobSpec;
import io.sluice.core.run.CloseAll;
import io.sluice.core.run.JobTables;
import io.sluice.core.sink.Target;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The driver's connection to each target table of the job, by table, in the job's order: one for a
 * job of one table. Closed together.
 */
final class TableTargets implements AutoCloseable {

  private final Map<String, Target> targets = new LinkedHashMap<>();

  private TableTargets() {}

  /** Connects every table's target as the run uses it. */
  static TableTargets connect(SparkWorkflow workflow, JobTables tables) {
    TableTargets connected = new TableTargets();
    try {
      for (Map.Entry<String, JobSpec> table : tables.tables().entrySet()) {
        connected.targets.put(table.getKey(), workflow.connectTarget(table.getValue()));
      }
    } catch (RuntimeException e) {
      connected.close();
      throw e;
    }
    return connected;
  }

  Target of(String table) {
    return targets.get(table);
  }

  /** The first table's target: the whole job's cluster, for its compaction watch. */
  Target first() {
    return targets.values().iterator().next();
  }

  @Override
  public void close() {
    CloseAll.of(targets.values(), Target::close);
  }
}
