package io.sluice.spark;

import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobTables;
import io.sluice.core.source.SourceSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which table of the job each split belongs to, found by the split's source: in a job of several
 * tables each table's source is named after its source table, so a split id {@code <table>#<n>}
 * names it. The driver keeps each table's counts by it, and sends each task its table's name.
 *
 * @param tableOfSource the target table (a key of {@link JobTables#tables()}) of each source, by
 *     source name, in the job's order of tables
 * @param several whether the job moves several tables, so that counts are kept per table
 */
record SplitTables(Map<String, String> tableOfSource, boolean several) {

  SplitTables {
    tableOfSource = Collections.unmodifiableMap(new LinkedHashMap<>(tableOfSource));
  }

  static SplitTables of(JobTables tables) {
    Map<String, String> tableOfSource = new LinkedHashMap<>();
    for (Map.Entry<String, JobSpec> table : tables.tables().entrySet()) {
      for (SourceSpec source : table.getValue().sources()) {
        tableOfSource.put(source.name(), table.getKey());
      }
    }
    return new SplitTables(tableOfSource, tables.several());
  }

  /** The table of a source of the job. */
  String tableOfSource(String source) {
    String table = tableOfSource.get(source);
    if (table == null) {
      throw new IllegalStateException("source '" + source + "' is none of the job's tables'");
    }
    return table;
  }

  /** The table a saved split belongs to, or null when it is none of this job's. */
  String tableOfSplit(String splitId) {
    int hash = splitId.lastIndexOf('#');
    return hash < 0 ? null : tableOfSource.get(splitId.substring(0, hash));
  }
}
