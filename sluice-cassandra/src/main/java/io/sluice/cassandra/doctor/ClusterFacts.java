package io.sluice.cassandra.doctor;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code sluice doctor} read of a cluster, gathered once ({@link FactReader}) so that every
 * check is a plain decision over it ({@link Checks}), tested without a cluster.
 *
 * @param role how the job uses the cluster: {@code target} or {@code source}
 * @param nodes every node the driver knows, the one it is connected to included
 * @param localDatacenter the datacenter the job names as local
 * @param consistency the consistency level the job reads or writes at
 * @param protocolVersion the native protocol version the driver negotiated, such as {@code V5}
 * @param keyspace the job's keyspace, if it names one and it exists
 * @param keyspaceName the keyspace's name as the job gives it, or null when it names none
 * @param table the job's table, if it names one and it exists
 * @param tableName the table's name as the job gives it, or null
 * @param settings the nodes' settings as {@code system_views.settings} gives them (name to value),
 *     empty where the cluster has no such view
 * @param compactionWatched whether the job watches the target's compaction at all ({@code
 *     flow.compaction.enabled})
 * @param backlogSignal the compaction backlog signal the job's load would watch ({@code
 *     flow.compaction}: JMX when a port is given, else running compactions over CQL), or null when
 *     there is none
 * @param backlogProblem why the signal the job asks for cannot be read, one sentence, or null
 * @param readahead the read-ahead of the disk holding the data of a node on this machine, if found
 */
public record ClusterFacts(
    String role,
    List<NodeFacts> nodes,
    String localDatacenter,
    String consistency,
    String protocolVersion,
    Optional<KeyspaceFacts> keyspace,
    String keyspaceName,
    Optional<TableFacts> table,
    String tableName,
    Map<String, String> settings,
    boolean compactionWatched,
    String backlogSignal,
    String backlogProblem,
    Optional<Readahead> readahead) {

  /**
   * A node.
   *
   * @param address its address and port
   * @param datacenter its datacenter
   * @param up whether the driver sees it up
   * @param version its release version, or null when unknown
   * @param schemaVersion the schema version it reports, or null when unknown
   */
  public record NodeFacts(
      String address, String datacenter, boolean up, String version, String schemaVersion) {}

  /**
   * A keyspace's replication.
   *
   * @param strategy the strategy class, without its package
   * @param replication the strategy's options: {@code replication_factor}, or a factor per
   *     datacenter
   */
  public record KeyspaceFacts(String name, String strategy, Map<String, String> replication) {}

  /**
   * A table's settings that matter to a bulk load.
   *
   * @param compaction the compaction strategy class, without its package
   * @param gcGraceSeconds its {@code gc_grace_seconds}
   * @param compressed whether its SSTables are compressed
   */
  public record TableFacts(
      String name, String compaction, int gcGraceSeconds, boolean compressed) {}

  /**
   * The read-ahead of a data disk.
   *
   * @param directory the data directory
   * @param device the block device holding it, or null when it is not on one (tmpfs, overlay)
   * @param kib the device's read-ahead in KiB
   */
  public record Readahead(String directory, String device, int kib) {}
}
