package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import org.junit.jupiter.api.Test;

/** The demo's command line, refused before anything starts. */
class DemoCommandTest {

  @Test
  void should_refuse_port_options_with_a_contact_point() {
    CliRun run = CliRun.of("demo", "--contact-point", "127.0.0.1:1", "--native-port", "19042");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).contains("--contact-point").contains("sluice demo --help");
  }
}
