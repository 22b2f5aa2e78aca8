package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.job.CompactionSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Chooses how a Cassandra-family target's compaction backlog is read, from {@code flow.compaction}:
 * the best signal the job grants, checked before the load starts.
 *
 * <ol>
 *   <li>{@code enabled: false}: none, latency alone steers the load.
 *   <li>{@code jmx-port} given: pending compactions over JMX ({@link JmxBacklogProbe}). The port
 *       was asked for, so a JMX that no node answers on is an error before the first write, not a
 *       load that silently runs unwatched.
 *   <li>otherwise, when the cluster has {@code system_views.sstable_tasks} (Cassandra 4.0 and
 *       later): running compactions over CQL ({@link CqlBacklogProbe}).
 *   <li>otherwise (Cassandra 3.x, managed services): none.
 * </ol>
 */
public final class BacklogProbes {

  private BacklogProbes() {}

  /**
   * The probe {@code spec} asks for on {@code session}'s cluster. The session stays the caller's;
   * closing the probe closes only the probe's own connections.
   *
   * @throws IllegalArgumentException when the JMX credentials are set only in part or their
   *     password variable is not set
   * @throws IllegalStateException when {@code jmx-port} is given and no node's JMX can be read
   */
  public static BacklogProbe open(CqlSession session, CompactionSpec spec) {
    return open(session, spec, System.getenv());
  }

  static BacklogProbe open(CqlSession session, CompactionSpec spec, Map<String, String> env) {
    if (!spec.enabled()) {
      return BacklogProbe.none();
    }
    if (spec.jmxPort() != null) {
      return openJmx(session, spec.jmxPort(), JmxCredentials.from(spec, env));
    }
    return CqlBacklogProbe.available(session) ? new CqlBacklogProbe(session) : BacklogProbe.none();
  }

  private static BacklogProbe openJmx(
      CqlSession session, int port, Optional<JmxCredentials> credentials) {
    JmxBacklogProbe probe = new JmxBacklogProbe(session, port, credentials);
    List<NodeReading> first = probe.readNodes();
    if (first.stream().anyMatch(reading -> reading.failure() == null)) {
      return probe;
    }
    probe.close();
    throw new IllegalStateException(unreachableMessage(port, first, credentials));
  }

  /**
   * One sentence: where JMX was tried, why it failed, and how to fix it or do without. Only the
   * first node is named; the others failed alike or the message would not end.
   */
  static String unreachableMessage(
      int port, List<NodeReading> failures, Optional<JmxCredentials> credentials) {
    String what =
        failures.isEmpty()
            ? "JMX on port " + port + " was not tried (the session knows no node)"
            : failures.get(0).failure()
                + (failures.size() > 1
                    ? ", nor could the " + (failures.size() - 1) + " other node(s) be read"
                    : "");
    String check =
        credentials
            .map(
                c ->
                    "check flow.compaction.jmx-port, the user "
                        + c.username()
                        + " and the password in $"
                        + c.passwordEnv())
            .orElse("check flow.compaction.jmx-port (and jmx-username if JMX needs a login)");
    return what
        + ", so the compaction backlog cannot be watched: "
        + check
        + " and that the nodes accept JMX from this machine (Cassandra allows only local JMX"
        + " unless LOCAL_JMX=no is set in cassandra-env.sh), or remove flow.compaction.jmx-port"
        + " to watch running compactions over CQL instead.";
  }
}
