package io.sluice.spark;

import io.sluice.core.run.RunReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The main class {@code spark-submit} runs: {@code spark-submit --class io.sluice.spark.SluiceSpark
 * sluice-spark.jar migrate job.yaml}, with the same job file and flags as the CLI.
 */
@Command(
    name = "sluice-spark",
    mixinStandardHelpOptions = true,
    description = "Run a Sluice job file on Apache Spark, one task per split.",
    subcommands = SluiceSpark.Migrate.class)
public final class SluiceSpark {

  /** Exit codes, as the CLI's. */
  static final int OK = 0;

  static final int COMPLETED_WITH_ERRORS = 1;
  static final int ABORTED = 2;

  private SluiceSpark() {}

  public static void main(String[] args) {
    SparkConf conf = new SparkConf().setIfMissing("spark.master", "local[*]");
    System.exit(run(conf, new PrintWriter(System.out, true), args));
  }

  /**
   * Runs the command line against a Spark context made from {@code conf}; returns the exit code.
   */
  public static int run(SparkConf conf, PrintWriter out, String... args) {
    CommandLine line =
        new CommandLine(
            SluiceSpark.class,
            new CommandLine.IFactory() {
              @Override
              public <K> K create(Class<K> type) throws Exception {
                if (type == Migrate.class) {
                  return type.cast(new Migrate(conf, out));
                }
                return CommandLine.defaultFactory().create(type);
              }
            });
    line.setOut(out);
    line.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          out.println("Error: " + e.getMessage());
          out.flush();
          return ABORTED;
        });
    return line.execute(args);
  }

  /** {@code migrate job.yaml}: the backfill, one Spark task per split. */
  @Command(
      name = "migrate",
      description = "Load the job's sources into its target table, one Spark task per split.")
  static final class Migrate implements Callable<Integer> {

    private final SparkConf conf;
    private final PrintWriter out;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
    Path jobFile;

    @Option(
        names = "--fresh",
        description = "Start over, discarding the job's saved progress (otherwise a run resumes).")
    boolean fresh;

    @Option(
        names = "--max-errors",
        paramLabel = "N|P%",
        description = "Rejected records tolerated before the run stops (overrides max-errors).")
    String maxErrors;

    @Option(
        names = "--max-in-flight",
        description =
            "Writes awaiting an answer at once, per executor (overrides flow.max-in-flight).")
    Integer maxInFlight;

    @Option(
        names = "--rows-per-second",
        description = "The most rows written per second (overrides flow.rows-per-second).")
    Long rowsPerSecond;

    @Option(
        names = "--budget",
        paramLabel = "job|task",
        description =
            "job (the default): the tasks share the job's one flow budget, served by the driver;"
                + " task: each task adapts by itself, as other Spark tools do (for comparison).")
    String budget = "job";

    Migrate(SparkConf conf, PrintWriter out) {
      this.conf = conf;
      this.out = out;
    }

    @Override
    public Integer call() {
      JobArgs args = JobArgs.read(jobFile, maxErrors, null, maxInFlight, rowsPerSecond);
      conf.setIfMissing("spark.app.name", "sluice migrate " + jobFile.getFileName());
      try (JavaSparkContext spark = new JavaSparkContext(conf)) {
        if (!budget.equals("job") && !budget.equals("task")) {
          throw new IllegalArgumentException("--budget takes job or task, not '" + budget + "'.");
        }
        RunReport report = new SparkMigration(spark, out).run(args, fresh, budget.equals("job"));
        out.print(report.toText());
        out.println(
            "  Report saved to " + report.rejectFile().replace("rejects.jsonl", "report.json"));
        out.flush();
        return switch (report.outcome()) {
          case COMPLETED -> OK;
          case COMPLETED_WITH_ERRORS, COMPLETED_WITH_DIFFERENCES -> COMPLETED_WITH_ERRORS;
          case ABORTED, INTERRUPTED -> ABORTED;
        };
      }
    }
  }
}
