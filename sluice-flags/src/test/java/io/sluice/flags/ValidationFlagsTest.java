package io.sluice.flags;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.validate.ValidationSpec;
import io.sluice.core.validate.ValidationSpec.RepairTimestamp;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class ValidationFlagsTest {

  @Command(name = "validate")
  static final class Validate implements Callable<Integer> {
    @Mixin ValidationFlags validation;
    ValidationSpec spec;

    @Override
    public Integer call() {
      spec = validation.spec();
      return 0;
    }
  }

  private record Parsed(int exitCode, String errors, ValidationSpec spec) {}

  private static Parsed parse(String... args) {
    Validate command = new Validate();
    StringWriter errors = new StringWriter();
    int exit = new CommandLine(command).setErr(new PrintWriter(errors, true)).execute(args);
    return new Parsed(exit, errors.toString(), command.spec);
  }

  @Test
  void should_take_the_repair_timestamp_in_any_case() {
    assertThat(parse("--repair", "--repair-timestamp", "now").spec().repairTimestamp())
        .isEqualTo(RepairTimestamp.NOW);
    assertThat(parse("--repair", "--repair-timestamp", "Source").spec().repairTimestamp())
        .isEqualTo(RepairTimestamp.SOURCE);
    assertThat(parse("--repair").spec().repairTimestamp()).isEqualTo(RepairTimestamp.SOURCE);
  }

  @Test
  void should_refuse_a_repair_timestamp_it_does_not_know_naming_the_choices() {
    Parsed parsed = parse("--repair", "--repair-timestamp", "later");
    assertThat(parsed.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(parsed.errors())
        .contains("--repair-timestamp must be 'source' or 'now', not 'later'.");
  }

  @Test
  void should_refuse_a_repair_timestamp_without_repair() {
    Parsed parsed = parse("--repair-timestamp", "now");
    assertThat(parsed.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(parsed.errors()).contains("--repair-timestamp needs --repair.");
  }

  @Test
  void should_refuse_extra_rows_with_a_sample() {
    Parsed parsed = parse("--sample", "10", "--extra");
    assertThat(parsed.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(parsed.errors()).contains("drop --sample or --extra");
  }

  @Test
  void should_check_everything_without_repairs_by_default() {
    assertThat(parse().spec()).isEqualTo(ValidationSpec.checkOnly());
  }
}
