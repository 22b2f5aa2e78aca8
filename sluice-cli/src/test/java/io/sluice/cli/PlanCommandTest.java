package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import org.junit.jupiter.api.Test;

/** The plan's command line, refused before anything is read. */
class PlanCommandTest {

  @Test
  void should_refuse_run_flags_that_a_plan_would_ignore() {
    CliRun run = CliRun.of("plan", "job.yaml", "--workers", "4");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).contains("--workers");
  }
}
