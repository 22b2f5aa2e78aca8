package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CassandraConfigFilesTest {

  private static final NodeLayout LAYOUT = new NodeLayout(Path.of("/var/sluice/node"));
  private static final NodePorts PORTS = new NodePorts(19042, 17000, 17199);

  @Test
  void should_generate_a_loopback_single_node_in_the_folder() throws Exception {
    Map<String, Object> parsed = parse(CassandraConfigFiles.toYaml(yaml(Map.of())));

    assertThat(parsed)
        .containsEntry("cluster_name", "sluice-local")
        .containsEntry("num_tokens", 16)
        .containsEntry("listen_address", "127.0.0.1")
        .containsEntry("rpc_address", "127.0.0.1")
        .containsEntry("storage_port", 17000)
        .containsEntry("native_transport_port", 19042)
        .containsEntry("start_native_transport", true)
        .containsEntry("endpoint_snitch", "SimpleSnitch")
        .containsEntry("disk_failure_policy", "die")
        .containsEntry("commit_failure_policy", "die")
        .containsEntry("commitlog_sync", "periodic")
        .containsEntry("commitlog_sync_period", "10000ms")
        .containsEntry("data_file_directories", List.of("/var/sluice/node/data"))
        .containsEntry("commitlog_directory", "/var/sluice/node/commitlog")
        .containsEntry("saved_caches_directory", "/var/sluice/node/saved_caches")
        .containsEntry("hints_directory", "/var/sluice/node/hints")
        .containsEntry("cdc_raw_directory", "/var/sluice/node/cdc_raw")
        .containsEntry(
            "seed_provider",
            List.of(
                Map.of(
                    "class_name",
                    "org.apache.cassandra.locator.SimpleSeedProvider",
                    "parameters",
                    List.of(Map.of("seeds", "127.0.0.1:17000")))));
  }

  @Test
  void should_let_overrides_replace_add_and_remove_top_level_settings() {
    Map<String, Object> overrides = new HashMap<>();
    overrides.put("num_tokens", 4);
    overrides.put("native_transport_rate_limiting_enabled", true);
    overrides.put("authenticator", null);

    Map<String, Object> yaml = yaml(overrides);

    assertThat(yaml)
        .containsEntry("num_tokens", 4)
        .containsEntry("native_transport_rate_limiting_enabled", true)
        .doesNotContainKey("authenticator")
        .containsEntry("cluster_name", "sluice-local");
  }

  @Test
  void should_quote_strings_that_look_like_numbers() throws Exception {
    String text = CassandraConfigFiles.toYaml(yaml(Map.of("cluster_name", "2024")));

    assertThat(parse(text)).containsEntry("cluster_name", "2024");
  }

  @Test
  void should_log_to_system_log_in_the_cassandra_logdir() {
    assertThat(CassandraConfigFiles.logbackXml())
        .contains("<file>${cassandra.logdir}/system.log</file>")
        .contains("<root level=\"INFO\">");
  }

  @Test
  void should_treat_corruption_as_fatal_only_under_die_or_stop() {
    assertThat(CassandraConfigFiles.endsOnCorruption(Map.of())).isTrue();
    assertThat(CassandraConfigFiles.endsOnCorruption(Map.of("disk_failure_policy", "stop")))
        .isTrue();
    assertThat(CassandraConfigFiles.endsOnCorruption(Map.of("disk_failure_policy", "best_effort")))
        .isFalse();
  }

  private static Map<String, Object> yaml(Map<String, Object> overrides) {
    return CassandraConfigFiles.cassandraYaml(LAYOUT, PORTS, overrides);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(String yaml) throws Exception {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, Map.class);
  }
}
