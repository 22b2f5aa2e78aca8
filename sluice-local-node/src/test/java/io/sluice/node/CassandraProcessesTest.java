package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CassandraProcessesTest {

  private static final NodeLayout LAYOUT = new NodeLayout(Path.of("/srv/sluice-node"));
  private static final List<String> ARGS =
      List.of(
          "/usr/lib/jvm/17/bin/java",
          "-Dcassandra.storagedir=/srv/sluice-node",
          "-cp",
          "a.jar",
          CassandraJvmOptions.MAIN_CLASS);

  @Test
  void should_recognize_the_cassandra_of_the_folder() {
    assertThat(
            CassandraProcesses.isCassandraCommand(
                Optional.of("/usr/lib/jvm/17/bin/java"), ARGS, LAYOUT))
        .isTrue();
  }

  @Test
  void should_not_take_setsid_for_cassandra_while_it_has_not_replaced_itself_yet() {
    assertThat(CassandraProcesses.isCassandraCommand(Optional.of("/usr/bin/setsid"), ARGS, LAYOUT))
        .isFalse();
  }

  @Test
  void should_not_take_another_folders_cassandra_or_a_recycled_pid() {
    assertThat(
            CassandraProcesses.isCassandraCommand(
                Optional.of("/usr/bin/java"), ARGS, new NodeLayout(Path.of("/srv/other-node"))))
        .isFalse();
    assertThat(
            CassandraProcesses.isCassandraCommand(
                Optional.of("/usr/bin/java"), List.of("java", "-jar", "app.jar"), LAYOUT))
        .isFalse();
  }
}
