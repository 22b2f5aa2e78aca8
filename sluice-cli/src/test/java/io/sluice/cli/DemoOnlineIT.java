package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import io.sluice.node.LocalNode;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice demo online} as a user runs it: two local clusters, an application through the
 * proxy, a backfill and validation while it runs, a switch of reads, and everything stopped at the
 * end.
 */
class DemoOnlineIT {

  @TempDir Path home;

  @Test
  void should_backfill_validate_and_switch_while_the_application_runs() throws Exception {
    SluiceProcess demo =
        SluiceProcess.startWithHome(
            home, home, "demo", "online", "--orders", "3000", "--seconds", "3", "--rate", "150");
    int exitCode = demo.waitFor(900);
    String output = demo.output();

    assertThat(exitCode).as(output).isEqualTo(ExitCodes.OK);
    assertThat(output)
        .contains("Job demo-online-backfill: completed")
        .contains("Reads now come from the new cluster; writes still go to both.")
        .containsPattern("The application: [\\d,]+ operations, 0 failed")
        .containsPattern("Shadow reads after the backfill: 0 of [1-9][\\d,]* rows compared differ")
        .containsPattern(
            "Shadow reads after the switch \\(new against old\\): 0 of [1-9][\\d,]* rows compared"
                + " differ")
        .containsPattern("Shadow reads while the new cluster lacks the history: [1-9][\\d,]* of")
        .contains("Reads served by: secondary")
        .contains("Stopped.");
    for (String cluster : new String[] {"old-cluster", "new-cluster"}) {
      assertThat(node(cluster).status().running()).as(cluster + " after the demo").isFalse();
    }
  }

  @AfterEach
  void stopWhatIsLeft() throws Exception {
    for (String cluster : new String[] {"old-cluster", "new-cluster"}) {
      OptionalLong pid = node(cluster).status().pid();
      Optional<ProcessHandle> left =
          pid.isPresent()
              ? ProcessHandle.of(pid.getAsLong()).filter(ProcessHandle::isAlive)
              : Optional.empty();
      if (left.isPresent()) {
        left.get().destroyForcibly();
        left.get().onExit().get(30, TimeUnit.SECONDS);
      }
    }
  }

  private LocalNode node(String cluster) {
    return new LocalNode(home.resolve("demo-online").resolve(cluster));
  }
}
