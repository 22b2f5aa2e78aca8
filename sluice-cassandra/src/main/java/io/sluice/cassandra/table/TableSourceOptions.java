package io.sluice.cassandra.table;

import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.DurationText;
import io.sluice.core.job.Setting;
import io.sluice.core.job.TlsSpec;
import java.time.Duration;
import java.util.List;

/**
 * The {@code options} of a {@code type: cassandra} source: the cluster, with the same settings as a
 * target's (declared, with their help and defaults, by {@link ClusterSpec}), and the table to read.
 */
public record TableSourceOptions(
    List<String> contactPoints,
    String localDatacenter,
    String username,
    String passwordEnv,
    String passwordFile,
    String consistency,
    TlsSpec tls,
    @Setting(value = "The keyspace of the table read.", example = "shop") String keyspace,
    @Setting(
            value = "The table read; or name several with `tables`.",
            example = "orders",
            shownDefault = "required, unless `tables` names several")
        String table,
    @Setting(
            value =
                "Several tables of the keyspace to copy in one job, each into the target table of"
                    + " the same name: names, or patterns where `*` stands for any characters,"
                    + " such as `[\"*\"]` for every table, or `[orders, \"audit_*\"]`.",
            // Not an example: the reference builds the record with its examples, and a source
            // names 'table' or 'tables', never both.
            shownDefault = "none: `table` names the one table read")
        List<String> tables,
    @Setting(
            value = "Tables that `tables` matches but the job leaves out: names or patterns.",
            shownDefault = "none")
        List<String> excludeTables,
    @Setting(
            "`copy`: copy counter tables too, each into the target's counter table of the same"
                + " definition, by adding to each target counter the difference between the"
                + " source's value and what the target holds, so that a retried or resumed copy"
                + " adds nothing twice, unless an addition that timed out is applied late or"
                + " something else writes the target table meanwhile; counters keep no write time"
                + " ([keyspace.md](keyspace.md#counter-tables))."
                + " `skip`: a counter table is not copied, and named in the report as such.")
        String counterTables,
    @Setting(
            value =
                "The regular and static columns to copy; the primary key's columns are always"
                    + " read.",
            shownDefault = "all")
        List<String> columns,
    @Setting(
            value =
                "`[from, to]`: read only the partitions whose token is above `from` and at most"
                    + " `to`, for a partial copy.",
            shownDefault = "the whole ring")
        List<Long> tokenRange,
    @Setting("Rows per page of a scan.") Integer fetchSize,
    @Setting("The estimated size of a split in MiB, from the nodes' size estimates.")
        Integer splitSizeMib,
    @Setting(
            value =
                "The most rows a second read from the source cluster, over all splits, so that it"
                    + " keeps serving its application while it is read.",
            shownDefault = "no limit")
        Long rowsPerSecond,
    @Setting(
            "The average page latency in milliseconds above which the reads slow down, so that a"
                + " cluster that gets busy is read more gently; 0 for no watch.")
        Long readLatencyMs,
    @Setting(
            "How long reads wait for a source cluster that stopped answering (no node reachable)"
                + " before the run stops with its progress saved; the source's own, beside"
                + " `flow.outage-patience` for the target.")
        String outagePatience) {

  /** Counter tables are named in the report as not copied. */
  public static final String SKIP_COUNTERS = "skip";

  /** Counter tables are copied by adding differences ({@code counter-tables: copy}). */
  public static final String COPY_COUNTERS = "copy";

  public TableSourceOptions {
    contactPoints = ClusterSpec.contactPointsOrDefault(contactPoints);
    localDatacenter = ClusterSpec.localDatacenterOrDefault(localDatacenter);
    consistency = ClusterSpec.consistencyOrDefault(consistency);
    columns = columns == null ? List.of() : List.copyOf(columns);
    fetchSize = fetchSize == null ? 5000 : fetchSize;
    splitSizeMib = splitSizeMib == null ? 64 : splitSizeMib;
    readLatencyMs = readLatencyMs == null ? 500 : readLatencyMs;
    outagePatience = outagePatience == null ? "10m" : outagePatience;
    DurationText.parse(outagePatience, "outage-patience");
    tables = tables == null ? List.of() : List.copyOf(tables);
    excludeTables = excludeTables == null ? List.of() : List.copyOf(excludeTables);
    counterTables = counterTables == null ? SKIP_COUNTERS : counterTables;
    if (!counterTables.equals(SKIP_COUNTERS) && !counterTables.equals(COPY_COUNTERS)) {
      throw new IllegalArgumentException(
          "counter-tables must be '"
              + SKIP_COUNTERS
              + "' or '"
              + COPY_COUNTERS
              + "', not '"
              + counterTables
              + "'");
    }
    if (keyspace == null || (table == null) == tables.isEmpty()) {
      throw new IllegalArgumentException(
          "a cassandra source needs 'keyspace', and 'table' or 'tables' (not both)");
    }
    if (!excludeTables.isEmpty() && tables.isEmpty()) {
      throw new IllegalArgumentException("exclude-tables applies to 'tables', which is not given");
    }
    if (tokenRange != null && (tokenRange.size() != 2 || tokenRange.get(0) >= tokenRange.get(1))) {
      throw new IllegalArgumentException(
          "token-range must be [from, to] with from below to, such as [-100, 100]");
    }
    if (readLatencyMs < 0) {
      throw new IllegalArgumentException("read-latency-ms must be 0 (no watch) or more");
    }
    if (fetchSize < 1 || splitSizeMib < 1 || (rowsPerSecond != null && rowsPerSecond < 1)) {
      throw new IllegalArgumentException(
          "fetch-size, split-size-mib and rows-per-second must be at least 1");
    }
  }

  /** Whether the job asked for counter tables to be copied ({@code counter-tables: copy}). */
  public boolean copiesCounters() {
    return counterTables.equals(COPY_COUNTERS);
  }

  Duration outagePatienceDuration() {
    return DurationText.parse(outagePatience, "outage-patience");
  }

  /** How to reach the cluster, named for messages as where these settings sit. */
  public ClusterSpec cluster(String sourceName) {
    return new ClusterSpec(
        "source '" + sourceName + "'",
        contactPoints,
        localDatacenter,
        username,
        passwordEnv,
        passwordFile,
        consistency,
        tls);
  }
}
