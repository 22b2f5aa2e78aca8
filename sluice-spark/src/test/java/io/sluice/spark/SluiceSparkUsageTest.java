package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/**
 * A command line {@code sluice-spark} cannot take is refused as the CLI refuses it, before any
 * Spark context starts: the same sentence, on standard error, and the CLI's usage exit code.
 */
class SluiceSparkUsageTest {

  private record Ran(int exitCode, String out, String err) {}

  private static Ran run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        SluiceSpark.run(
            new SparkConf().setMaster("local[1]"),
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            args);
    return new Ran(exit, out.toString(), err.toString());
  }

  @Test
  void should_refuse_a_repair_timestamp_without_repair_as_the_cli_does() {
    Ran ran = run("validate", "job.yaml", "--repair-timestamp", "now");

    assertThat(ran.exitCode()).as(ran.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(ran.err())
        .contains("Error: --repair-timestamp needs --repair.")
        .contains("See 'sluice-spark validate --help'.");
    assertThat(ran.out()).isEmpty();
  }

  @Test
  void should_name_the_values_a_repair_timestamp_may_take() {
    Ran ran = run("validate", "job.yaml", "--repair", "--repair-timestamp", "later");

    assertThat(ran.exitCode()).as(ran.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(ran.err()).contains("--repair-timestamp").contains("source").contains("now");
  }

  @Test
  void should_refuse_an_unknown_flag_with_the_usage_exit_code() {
    Ran ran = run("migrate", "job.yaml", "--workerz", "4");

    assertThat(ran.exitCode()).as(ran.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(ran.err()).contains("--workerz");
  }
}
