package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeStateFileTest {

  @TempDir Path dir;

  private static final NodeState STATE =
      new NodeState(
          NodeState.FORMAT,
          "5.0.9",
          new NodePorts(9042, 7000, 7199),
          1024,
          4242L,
          Instant.parse("2026-01-02T03:04:05Z"),
          Instant.parse("2026-01-02T03:04:06Z"));

  @Test
  void should_read_back_what_it_wrote() {
    Path file = dir.resolve("node.json");

    NodeStateFile.write(file, STATE);

    assertThat(NodeStateFile.read(file)).hasValue(STATE);
    assertThat(NodeStateFile.read(file).orElseThrow().runningPid()).hasValue(4242L);
    assertThat(dir.resolve("node.json.tmp")).doesNotExist();
  }

  @Test
  void should_round_trip_a_stopped_node() {
    Path file = dir.resolve("node.json");

    NodeStateFile.write(file, STATE.withPid(null));

    assertThat(NodeStateFile.read(file).orElseThrow().runningPid()).isEmpty();
  }

  @Test
  void should_write_readable_json() throws Exception {
    Path file = dir.resolve("node.json");

    NodeStateFile.write(file, STATE);

    assertThat(Files.readString(file))
        .contains("\"cassandraVersion\" : \"5.0.9\"")
        .contains("\"nativePort\" : 9042")
        .contains("\"startedAt\" : \"2026-01-02T03:04:06Z\"");
  }

  @Test
  void should_report_a_missing_file_as_empty() {
    assertThat(NodeStateFile.read(dir.resolve("node.json"))).isEmpty();
  }

  @Test
  void should_refuse_a_damaged_file_with_advice() throws Exception {
    Path file = dir.resolve("node.json");
    Files.writeString(file, "{\"format\": 1, \"cassandraVersion\": ");

    assertThatThrownBy(() -> NodeStateFile.read(file))
        .isInstanceOf(LocalNodeException.class)
        .hasMessage(
            "The node state file "
                + file
                + " cannot be read because it is not valid; the folder may be damaged: move it"
                + " away to start a fresh node.");
  }

  @Test
  void should_refuse_a_file_without_ports() throws Exception {
    Path file = dir.resolve("node.json");
    Files.writeString(file, "{\"format\": 1, \"cassandraVersion\": \"5.0.9\"}");

    assertThatThrownBy(() -> NodeStateFile.read(file))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageContaining("because it is incomplete");
  }

  @Test
  void should_refuse_a_file_from_a_newer_sluice() throws Exception {
    Path file = dir.resolve("node.json");
    NodeStateFile.write(file, STATE);
    Files.writeString(file, Files.readString(file).replace("\"format\" : 1", "\"format\" : 9"));

    assertThatThrownBy(() -> NodeStateFile.read(file))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageContaining("set up by a newer version of Sluice");
  }
}
