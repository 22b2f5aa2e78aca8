package io.sluice.spark;

import io.sluice.core.run.RunReport;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.flags.ExitCodes;
import io.sluice.flags.UsageErrors;
import io.sluice.flags.ValidationFlags;
import io.sluice.spark.hadoop.HadoopPaths;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The main class {@code spark-submit} runs: {@code spark-submit --class io.sluice.spark.SluiceSpark
 * sluice-spark.jar migrate job.yaml} (or {@code validate}), with the same job file and flags as the
 * CLI.
 */
@Command(
    name = "sluice-spark",
    mixinStandardHelpOptions = true,
    description = "Run a Sluice job file on Apache Spark, one task per split.",
    subcommands = {SluiceSpark.Migrate.class, SluiceSpark.Validate.class})
public final class SluiceSpark {

  private SluiceSpark() {}

  public static void main(String[] args) {
    SparkConf conf = new SparkConf().setIfMissing("spark.master", "local[*]");
    System.exit(run(conf, new PrintWriter(System.out, true), args));
  }

  /**
   * Runs the command line against a Spark context made from {@code conf}; returns the exit code.
   */
  public static int run(SparkConf conf, PrintWriter out, String... args) {
    return run(conf, out, new PrintWriter(System.err, true), args);
  }

  /** As {@link #run(SparkConf, PrintWriter, String...)}, with usage errors going to {@code err}. */
  static int run(SparkConf conf, PrintWriter out, PrintWriter err, String... args) {
    CommandLine line = commandLine(conf, out);
    line.setOut(out);
    line.setErr(err);
    line.setParameterExceptionHandler(new UsageErrors());
    line.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          out.println("Error: " + e.getMessage());
          out.flush();
          return ExitCodes.ABORTED;
        });
    return line.execute(args);
  }

  /**
   * The command line, its commands running on a Spark context made from {@code conf} and reporting
   * to {@code out}; also what the settings reference reads the flags from.
   */
  public static CommandLine commandLine(SparkConf conf, PrintWriter out) {
    return new CommandLine(
        SluiceSpark.class,
        new CommandLine.IFactory() {
          @Override
          public <K> K create(Class<K> type) throws Exception {
            if (type == Migrate.class) {
              return type.cast(new Migrate(conf, out));
            }
            if (type == Validate.class) {
              return type.cast(new Validate(conf, out));
            }
            return CommandLine.defaultFactory().create(type);
          }
        });
  }

  /** Runs {@code workflow} on a Spark context and prints its report; returns the exit code. */
  private static int run(
      SparkConf conf, PrintWriter out, RunOptions options, SparkWorkflow workflow) {
    JobArgs args = options.jobArgs();
    boolean sharedBudget = options.sharedBudget();
    conf.setIfMissing(
        "spark.app.name",
        "sluice " + workflow.command() + " " + options.job.jobFile().getFileName());
    try (JavaSparkContext spark = new JavaSparkContext(conf)) {
      HadoopPaths.install(spark.getConf());
      SparkRun run = new SparkRun(spark, workflow, out);
      RunReport report = run.run(args, options.job.fresh(), sharedBudget);
      return ExitCodes.of(report.outcome());
    }
  }

  /** {@code migrate job.yaml}: the backfill, one Spark task per split. */
  @Command(
      name = "migrate",
      description = "Load the job's sources into its target table, one Spark task per split.")
  static final class Migrate implements Callable<Integer> {

    private final SparkConf conf;
    private final PrintWriter out;

    @Mixin RunOptions options;

    Migrate(SparkConf conf, PrintWriter out) {
      this.conf = conf;
      this.out = out;
    }

    @Override
    public Integer call() {
      return run(conf, out, options, SparkWorkflow.migration());
    }
  }

  /** {@code validate job.yaml}: every source row checked against the target, one task per split. */
  @Command(
      name = "validate",
      description =
          "Compare the job's source rows with the target table, one Spark task per split; exit 0"
              + " when nothing differs, 1 when differences were found.")
  static final class Validate implements Callable<Integer> {

    private final SparkConf conf;
    private final PrintWriter out;

    @Mixin RunOptions options;

    @Mixin ValidationFlags validation;

    Validate(SparkConf conf, PrintWriter out) {
      this.conf = conf;
      this.out = out;
    }

    @Override
    public Integer call() {
      ValidationSpec spec = validation.spec();
      return run(conf, out, options, SparkWorkflow.validation(spec));
    }
  }
}
