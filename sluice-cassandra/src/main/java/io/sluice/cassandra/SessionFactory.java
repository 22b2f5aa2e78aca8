package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.TlsSpec;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Opens driver sessions for a {@link ClusterSpec}. All driver settings Sluice changes from the
 * driver's defaults are made here, in one place.
 */
public final class SessionFactory {

  private SessionFactory() {}

  /**
   * Opens a session to the cluster, without selecting a keyspace.
   *
   * @throws IllegalArgumentException with one sentence when the cluster cannot be reached, refuses
   *     the login or the TLS settings, or has no datacenter named as the local one
   */
  public static CqlSession open(ClusterSpec cluster, Path baseDir) {
    return open(cluster, baseDir, null);
  }

  /**
   * Opens a session as {@link #open(ClusterSpec, Path)} does, with every connection using the
   * keyspace named (none when null).
   *
   * @throws com.datastax.oss.driver.api.core.InvalidKeyspaceException when the keyspace does not
   *     exist
   */
  public static CqlSession open(ClusterSpec cluster, Path baseDir, String keyspace) {
    return open(cluster, baseDir, keyspace, CqlSession.builder());
  }

  /**
   * Opens a session as {@link #open(ClusterSpec, Path, String)} does, built by {@code builder}: one
   * whose driver context differs from the default (the proxy's shares its event loops).
   */
  public static CqlSession open(
      ClusterSpec cluster, Path baseDir, String keyspace, CqlSessionBuilder builder) {
    return checked(cluster, connect(cluster, baseDir, keyspace, null, builder, false));
  }

  /**
   * Opens a session as {@link #open(ClusterSpec, Path)} does, for scans of a table in the keyspace
   * named:
   *
   * <ul>
   *   <li>its schema metadata holds that keyspace and no other ({@link #connectForKeyspace});
   *   <li>it speaks native protocol v4 at most, which reads a scan's large pages for less CPU
   *       ({@link ProtocolV4AtMost}).
   * </ul>
   *
   * <p>Not for a load's writes: on v4, a Cassandra node that limits its request rate (and throws on
   * overload only for clients that ask at connecting) holds back the connection instead of sending
   * the overload refusals that flow control adapts to.
   */
  public static CqlSession openForScans(ClusterSpec cluster, Path baseDir, String keyspace) {
    return checked(cluster, connectForScans(cluster, baseDir, keyspace));
  }

  /** Opens a session as {@link #openForScans} does, without checking the local datacenter. */
  static CqlSession connectForScans(ClusterSpec cluster, Path baseDir, String keyspace) {
    return connect(cluster, baseDir, null, keyspace, ProtocolV4AtMost.sessionBuilder(), false);
  }

  /**
   * Opens a session as {@link #open(ClusterSpec, Path)} does, connected to every node of every
   * datacenter, so that each node's state is what this client finds (up or down). A default session
   * leaves other datacenters' nodes unconnected, and their state unknown unless an event told of
   * them. Requests go to the local datacenter while it has a node up.
   */
  public static CqlSession openToEveryNode(ClusterSpec cluster, Path baseDir) {
    return checked(cluster, connect(cluster, baseDir, null, null, CqlSession.builder(), true));
  }

  private static CqlSession checked(ClusterSpec cluster, CqlSession session) {
    Optional<String> problem = datacenterProblem(cluster, session);
    if (problem.isPresent()) {
      session.close();
      throw new IllegalArgumentException(problem.get());
    }
    return session;
  }

  /**
   * Opens a session as {@link #open(ClusterSpec, Path)} does, without checking the local
   * datacenter, whose schema metadata holds the keyspace named and no other: a job reads or writes
   * one table, and a session that loads every keyspace's schema (twice: on connecting and on the
   * refresh that reads the table) spends its start on a cluster's other keyspaces. The token map
   * covers that keyspace alone.
   */
  static CqlSession connectForKeyspace(ClusterSpec cluster, Path baseDir, String keyspace) {
    return connect(cluster, baseDir, null, keyspace, CqlSession.builder(), false);
  }

  private static CqlSession connect(
      ClusterSpec cluster,
      Path baseDir,
      String keyspace,
      String schemaKeyspace,
      CqlSessionBuilder sessionBuilder,
      boolean everyNode) {
    ProgrammaticDriverConfigLoaderBuilder config =
        DriverConfigLoader.programmaticBuilder()
            // Server warnings are logged with the statement's bound values by default: off, so no
            // row data or secret reaches the logs.
            .withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false)
            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, cluster.consistency())
            // Every Sluice write carries its own timestamp, so repeating one is harmless.
            .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
            // Sluice retries itself, with backoff and flow control seeing every answer.
            .withClass(DefaultDriverOption.RETRY_POLICY_CLASS, SluiceRetries.class)
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(12))
            // A node under load answers its control queries slowly; a run must not fail at the
            // start for that. An unreachable node still fails at the connect timeout.
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10))
            .withDuration(
                DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 2048)
            // Sluice's writes carry their own timestamps (the proxy's too); the driver's clock
            // only stamps the rest, to the millisecond. Its native microsecond clock costs a JVM's
            // start 0.2 s of loading a native bridge for that.
            .withBoolean(DefaultDriverOption.TIMESTAMP_GENERATOR_FORCE_JAVA_CLOCK, true)
            // A run holds a source's and a target's sessions, the proxy one per keyspace and
            // cluster: more than the driver's default of 4 is no leak.
            .withInt(DefaultDriverOption.SESSION_LEAK_THRESHOLD, 64)
            // Come back quickly after a node restart; writes wait for it meanwhile.
            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(5))
            // A session is closed only once its work is done: no quiet period of 2 s per thread
            // group waiting for tasks that will not come (a run closes a source's and a target's).
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0);
    if (schemaKeyspace != null) {
      config.withStringList(
          DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, List.of(schemaKeyspace));
    }
    if (everyNode) {
      // Remote datacenters' nodes get a pool (for failover, which local consistency levels
      // never use), and with it a state the driver checked itself.
      config.withInt(
          DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_MAX_NODES_PER_REMOTE_DC, 100_000);
    }
    CqlSessionBuilder builder =
        sessionBuilder
            .withConfigLoader(config.build())
            .withLocalDatacenter(cluster.localDatacenter())
            .withKeyspace(keyspace == null ? null : CqlIdentifier.fromInternal(keyspace));
    for (String contactPoint : cluster.contactPoints()) {
      builder.addContactPoint(parse(contactPoint));
    }
    if (cluster.username() != null) {
      builder.withAuthCredentials(cluster.username(), password(cluster, baseDir));
    }
    TlsSpec tls = cluster.tls();
    if (tls != null) {
      builder.withSslEngineFactory(
          // The certificate is checked against the address as written, never a name found by a
          // reverse lookup of it.
          new ProgrammaticSslEngineFactory(
              TlsContexts.of(tls, cluster.prefix(), baseDir, System.getenv()),
              null,
              tls.hostnameVerification(),
              false));
    }
    try {
      return builder.build();
    } catch (AllNodesFailedException e) {
      throw ConnectionFailures.explain(cluster, e)
          .orElseGet(
              () ->
                  new IllegalArgumentException(
                      "Cannot connect to the cluster at "
                          + String.join(", ", cluster.contactPoints())
                          + "; run with --verbose to see each node's error.",
                      e));
    }
  }

  /**
   * A local datacenter the cluster does not have, in one sentence: the driver connects, then finds
   * no node to send a request to, and a run would fail later on something else.
   */
  static Optional<String> datacenterProblem(ClusterSpec cluster, CqlSession session) {
    Set<String> datacenters = new TreeSet<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      if (node.getDatacenter() != null) {
        datacenters.add(node.getDatacenter());
      }
    }
    if (datacenters.isEmpty() || datacenters.contains(cluster.localDatacenter())) {
      return Optional.empty();
    }
    return Optional.of(
        "The cluster at "
            + String.join(", ", cluster.contactPoints())
            + " has no datacenter '"
            + cluster.localDatacenter()
            + "'; its datacenters are "
            + String.join(", ", datacenters)
            + ": set "
            + cluster.prefix()
            + ".local-datacenter to one of them.");
  }

  static InetSocketAddress parse(String contactPoint) {
    int colon = contactPoint.lastIndexOf(':');
    if (colon < 0) {
      return new InetSocketAddress(contactPoint, 9042);
    }
    try {
      return new InetSocketAddress(
          contactPoint.substring(0, colon), Integer.parseInt(contactPoint.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Contact point '" + contactPoint + "' must be host or host:port.");
    }
  }

  /** Reads the password from the environment or a file; the value is never logged. */
  static String password(ClusterSpec cluster, Path baseDir) {
    return password(cluster, baseDir, System.getenv());
  }

  static String password(ClusterSpec cluster, Path baseDir, Map<String, String> environment) {
    String prefix = cluster.prefix();
    String password =
        Secrets.read(
            prefix + ".password",
            cluster.passwordEnv(),
            cluster.passwordFile(),
            baseDir,
            environment);
    if (password == null) {
      throw new IllegalArgumentException(
          prefix
              + ".username is set but no password source: set "
              + prefix
              + ".password-env or "
              + prefix
              + ".password-file (passwords are never read from the job file itself).");
    }
    return password;
  }
}
