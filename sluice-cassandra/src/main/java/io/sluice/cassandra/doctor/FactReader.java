package io.sluice.cassandra.doctor;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import io.sluice.cassandra.BacklogProbes;
import io.sluice.cassandra.doctor.ClusterFacts.KeyspaceFacts;
import io.sluice.cassandra.doctor.ClusterFacts.NodeFacts;
import io.sluice.cassandra.doctor.ClusterFacts.Readahead;
import io.sluice.cassandra.doctor.ClusterFacts.TableFacts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.job.CompactionSpec;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads what the checks decide on from a connected session: the driver's view of the nodes, the
 * schema tables, and the virtual tables where the cluster has them. Any part a cluster does not
 * offer (a managed service without {@code system_views}) is left empty, never an error.
 */
final class FactReader {

  private static final Logger LOG = LoggerFactory.getLogger(FactReader.class);
  private static final String PACKAGE = "org.apache.cassandra.";

  private FactReader() {}

  static ClusterFacts read(
      CqlSession session,
      String role,
      String localDatacenter,
      String consistency,
      String keyspace,
      String table,
      CompactionSpec compaction) {
    Map<String, String> settings = settings(session);
    String signal = null;
    String problem = null;
    if (role.equals("target")) {
      try (BacklogProbe probe = BacklogProbes.open(session, compaction)) {
        signal = probe.watches() ? probe.signal() : null;
      } catch (RuntimeException e) {
        problem = e.getMessage();
      }
    }
    Optional<KeyspaceFacts> keyspaceFacts =
        keyspace == null ? Optional.empty() : keyspace(session, keyspace);
    Optional<TableFacts> tableFacts =
        keyspaceFacts.isEmpty() || table == null
            ? Optional.empty()
            : table(session, keyspace, table);
    return new ClusterFacts(
        role,
        nodes(session),
        localDatacenter,
        consistency,
        session.getContext().getProtocolVersion().toString(),
        keyspaceFacts,
        keyspace,
        tableFacts,
        table,
        settings,
        compaction.enabled(),
        signal,
        problem,
        localReadahead(session, settings));
  }

  private static List<NodeFacts> nodes(CqlSession session) {
    List<NodeFacts> nodes = new ArrayList<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      nodes.add(
          new NodeFacts(
              node.getEndPoint().toString().replace("/", ""),
              String.valueOf(node.getDatacenter()),
              node.getState() == NodeState.UP,
              node.getCassandraVersion() == null ? null : node.getCassandraVersion().toString(),
              node.getSchemaVersion() == null ? null : node.getSchemaVersion().toString()));
    }
    return nodes;
  }

  private static Optional<KeyspaceFacts> keyspace(CqlSession session, String keyspace) {
    Row row =
        session
            .execute(
                "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)
            .one();
    if (row == null) {
      return Optional.empty();
    }
    Map<String, String> replication = new TreeMap<>(row.getMap(0, String.class, String.class));
    String strategy = replication.getOrDefault("class", "?").replace(PACKAGE + "locator.", "");
    return Optional.of(new KeyspaceFacts(keyspace, strategy, replication));
  }

  private static Optional<TableFacts> table(CqlSession session, String keyspace, String table) {
    Row row =
        session
            .execute(
                "SELECT compaction, gc_grace_seconds, compression FROM system_schema.tables"
                    + " WHERE keyspace_name = ? AND table_name = ?",
                keyspace,
                table)
            .one();
    if (row == null) {
      return Optional.empty();
    }
    Map<String, String> compaction = row.getMap(0, String.class, String.class);
    Map<String, String> compression = row.getMap(2, String.class, String.class);
    String strategy = compaction.getOrDefault("class", "?").replace(PACKAGE + "db.compaction.", "");
    boolean compressed =
        !"false".equalsIgnoreCase(compression.get("enabled")) && compression.containsKey("class");
    return Optional.of(new TableFacts(table, strategy, row.getInt(1), compressed));
  }

  private static Map<String, String> settings(CqlSession session) {
    Map<String, String> settings = new TreeMap<>();
    try {
      for (Row row : session.execute("SELECT name, value FROM system_views.settings")) {
        if (row.getString(1) != null) {
          settings.put(row.getString(0), row.getString(1));
        }
      }
    } catch (RuntimeException e) {
      LOG.debug("No system_views.settings here", e);
    }
    return settings;
  }

  /**
   * The read-ahead of the data disks of a node on this machine: one Sluice can look at, when the
   * session is connected to a loopback address and the node says where its data is.
   */
  private static Optional<Readahead> localReadahead(
      CqlSession session, Map<String, String> settings) {
    boolean local =
        session.getMetadata().getNodes().values().stream()
            .allMatch(
                node ->
                    node.getEndPoint().resolve() instanceof InetSocketAddress address
                        && address.getAddress() != null
                        && address.getAddress().isLoopbackAddress());
    String directories = settings.get("data_file_directories");
    if (!local || directories == null) {
      return Optional.empty();
    }
    String first = directories.replaceAll("[\\[\\]\"]", "").split(",")[0].trim();
    return first.isEmpty() ? Optional.empty() : BlockDevices.readahead(first);
  }
}
