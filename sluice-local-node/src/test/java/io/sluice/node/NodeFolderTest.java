package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeFolderTest {

  @TempDir Path dir;

  @Test
  void should_accept_a_new_or_empty_folder() throws IOException {
    assertThat(NodeFolder.inspect(new NodeLayout(dir.resolve("new")))).isEmpty();
    assertThat(NodeFolder.inspect(new NodeLayout(Files.createDirectory(dir.resolve("empty")))))
        .isEmpty();
  }

  @Test
  void should_refuse_a_folder_sluice_did_not_set_up() throws IOException {
    Files.createDirectories(dir.resolve("data"));

    assertThatThrownBy(() -> NodeFolder.inspect(new NodeLayout(dir)))
        .isInstanceOf(LocalNodeException.class)
        .hasMessage(
            dir
                + " already holds files but was not set up by Sluice (there is no node.json in"
                + " it); choose a new or empty folder for the node.");
  }

  @Test
  void should_refuse_a_file() throws IOException {
    Path file = Files.createFile(dir.resolve("node"));

    assertThatThrownBy(() -> NodeFolder.inspect(new NodeLayout(file)))
        .isInstanceOf(LocalNodeException.class)
        .hasMessage(file + " is a file, not a folder; choose a folder for the node's data.");
  }

  @Test
  void should_refuse_data_of_a_newer_cassandra_only() {
    NodeLayout layout = new NodeLayout(dir);

    NodeFolder.checkVersion(layout, "5.0.9", "5.0.10");
    NodeFolder.checkVersion(layout, "4.1.3", "5.0.9");
    assertThatThrownBy(() -> NodeFolder.checkVersion(layout, "5.1.0", "5.0.9"))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageContaining("last used by Cassandra 5.1.0, which is newer than the 5.0.9");
  }

  @Test
  void should_lock_the_folder_for_one_command_at_a_time() {
    NodeLayout layout = new NodeLayout(dir);
    NodeFolder first = NodeFolder.lock(layout);

    assertThatThrownBy(() -> NodeFolder.lock(layout, Duration.ZERO))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageContaining("Another Sluice command is starting or stopping the node");
    first.close();
    NodeFolder.lock(layout, Duration.ZERO).close();
  }
}
