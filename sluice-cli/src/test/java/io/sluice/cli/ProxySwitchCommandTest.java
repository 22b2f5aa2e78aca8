package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice proxy switch} says in one sentence why it cannot reach a running proxy. */
class ProxySwitchCommandTest {

  private static final String CLUSTERS =
      "primary:\n  contact-points: [127.0.0.1:9042]\nsecondary:\n  contact-points: [127.0.0.1:9043]\n";

  @TempDir Path dir;

  @Test
  void should_ask_for_an_admin_section() throws Exception {
    Path file = Files.writeString(dir.resolve("proxy.yaml"), CLUSTERS);

    CliRun run = CliRun.of("proxy", "switch", "--primary", "secondary", file.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.err()).contains("has no 'admin:' section");
  }

  @Test
  void should_say_when_no_proxy_answers() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Files.writeString(dir.resolve("admin.token"), "t0k3n\n");
    Path file =
        Files.writeString(
            dir.resolve("proxy.yaml"),
            CLUSTERS + "admin:\n  listen: 127.0.0.1:" + port + "\n  token-file: admin.token\n");

    CliRun run = CliRun.of("proxy", "switch", "--primary", "secondary", file.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.err()).contains("no proxy answers on admin.listen 127.0.0.1:" + port);
    assertThat(run.toString()).doesNotContain("t0k3n");
  }
}
