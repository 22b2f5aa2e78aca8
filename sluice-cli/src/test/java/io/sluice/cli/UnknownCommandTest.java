package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import org.junit.jupiter.api.Test;

/** A command Sluice does not have is a usage error, with or without {@code --help}. */
class UnknownCommandTest {

  @Test
  void should_say_the_command_is_unknown_even_with_help() {
    for (String[] args :
        new String[][] {{"nosuch"}, {"nosuch", "--help"}, {"nosuch", "job.yaml", "-h"}}) {
      CliRun run = CliRun.of(args);

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(run.err()).startsWith("Error: Unknown command 'nosuch'.");
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void should_still_show_the_help_of_a_known_command() {
    CliRun run = CliRun.of("migrate", "--help");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("Usage: sluice migrate");
  }
}
