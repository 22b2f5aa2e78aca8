package io.sluice.node;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a local node, through the Java driver, what release it runs: the proof that it is ready for
 * CQL clients. A cheap TCP check comes first, so a node that is still starting costs no session.
 */
final class CqlProbe {

  private static final Logger LOG = LoggerFactory.getLogger(CqlProbe.class);

  private CqlProbe() {}

  /**
   * What {@link #releaseVersion} gives for a node that answers but cannot be asked its version
   * without credentials: a login ({@code PasswordAuthenticator}) or a client certificate.
   */
  static final String CREDENTIALS_REQUIRED = "";

  /**
   * The node's {@code release_version}, {@link #CREDENTIALS_REQUIRED} if it answers but asks for a
   * login or a client certificate first, or empty if it does not answer CQL yet. {@code datacenter}
   * is the node's own: the driver sends nothing to a node outside the datacenter it is given.
   */
  static Optional<String> releaseVersion(int nativePort, boolean tls, String datacenter) {
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
    var builder =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(LocalPorts.LOOPBACK, nativePort))
            .withLocalDatacenter(datacenter)
            .withConfigLoader(config);
    if (tls) {
      builder.withSslContext(anyCertificate());
    }
    try (CqlSession session = builder.build()) {
      Row row = session.execute("SELECT release_version FROM system.local").one();
      return Optional.ofNullable(row).map(r -> r.getString("release_version"));
    } catch (AllNodesFailedException e) {
      if (e.getAllErrors().values().stream()
          .flatMap(List::stream)
          .anyMatch(error -> error instanceof AuthenticationException || refusedTls(error))) {
        return Optional.of(CREDENTIALS_REQUIRED);
      }
      LOG.debug("CQL on port {} does not answer yet: {}", nativePort, e.toString());
      return Optional.empty();
    } catch (RuntimeException e) {
      LOG.debug("CQL on port {} does not answer yet: {}", nativePort, e.toString());
      return Optional.empty();
    }
  }

  /** Whether a TLS handshake got as far as the node asking for a client certificate. */
  private static boolean refusedTls(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof SSLException
          && t.getMessage() != null
          && (t.getMessage().contains("certificate_required")
              || t.getMessage().contains("bad_certificate"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A TLS context that accepts any certificate: only to ask the node this process started, on
   * loopback, whether it answers yet. Clients of the node check its certificate as they are told.
   */
  private static SSLContext anyCertificate() {
    X509TrustManager any =
        new X509TrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType) {}

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
          }
        };
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {any}, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("TLS is not available in this JDK", e);
    }
  }
}
