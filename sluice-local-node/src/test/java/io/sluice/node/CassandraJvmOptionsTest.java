package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CassandraJvmOptionsTest {

  private static final Path LIB = Path.of("/opt/cassandra/lib");
  private static final CassandraHome HOME =
      new CassandraHome(
          Path.of("/opt/cassandra"),
          List.of(
              LIB.resolve("cassandra-all-5.0.9.jar"),
              LIB.resolve("jamm-0.4.0.jar"),
              LIB.resolve("netty-all-4.1.130.Final.jar")),
          "5.0.9");
  private static final NodeLayout LAYOUT = new NodeLayout(Path.of("/srv/sluice-node"));

  @Test
  void should_run_cassandra_daemon_with_jamm_agent_and_all_jars() {
    List<String> command = command();

    assertThat(command.get(0)).isEqualTo("/usr/lib/jvm/17/bin/java");
    assertThat(command.get(1)).isEqualTo("-javaagent:/opt/cassandra/lib/jamm-0.4.0.jar");
    assertThat(command.get(command.size() - 1)).isEqualTo(CassandraJvmOptions.MAIN_CLASS);
    int cp = command.indexOf("-cp");
    assertThat(command.get(cp + 1))
        .isEqualTo(
            "/opt/cassandra/lib/cassandra-all-5.0.9.jar:/opt/cassandra/lib/jamm-0.4.0.jar"
                + ":/opt/cassandra/lib/netty-all-4.1.130.Final.jar");
  }

  @Test
  void should_include_cassandra_server_options_and_heap() {
    List<String> command = command();

    assertThat(command)
        .containsSubsequence(CassandraJvmOptions.SERVER_OPTIONS)
        .containsSubsequence(CassandraJvmOptions.JAVA17_SERVER_OPTIONS)
        .contains("-XX:+ExitOnOutOfMemoryError", "-Xms2048M", "-Xmx2048M")
        .contains("--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED");
  }

  @Test
  void should_point_cassandra_at_the_node_folder() {
    assertThat(command())
        .contains(
            "-Dcassandra.config=file:///srv/sluice-node/cassandra.yaml",
            "-Dcassandra.logdir=/srv/sluice-node/logs",
            "-Dcassandra.storagedir=/srv/sluice-node",
            "-Dlogback.configurationFile=/srv/sluice-node/logback.xml",
            "-Dcassandra.jmx.local.port=17199",
            "-Dcassandra-foreground=yes",
            "-Dcassandra.skip_wait_for_gossip_to_settle=0",
            "-Dcassandra-pidfile=/srv/sluice-node/cassandra.pid");
  }

  @Test
  void should_pass_the_system_properties_asked_for_after_the_node_folder() {
    List<String> command = command(Map.of("cassandra.ring_delay_ms", "2000"));

    assertThat(command)
        .containsSubsequence(
            "-Dcassandra-pidfile=/srv/sluice-node/cassandra.pid",
            "-Dcassandra.ring_delay_ms=2000",
            "-cp");
    assertThat(command()).noneMatch(option -> option.startsWith("-Dcassandra.ring_delay_ms"));
  }

  @Test
  void should_skip_the_shutdown_announcement_unless_the_start_asks_for_it() {
    assertThat(command()).containsOnlyOnce("-Dcassandra.shutdown_announce_in_ms=0");

    List<String> joining = command(Map.of("cassandra.shutdown_announce_in_ms", "2000"));

    assertThat(joining)
        .contains("-Dcassandra.shutdown_announce_in_ms=2000")
        .doesNotContain("-Dcassandra.shutdown_announce_in_ms=0");
  }

  @Test
  void should_put_further_jvm_options_after_cassandras_own_and_before_the_class_path() {
    List<String> command =
        CassandraJvmOptions.command(
            Path.of("/usr/lib/jvm/17/bin/java"),
            HOME,
            LAYOUT,
            17199,
            2048,
            Map.of(),
            List.of("-XX:TieredStopAtLevel=1"));

    assertThat(command.indexOf("-XX:TieredStopAtLevel=1"))
        .isGreaterThan(command.indexOf("-Xmx2048M"))
        .isEqualTo(command.indexOf("-cp") - 1);
    assertThat(command()).doesNotContain("-XX:TieredStopAtLevel=1");
  }

  @Test
  void should_add_the_options_of_jvm_extra_opts_after_the_starts_own() {
    NodeOptions options = NodeOptions.builder().jvmOption("-XX:TieredStopAtLevel=1").build();

    assertThat(LocalNode.jvmOptions(options, "  -Dfoo=1   -XX:+UseSerialGC "))
        .containsExactly("-XX:TieredStopAtLevel=1", "-Dfoo=1", "-XX:+UseSerialGC");
    assertThat(LocalNode.jvmOptions(options, null)).containsExactly("-XX:TieredStopAtLevel=1");
    assertThat(LocalNode.jvmOptions(NodeOptions.defaults(), " ")).isEmpty();
  }

  private static List<String> command() {
    return command(Map.of());
  }

  private static List<String> command(Map<String, String> systemProperties) {
    return CassandraJvmOptions.command(
        Path.of("/usr/lib/jvm/17/bin/java"),
        HOME,
        LAYOUT,
        17199,
        2048,
        systemProperties,
        List.of());
  }
}
