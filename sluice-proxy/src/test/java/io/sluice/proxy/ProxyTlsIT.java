package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import io.sluice.core.job.TlsSpec;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestCertificates;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients reach the proxy over TLS, with certificates made here by the JDK's keytool: a client that
 * trusts the proxy's certificate works through it; a client without TLS is refused; with a trust
 * store in {@code client-tls}, only a client showing a certificate it trusts gets in. No store
 * password appears in the proxy's output.
 */
@RealCassandra
class ProxyTlsIT {

  private static final String PROXY_PASSWORD = "proxy-key-pw-61";
  private static final String TRUST_PASSWORD = "trust-pw-62";
  private static final String CLIENT_PASSWORD = "client-key-pw-63";

  @TempDir static Path dir;

  @BeforeAll
  static void makeCertificates() throws Exception {
    Path proxyStore = dir.resolve("proxy.p12");
    TestCertificates.keyPair(
        "proxy", "CN=sluice proxy", proxyStore, PROXY_PASSWORD, "-ext", "SAN=ip:127.0.0.1");
    TestCertificates.trust(
        "proxy", proxyStore, PROXY_PASSWORD, dir.resolve("client-trust.p12"), TRUST_PASSWORD);
    Path client = dir.resolve("client.p12");
    TestCertificates.keyPair("client", "CN=the application", client, CLIENT_PASSWORD);
    TestCertificates.trust(
        "client", client, CLIENT_PASSWORD, dir.resolve("proxy-trust.p12"), TRUST_PASSWORD);
    Files.writeString(dir.resolve("proxy.password"), PROXY_PASSWORD + "\n");
    Files.writeString(dir.resolve("trust.password"), TRUST_PASSWORD + "\n");
  }

  @Test
  void should_serve_clients_over_tls_and_refuse_plain_ones(
      TestKeyspace primary, SecondCluster secondary) throws Exception {
    TlsSpec tls = new TlsSpec(null, null, null, "proxy.p12", null, "proxy.password", null);
    String table = primary.name() + ".over_tls";
    try (LogWatch log = LogWatch.start();
        SluiceProxy proxy =
            SluiceProxy.start(ProxyConfigs.withClientTls(primary, secondary, tls), dir)) {
      try (CqlSession client = client(proxy, primary, trusting(null)).build()) {
        client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, v text)");
        client.execute("INSERT INTO " + table + " (id, v) VALUES (1, 'over tls')");
        assertThat(client.execute("SELECT v FROM " + table + " WHERE id = 1").one().getString(0))
            .isEqualTo("over tls");
      }
      assertThat(
              secondary
                  .session()
                  .execute("SELECT v FROM " + table + " WHERE id = 1")
                  .one()
                  .getString(0))
          .isEqualTo("over tls");
      assertThatThrownBy(() -> client(proxy, primary, null).build().close())
          .as("a client without TLS")
          .isInstanceOf(AllNodesFailedException.class);
      assertThat(log.toString()).doesNotContain(PROXY_PASSWORD);
    }
  }

  @Test
  void should_take_only_clients_with_a_trusted_certificate_when_it_names_a_truststore(
      TestKeyspace primary, SecondCluster secondary) throws Exception {
    TlsSpec tls =
        new TlsSpec(
            "proxy-trust.p12", null, "trust.password", "proxy.p12", null, "proxy.password", null);
    try (LogWatch log = LogWatch.start();
        SluiceProxy proxy =
            SluiceProxy.start(ProxyConfigs.withClientTls(primary, secondary, tls), dir)) {
      try (CqlSession client =
          client(proxy, primary, trusting(dir.resolve("client.p12"))).build()) {
        assertThat(client.execute("SELECT release_version FROM system.local").one()).isNotNull();
      }
      assertThatThrownBy(() -> client(proxy, primary, trusting(null)).build().close())
          .as("a TLS client without a certificate")
          .isInstanceOf(AllNodesFailedException.class);
      assertThat(log.toString()).doesNotContain(PROXY_PASSWORD).doesNotContain(TRUST_PASSWORD);
    }
  }

  /** A client context trusting the proxy's certificate, presenting {@code keystore}'s if given. */
  private static SSLContext trusting(Path keystore) throws Exception {
    return TestCertificates.clientContext(
        dir.resolve("client-trust.p12"), TRUST_PASSWORD, keystore, CLIENT_PASSWORD);
  }

  private static CqlSessionBuilder client(SluiceProxy proxy, TestKeyspace primary, SSLContext tls) {
    CqlSessionBuilder builder =
        CqlSession.builder()
            .addContactPoint(proxy.address())
            .withLocalDatacenter(primary.localDatacenter())
            .withConfigLoader(TestSessions.configLoader());
    return tls == null ? builder : builder.withSslContext(tls);
  }
}
