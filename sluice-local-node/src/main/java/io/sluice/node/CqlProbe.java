package io.sluice.node;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a local node, through the Java driver, what release it runs: the proof that it is ready for
 * CQL clients. A cheap TCP check comes first, so a node that is still starting costs no session.
 */
final class CqlProbe {

  private static final Logger LOG = LoggerFactory.getLogger(CqlProbe.class);

  private CqlProbe() {}

  /** What {@link #releaseVersion} gives for a node that answers but requires a login first. */
  static final String LOGIN_REQUIRED = "";

  /**
   * The node's {@code release_version}, {@link #LOGIN_REQUIRED} if it answers but asks for a login
   * (a node with {@code PasswordAuthenticator}), or empty if it does not answer CQL yet.
   */
  static Optional<String> releaseVersion(int nativePort) {
    if (!LocalPorts.isListening(nativePort)) {
      return Optional.empty();
    }
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofSeconds(2))
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(5))
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(5))
            .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
            .withBoolean(DefaultDriverOption.METADATA_TOKEN_MAP_ENABLED, false)
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
            .build();
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(LocalPorts.LOOPBACK, nativePort))
            .withLocalDatacenter(NodeStatus.LOCAL_DATACENTER)
            .withConfigLoader(config)
            .build()) {
      Row row = session.execute("SELECT release_version FROM system.local").one();
      return Optional.ofNullable(row).map(r -> r.getString("release_version"));
    } catch (AllNodesFailedException e) {
      if (e.getAllErrors().values().stream()
          .flatMap(List::stream)
          .anyMatch(AuthenticationException.class::isInstance)) {
        return Optional.of(LOGIN_REQUIRED);
      }
      LOG.debug("CQL on port {} does not answer yet: {}", nativePort, e.toString());
      return Optional.empty();
    } catch (RuntimeException e) {
      LOG.debug("CQL on port {} does not answer yet: {}", nativePort, e.toString());
      return Optional.empty();
    }
  }
}
