package io.sluice.core.job;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code target:} part of a job file: which cluster, keyspace and table receive the rows.
 *
 * <p>The cluster settings ({@code contact-points}, {@code local-datacenter}, {@code username},
 * {@code password-env}, {@code password-file}, {@code consistency}, {@code tls}) sit at this level
 * and are declared, with their help and defaults, by {@link ClusterSpec}; {@link #cluster()} gives
 * them as one.
 */
public record TargetSpec(
    @Setting(
            "Which kind of target receives the rows: `cassandra` writes them over CQL, `sstables`"
                + " writes SSTable files and streams them in.")
        String type,
    List<String> contactPoints,
    String localDatacenter,
    @Setting(value = "The keyspace of the target table.", example = "shop") String keyspace,
    @Setting(
            value =
                "The table that receives the rows; left out when the source reads several tables,"
                    + " each into the table of its own name ([keyspace.md](keyspace.md)).",
            example = "orders")
        String table,
    String username,
    String passwordEnv,
    String passwordFile,
    String consistency,
    @Setting(
            "What a null or missing field does: `unset` leaves the column untouched and writes no"
                + " tombstone; `write` deletes the column's value at the row's timestamp, so a"
                + " newer source fully replaces an older one.")
        String nullValues,
    TlsSpec tls,
    @Setting("Settings of the target's own type, such as an SSTable target's folder.")
        Map<String, Object> options,
    @Setting(
            "`existing`: the keyspace and table must exist before the run. `create`: `migrate`"
                + " creates what is missing of the keyspace, the user types and the table that a"
                + " table source's copy needs (as `sluice plan` prints them), and refuses, before"
                + " its first write, a table that exists with another definition.")
        String schema,
    @Setting(
            value =
                "The replicas of each datacenter for a keyspace that `schema: create` creates,"
                    + " such as `{dc1: 3, dc2: 3}` (NetworkTopologyStrategy); an existing"
                    + " keyspace keeps its own.",
            shownDefault = "the local datacenter, with 3 replicas or one per node if it has fewer")
        Map<String, Integer> replication) {

  public TargetSpec {
    type = type == null ? "cassandra" : type;
    contactPoints = ClusterSpec.contactPointsOrDefault(contactPoints);
    localDatacenter = ClusterSpec.localDatacenterOrDefault(localDatacenter);
    consistency = ClusterSpec.consistencyOrDefault(consistency);
    nullValues = nullValues == null ? "unset" : nullValues;
    options =
        options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
    schema = schema == null ? "existing" : schema.toLowerCase(Locale.ROOT);
    if (!schema.equals("existing") && !schema.equals("create")) {
      throw new IllegalArgumentException(
          "target.schema must be 'existing' or 'create', not '" + schema + "'");
    }
    replication =
        replication == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(replication));
    replication.forEach(
        (datacenter, replicas) -> {
          if (replicas == null || replicas < 1) {
            throw new IllegalArgumentException(
                "target.replication gives datacenter '"
                    + datacenter
                    + "' "
                    + replicas
                    + " replicas; each needs at least 1");
          }
        });
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
        null,
        null,
        null);
  }

  /** The same target with {@code newTable} as its table. */
  public TargetSpec withTable(String newTable) {
    return new TargetSpec(
        type,
        contactPoints,
        localDatacenter,
        keyspace,
        newTable,
        username,
        passwordEnv,
        passwordFile,
        consistency,
        nullValues,
        tls,
        options,
        schema,
        replication);
  }

  /** Whether {@code migrate} creates the keyspace, types and table that are missing. */
  public boolean createsSchema() {
    return schema.equals("create");
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
