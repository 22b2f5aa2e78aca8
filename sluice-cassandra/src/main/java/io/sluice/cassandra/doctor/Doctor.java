package io.sluice.cassandra.doctor;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.cassandra.SessionFactory;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.CompactionSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code sluice doctor}'s examination of one cluster a job touches: connects with the job's own
 * settings, reads what the checks need and returns their findings. A cluster that cannot be reached
 * is one FAIL finding that says why, as the job itself would.
 */
public final class Doctor {

  private Doctor() {}

  /**
   * Examines a cluster.
   *
   * @param role how the job uses it: {@code target} or {@code source}
   * @param keyspace the job's keyspace there, or null to check the cluster alone
   * @param table the job's table in it, or null
   * @param compaction how the job watches the target's compaction ({@code flow.compaction})
   */
  public static List<Finding> examine(
      ClusterSpec cluster,
      Path baseDir,
      String role,
      String keyspace,
      String table,
      CompactionSpec compaction) {
    // Every node connected: a node of another datacenter has a state only then.
    try (CqlSession session = SessionFactory.openToEveryNode(cluster, baseDir)) {
      return Checks.of(
          FactReader.read(
              session,
              role,
              cluster.localDatacenter(),
              cluster.consistency(),
              keyspace,
              table,
              compaction));
    } catch (RuntimeException e) {
      return List.of(
          Finding.fail(
              "connect",
              "the " + role + " cluster cannot be examined: " + e.getMessage(),
              "check the contact points and login, as 'sluice plan' says."));
    }
  }
}
