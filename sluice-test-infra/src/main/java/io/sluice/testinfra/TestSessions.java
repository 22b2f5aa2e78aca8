package io.sluice.testinfra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/**
 * Driver sessions for tests, with timeouts generous enough for a node on a busy machine: schema
 * statements and full-table reads that take 2 s idle can take ten times that when other work shares
 * the cores, and a test must not fail for it.
 */
public final class TestSessions {

  /** How long any one request of a test may take before the driver gives up on it. */
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

  private TestSessions() {}

  /** A new session on {@code contactPoint}, in no keyspace. */
  public static CqlSession connect(InetSocketAddress contactPoint, String datacenter) {
    return connect(List.of(contactPoint), datacenter, null);
  }

  /** A new session on {@code contactPoints}, connected to {@code keyspace} unless it is null. */
  public static CqlSession connect(
      List<InetSocketAddress> contactPoints, String datacenter, String keyspace) {
    var builder =
        CqlSession.builder()
            .addContactPoints(contactPoints)
            .withLocalDatacenter(datacenter)
            .withConfigLoader(configLoader());
    return keyspace == null ? builder.build() : builder.withKeyspace(keyspace).build();
  }

  /** The generous driver settings, for a test that builds a session of its own (with a login). */
  public static DriverConfigLoader configLoader() {
    return DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, REQUEST_TIMEOUT)
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, REQUEST_TIMEOUT)
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(
            DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(60))
        .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
        .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
        .build();
  }
}
