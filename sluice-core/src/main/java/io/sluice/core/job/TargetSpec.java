package io.sluice.core.job;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code target:} part of a job file: which cluster, keyspace and table receive the rows.
 *
 * <p>Secrets never appear here: a password is read from the environment variable named by {@code
 * password-env} or from the file named by {@code password-file}.
 *
 * @param type which kind of target receives the rows, a {@link
 *     io.sluice.core.sink.TargetProvider}'s type; default {@code cassandra}
 * @param contactPoints {@code host:port} of one or more nodes; default {@code 127.0.0.1:9042}
 * @param localDatacenter the datacenter the driver routes to; default {@code datacenter1}
 * @param keyspace the target keyspace
 * @param table the target table
 * @param username the user to log in as, when the cluster requires authentication
 * @param passwordEnv the environment variable holding the password
 * @param passwordFile a file holding the password (first line)
 * @param consistency the write consistency level; default {@code LOCAL_QUORUM}
 * @param nullValues {@code unset} (default: a null field leaves the column untouched and writes no
 *     tombstone) or {@code write} (a null field deletes the column's value at the row's timestamp,
 *     so a newer source fully replaces an older one)
 * @param tls connect over TLS (the trust store and hostname verification); absent for plain
 * @param options settings of the target's own type (an SSTable target's folder), read by its
 *     provider with {@link JobFiles#readPart}; empty when absent
 */
public record TargetSpec(
    String type,
    List<String> contactPoints,
    String localDatacenter,
    String keyspace,
    String table,
    String username,
    String passwordEnv,
    String passwordFile,
    String consistency,
    String nullValues,
    TlsSpec tls,
    Map<String, Object> options) {

  public TargetSpec {
    type = type == null ? "cassandra" : type;
    contactPoints =
        contactPoints == null || contactPoints.isEmpty()
            ? ClusterSpec.DEFAULT_CONTACT_POINTS
            : List.copyOf(contactPoints);
    localDatacenter =
        localDatacenter == null ? ClusterSpec.DEFAULT_LOCAL_DATACENTER : localDatacenter;
    consistency = consistency == null ? "LOCAL_QUORUM" : consistency;
    nullValues = nullValues == null ? "unset" : nullValues;
    options =
        options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** A target with no settings of its own type. */
  public TargetSpec(
      String type,
      List<String> contactPoints,
      String localDatacenter,
      String keyspace,
      String table,
      String username,
      String passwordEnv,
      String passwordFile,
      String consistency,
      String nullValues,
      TlsSpec tls) {
    this(
        type,
        contactPoints,
        localDatacenter,
        keyspace,
        table,
        username,
        passwordEnv,
        passwordFile,
        consistency,
        nullValues,
        tls,
        null);
  }

  /** How to reach the target's cluster. */
  public ClusterSpec cluster() {
    return new ClusterSpec(
        "target",
        contactPoints,
        localDatacenter,
        username,
        passwordEnv,
        passwordFile,
        consistency,
        tls);
  }

  /** Whether null field values are written as deletions rather than left unset. */
  public boolean writeNulls() {
    return nullValues.equalsIgnoreCase("write");
  }
}
