package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProxyConfigTest {

  @TempDir Path dir;

  private ProxyConfig load(String yaml) throws Exception {
    Path file = dir.resolve("proxy.yaml");
    Files.writeString(file, yaml);
    return ProxyConfig.load(file);
  }

  @Test
  void aMinimalFileGetsSaneDefaults() throws Exception {
    ProxyConfig config =
        load(
            "primary:\n  contact-points: [10.0.0.1:9042]\n"
                + "secondary:\n  contact-points: [10.1.0.1:9042]\n  local-datacenter: dc2\n");
    assertThat(config.listen()).isEqualTo("127.0.0.1:9042");
    assertThat(config.primary().localDatacenter()).isEqualTo("datacenter1");
    assertThat(config.secondary().localDatacenter()).isEqualTo("dc2");
    assertThat(config.preparedStatements()).isEqualTo(10_000);
    assertThat(config.requestTimeoutDuration()).hasSeconds(12);
    assertThat(config.clientLogin()).isNull();
    assertThat(config.metricsListen()).isNull();
    assertThat(config.stateDir()).isEqualTo(".sluice/proxy");
    assertThat(config.shadowReads().any()).isFalse();
  }

  @Test
  void shadowReadsTakeAShareByTable() throws Exception {
    ProxyConfig config =
        load(
            "primary:\n  contact-points: [a:1]\nsecondary:\n  contact-points: [b:1]\n"
                + "shadow-reads:\n  percent: 5\n  tables:\n    shop.orders: 100\n");
    ShadowReadSpec shadow = config.shadowReads();
    assertThat(shadow.percentOf("shop", "orders")).isEqualTo(100);
    assertThat(shadow.percentOf("shop", "carts")).isEqualTo(5);
    assertThat(shadow.logValues()).isFalse();
    assertThat(shadow.mismatchLog()).isEqualTo("shadow-mismatches.jsonl");
    assertThatThrownBy(
            () ->
                load(
                    "primary:\n  contact-points: [a:1]\nsecondary:\n  contact-points: [b:1]\n"
                        + "shadow-reads:\n  percent: 150\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'shadow-reads' shares must be from 0 to 100");
  }

  @Test
  void aSecondaryMayFailIntoAReplayLogOfBoundedSize() throws Exception {
    String clusters = "primary:\n  contact-points: [a:1]\nsecondary:\n  contact-points: [b:1]\n";
    ProxyConfig strict = load(clusters);
    assertThat(strict.keepsMissedWrites()).isFalse();
    assertThat(strict.replayLog().maxSizeBytes()).isEqualTo(1L << 30);
    ProxyConfig logged =
        load(
            clusters
                + "secondary-failure: log\n"
                + "replay-log:\n  max-size: 512MiB\n  rate: 500\n  timeout: 300ms\n");
    assertThat(logged.keepsMissedWrites()).isTrue();
    assertThat(logged.replayLog().maxSizeBytes()).isEqualTo(512L << 20);
    assertThat(logged.replayLog().rate()).isEqualTo(500);
    assertThat(logged.replayLog().timeoutDuration()).hasMillis(300);
    assertThatThrownBy(() -> load(clusters + "secondary-failure: ignore\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'secondary-failure' is 'strict'")
        .hasMessageContaining("not 'ignore'");
    assertThatThrownBy(() -> load(clusters + "replay-log:\n  max-size: lots\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'replay-log.max-size' must be a size of at least 1MiB");
  }

  @Test
  void clientTlsNeedsTheProxysOwnKeyStore() throws Exception {
    String clusters = "primary:\n  contact-points: [a:1]\nsecondary:\n  contact-points: [b:1]\n";
    assertThat(load(clusters + "client-tls:\n  keystore: proxy.p12\n").clientTls().keystore())
        .isEqualTo("proxy.p12");
    assertThatThrownBy(() -> load(clusters + "client-tls:\n  truststore: apps.p12\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'client-tls:' needs a 'keystore'");
  }

  @Test
  void mistakesAreNamedInOneSentence() {
    assertThatThrownBy(() -> load("primary:\n  contact-points: [a:1]\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'secondary:' needs 'contact-points'");
    assertThatThrownBy(
            () ->
                load(
                    "primary:\n  contact-points: [a:1]\nsecondary:\n  contact-points: [b:1]\n"
                        + "prepared-statement: 5\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("unknown setting 'prepared-statement'");
    assertThatThrownBy(
            () ->
                load(
                    "primary:\n  contact-points: [a:1]\nsecondary:\n  contact-points: [b:1]\n"
                        + "client-login:\n  password-env: X\n"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'client-login:' needs a 'username'");
  }
}
