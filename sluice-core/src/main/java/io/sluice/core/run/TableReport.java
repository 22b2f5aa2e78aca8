package io.sluice.core.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.sluice.core.count.Counts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One table's share of a run of a job of several tables, as {@code report.json} lists it under
 * {@code tables}: the same counts as the job's, for that table's records alone, over all runs.
 */
public record TableReport(String table, @JsonIgnore Counts counts) {

  /** The counts as {@code report.json} holds them, named as a migration names them. */
  @JsonProperty("counts")
  public Map<String, Long> reportedCounts() {
    return counts.reported(false);
  }

  /** Each table's report, in the order given; empty for a job of one table. */
  static List<TableReport> of(Map<String, Counts> byTable) {
    List<TableReport> tables = new ArrayList<>();
    byTable.forEach((table, counts) -> tables.add(new TableReport(table, counts)));
    return tables;
  }

  /** The console's lines for the tables: one a table, its rows written, rejected and read. */
  static String toText(List<TableReport> tables) {
    int width = tables.stream().mapToInt(t -> t.table().length()).max().orElse(0);
    StringBuilder text = new StringBuilder("  Tables            written / read (rejected)\n");
    for (TableReport table : tables) {
      Counts c = table.counts();
      text.append(
          String.format(
              "    %-" + width + "s  %,d / %,d%s%n",
              table.table(),
              c.rowsWritten(),
              c.recordsRead(),
              c.rejected() > 0 ? String.format(" (%,d rejected)", c.rejected()) : ""));
    }
    return text.toString();
  }
}
