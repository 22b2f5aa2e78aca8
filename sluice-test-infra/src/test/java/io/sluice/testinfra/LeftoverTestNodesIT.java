package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.node.LocalNode;
import io.sluice.node.NodeStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A module's shared node whose last user ended without leaving it: the build's backstop stops it
 * once that user is gone, and not before.
 */
class LeftoverTestNodesIT {

  @Test
  void should_stop_a_shared_node_only_once_no_user_is_alive() throws Exception {
    Files.createDirectories(TestNodes.workDir());
    Path project = Files.createTempDirectory(TestNodes.workDir(), "leftover-");
    // A module's work folder, as failsafe gives it; kept until this JVM's end, when the shutdown
    // hook join registered looks in it.
    Path workDir = project.resolve("some-module").resolve("target").resolve("it-work");
    NodeStatus joined = ModuleNodes.join(workDir, "leftover");
    LocalNode node = new LocalNode(joined.folder());
    Process user = new ProcessBuilder("sleep", "600").start();
    try {
      // This JVM steps aside for a user that will end without leaving, as a killed JVM does.
      Path users = workDir.resolve("shared-nodes").resolve("leftover.users");
      Files.delete(users.resolve(String.valueOf(ProcessHandle.current().pid())));
      Files.writeString(users.resolve(String.valueOf(user.pid())), "");

      assertThat(LeftoverTestNodes.stopAll(project)).isEmpty();
      assertThat(node.status().running()).isTrue();

      user.destroyForcibly();
      assertThat(user.waitFor(30, TimeUnit.SECONDS)).isTrue();

      assertThat(LeftoverTestNodes.stopAll(project)).containsExactly("some-module/leftover");
      assertThat(node.status().running()).isFalse();
      assertThat(workDir.resolve("shared-nodes").resolve("leftover.folder")).doesNotExist();
      assertThat(LeftoverTestNodes.stopAll(project)).isEmpty();
    } finally {
      user.destroyForcibly();
      node.stop();
    }
  }
}
