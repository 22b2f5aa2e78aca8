package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients log in to the proxy with the user and password of its configuration: a wrong password
 * gets the CQL authentication error, the right one a working session, and neither password shows in
 * what the proxy logs or answers.
 */
@RealCassandra
class ProxyLoginIT {

  private static final String PASSWORD = "s3cret-proxy-Pa55";
  private static final String WRONG = "wrong-Pa55-guess";

  @TempDir Path dir;

  @Test
  void aWrongPasswordIsRefusedAndTheRightOneLetsTheClientIn(
      TestKeyspace primary, SecondCluster secondary) throws Exception {
    Files.writeString(dir.resolve("client.password"), PASSWORD + "\n");
    ProxyConfig config =
        ProxyConfigs.withLogin(primary, secondary, new ClientLogin("app", null, "client.password"));
    try (LogWatch log = LogWatch.start();
        SluiceProxy proxy = SluiceProxy.start(config, dir)) {
      assertThatThrownBy(() -> login(proxy, primary, WRONG).close())
          .isInstanceOf(AllNodesFailedException.class)
          .satisfies(
              e ->
                  assertThat(((AllNodesFailedException) e).getAllErrors().values())
                      .flatExtracting(errors -> errors)
                      .hasAtLeastOneElementOfType(AuthenticationException.class))
          .satisfies(e -> assertThat(e.toString()).doesNotContain(WRONG, PASSWORD));

      try (CqlSession client = login(proxy, primary, PASSWORD)) {
        assertThat(client.execute("SELECT release_version FROM system.local").one()).isNotNull();
      }
      assertThat(log.saw("wrong user or password")).as(log.toString()).isTrue();
      assertThat(log.saw(PASSWORD)).isFalse();
      assertThat(log.saw(WRONG)).isFalse();
    }
  }

  private static CqlSession login(SluiceProxy proxy, TestKeyspace primary, String password) {
    return CqlSession.builder()
        .addContactPoint(proxy.address())
        .withLocalDatacenter(primary.localDatacenter())
        .withAuthCredentials("app", password)
        .withConfigLoader(TestSessions.configLoader())
        .build();
  }
}
