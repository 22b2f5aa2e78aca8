package io.sluice.proxy;

import io.sluice.core.job.Setting;
import java.util.Map;

/**
 * {@code shadow-reads:} in {@code proxy.yaml}: which share of reads is also sent to the secondary
 * and compared with the primary's answer, off the client's path.
 */
public record ShadowReadSpec(
    @Setting("The share of reads of any table compared, from 0 to 100.") Integer percent,
    @Setting("The share for tables named `keyspace.table`, in place of `percent`.")
        Map<String, Integer> tables,
    @Setting(
            "The file of differences found, one JSON line each, relative to the proxy's"
                + " `state-dir`.")
        String mismatchLog,
    @Setting(
            "Whether a difference line holds the rows' values; otherwise only the table and the"
                + " primary key are written.")
        Boolean logValues) {

  public ShadowReadSpec {
    percent = percent == null ? 0 : percent;
    tables = tables == null ? Map.of() : Map.copyOf(tables);
    mismatchLog = mismatchLog == null ? "shadow-mismatches.jsonl" : mismatchLog;
    logValues = logValues != null && logValues;
  }

  /** No shadow reads. */
  static ShadowReadSpec none() {
    return new ShadowReadSpec(null, null, null, null);
  }

  /** The share of reads of the table to compare, from 0 to 100. */
  int percentOf(String keyspace, String table) {
    return tables.getOrDefault(keyspace + "." + table, percent);
  }

  /** Whether any read is ever compared. */
  boolean any() {
    return percent > 0 || tables.values().stream().anyMatch(p -> p > 0);
  }

  /** The problem with the settings, or null. */
  String problem() {
    if (percent < 0 || percent > 100 || tables.values().stream().anyMatch(p -> p < 0 || p > 100)) {
      return "'shadow-reads' shares must be from 0 to 100 (percent of reads).";
    }
    return null;
  }
}
