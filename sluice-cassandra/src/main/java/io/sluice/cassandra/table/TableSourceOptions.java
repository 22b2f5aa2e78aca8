package io.sluice.cassandra.table;

import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.DurationText;
import io.sluice.core.job.TlsSpec;
import java.time.Duration;
import java.util.List;

/**
 * The {@code options} of a {@code type: cassandra} source: the cluster, with the same settings as a
 * target's, and the table to read.
 *
 * @param contactPoints {@code host:port} of one or more nodes; default {@code 127.0.0.1:9042}
 * @param localDatacenter the datacenter read from; default {@code datacenter1}
 * @param username the user to log in as, when the cluster requires authentication
 * @param passwordEnv the environment variable holding the password
 * @param passwordFile a file holding the password (first line), relative to the job file
 * @param consistency the consistency level of the reads; default {@code LOCAL_QUORUM}
 * @param tls how to connect over TLS, or absent for a plain connection
 * @param keyspace the keyspace of the table read
 * @param table the table read
 * @param columns the regular and static columns to copy; default all (the primary key always)
 * @param tokenRange {@code [from, to]}: read only the partitions whose token is above {@code from}
 *     and at most {@code to}, for a partial copy; default the whole ring
 * @param fetchSize rows per page of a scan; default 5000
 * @param splitSizeMib the estimated size of a split in MiB, from the nodes' size estimates; default
 *     64
 * @param rowsPerSecond the most rows a second read from the source cluster, over all splits, so
 *     that it keeps serving its application while it is read; default no limit
 * @param readLatencyMs the average page latency above which the reads slow down, so that a cluster
 *     that gets busy is read more gently ({@link ReadLatencyWatch}); default 500, 0 for no watch
 * @param outagePatience how long reads wait for a source cluster that stopped answering (no node
 *     reachable) before the run stops with its progress saved, as {@code flow.outage-patience} for
 *     a target; default {@code 10m}
 */
public record TableSourceOptions(
    List<String> contactPoints,
    String localDatacenter,
    String username,
    String passwordEnv,
    String passwordFile,
    String consistency,
    TlsSpec tls,
    String keyspace,
    String table,
    List<String> columns,
    List<Long> tokenRange,
    Integer fetchSize,
    Integer splitSizeMib,
    Long rowsPerSecond,
    Long readLatencyMs,
    String outagePatience) {

  public TableSourceOptions {
    contactPoints =
        contactPoints == null || contactPoints.isEmpty()
            ? ClusterSpec.DEFAULT_CONTACT_POINTS
            : List.copyOf(contactPoints);
    localDatacenter =
        localDatacenter == null ? ClusterSpec.DEFAULT_LOCAL_DATACENTER : localDatacenter;
    consistency = consistency == null ? "LOCAL_QUORUM" : consistency;
    columns = columns == null ? List.of() : List.copyOf(columns);
    fetchSize = fetchSize == null ? 5000 : fetchSize;
    splitSizeMib = splitSizeMib == null ? 64 : splitSizeMib;
    readLatencyMs = readLatencyMs == null ? 500 : readLatencyMs;
    outagePatience = outagePatience == null ? "10m" : outagePatience;
    DurationText.parse(outagePatience, "outage-patience");
    if (keyspace == null || table == null) {
      throw new IllegalArgumentException("a cassandra source needs 'keyspace' and 'table'");
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
