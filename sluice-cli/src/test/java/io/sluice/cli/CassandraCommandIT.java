package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code sluice cassandra} commands as a user sees them: messages and exit codes. */
class CassandraCommandIT {

  @TempDir Path folder;

  @Test
  void should_say_there_is_no_node_yet() {
    CliRun run = CliRun.of("cassandra", "status", "--folder", folder.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("No node in").contains("sluice cassandra start");
  }

  @Test
  void should_refuse_to_start_on_a_taken_port_in_one_sentence() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliRun run =
          CliRun.of(
              "cassandra",
              "start",
              "--folder",
              folder.toString(),
              "--native-port",
              Integer.toString(taken.getLocalPort()));

      assertThat(run.exitCode()).isEqualTo(ExitCodes.ABORTED);
      assertThat(run.err())
          .contains("Port " + taken.getLocalPort())
          .contains("already in use")
          .contains("--native-port")
          .doesNotContain("Exception")
          .doesNotContain("\tat ");
    }
    assertThat(Files.exists(folder.resolve("cassandra.pid"))).isFalse();
  }

  @Test
  void should_refuse_a_java_that_does_not_exist() {
    CliRun run =
        CliRun.of(
            "cassandra",
            "start",
            "--folder",
            folder.toString(),
            "--java-home",
            folder.resolve("no-such-jdk").toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.err()).contains("no-such-jdk").doesNotContain("\tat ");
  }

  @Test
  void should_stop_nothing_when_nothing_runs() {
    CliRun run = CliRun.of("cassandra", "stop", "--folder", folder.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("was not running");
  }
}
