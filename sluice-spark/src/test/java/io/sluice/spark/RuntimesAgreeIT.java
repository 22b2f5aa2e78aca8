package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.StandaloneSpark;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One job file, run by the CLI ({@code java -jar sluice.jar}) and by {@code spark-submit --master
 * local[2]}, each as a user runs it, as a process: a migration with rejects, then a validation of a
 * damaged table. Both runtimes leave the same documents with the same counts and lines, and print
 * the same summary apart from the lines that measure the runtime (time, requests, flow).
 */
@RealCassandra
class RuntimesAgreeIT {

  private static final int DOCUMENTS = 3_000;
  private static final int CSV_FILES = 2;
  private static final int CSV_LINES = 1_500;
  private static final int BAD_EVERY = 500;
  private static final long SECONDS = 300;

  /** The summary's lines that say how the runtime went rather than what the run did. */
  private static final Set<String> RUNTIME_LINES = Set.of("Time", "Requests", "Flow", "Compaction");

  /** How each runtime keeps its progress: not a document for a person, and not the same. */
  private static final Set<String> PROGRESS_STORES = Set.of("checkpoint.json", "splits");

  private static final AtomicInteger SUBMITTED = new AtomicInteger();

  @TempDir static Path dir;

  static Path job;
  static StandaloneSpark spark;
  static Ran cliMigration;
  static Ran sparkMigration;
  static Ran cliValidation;
  static Ran sparkValidation;

  record Ran(int exitCode, String output, Path state) {}

  @BeforeAll
  static void runBothTwice(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE agree (id int PRIMARY KEY, name text, n bigint)");
    TestFiles.writeDump(dir.resolve("dump/people.bson"), DOCUMENTS, BAD_EVERY);
    TestFiles.writeCsv(dir.resolve("csv"), CSV_FILES, CSV_LINES, BAD_EVERY);
    job =
        JobFile.write(
            dir,
            "agree",
            keyspace,
            "agree",
            "  - type: bson\n    path: dump/people.bson\n    options: {split-size: 32KiB}\n"
                + "  - type: csv\n    path: csv\n    options: {multiline: false, split-size: 16KiB}\n",
            "mapping:\n  columns:\n    id: id\n    name: name\n    n: n\n");
    spark = StandaloneSpark.local(dir.resolve("spark-work"), 2, StandaloneSpark.jarsOfClassPath());

    cliMigration = aside(cli("migrate", job.toString()), "state-agree", "cli-migration");
    session.execute("TRUNCATE agree");
    sparkMigration = aside(submit("migrate", job.toString()), "state-agree", "spark-migration");

    // The dump's rows carry write time 1: a row deleted and a cell changed at that time differ.
    session.execute("DELETE FROM agree USING TIMESTAMP 1 WHERE id = 5");
    session.execute("UPDATE agree USING TIMESTAMP 1 SET name = 'zzzz' WHERE id = 6");
    // A CSV row too, whose finding must carry the same fields as the dump's.
    session.execute("DELETE FROM agree WHERE id = 100005");
    cliValidation = aside(cli("validate", job.toString()), "state-agree", "cli-validation");
    sparkValidation = aside(submit("validate", job.toString()), "state-agree", "spark-validation");
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.close();
    }
  }

  /** The CLI's packaged jar, run as {@code ./sluice} runs it. */
  private static Ran cli(String... args) throws Exception {
    Path jar = Path.of("../sluice-cli/target/sluice.jar").toAbsolutePath().normalize();
    assertThat(jar).as("the CLI's jar: build the sluice-cli module first").exists();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(TestNodes.QUICK_JIT);
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    Path out = dir.resolve("cli-" + args[0] + ".out");
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    return new Ran(ended(process, "sluice " + args[0]), Files.readString(out), null);
  }

  private static Ran submit(String... args) throws Exception {
    String name = "spark-" + args[0] + "-" + SUBMITTED.incrementAndGet();
    Process driver =
        spark.submit(
            name,
            Path.of("target/sluice-spark.jar").toAbsolutePath(),
            SluiceSpark.class.getName(),
            args);
    int exit = ended(driver, "spark-submit " + args[0]);
    return new Ran(exit, spark.log(name), null);
  }

  private static int ended(Process process, String what) throws InterruptedException {
    if (!process.waitFor(SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(what + " did not end within " + SECONDS + " s");
    }
    return process.exitValue();
  }

  /** Moves the run's state folder aside, so the other runtime starts as afresh. */
  private static Ran aside(Ran ran, String state, String name) throws IOException {
    Path kept = dir.resolve(name);
    Files.move(dir.resolve(state), kept);
    return new Ran(ran.exitCode(), ran.output(), kept);
  }

  /** The files a run left in {@code state}, its progress store apart. */
  private static Set<String> documents(Path state) throws IOException {
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.walk(state)) {
      files
          .filter(Files::isRegularFile)
          .map(state::relativize)
          .filter(RuntimesAgreeIT::notProgress)
          .map(Path::toString)
          .forEach(names::add);
    }
    return names;
  }

  private static boolean notProgress(Path path) {
    for (Path part : path) {
      if (PROGRESS_STORES.contains(part.toString())) {
        return false;
      }
    }
    return true;
  }

  private static Map<String, Long> counts(Path report) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Map<String, Long> counts =
        json.convertValue(
            json.readTree(report.toFile()).get("counts"),
            new TypeReference<TreeMap<String, Long>>() {});
    // Retries depend on how the node answered under each runtime's load.
    counts.remove("retries");
    return counts;
  }

  /**
   * The run's summary as printed, from its first line to where it says its charts are, without the
   * lines that measure the runtime.
   */
  private static List<String> summary(String output, String firstLine) {
    List<String> lines = output.lines().toList();
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(firstLine)) {
        start = i;
      }
    }
    assertThat(start).as("a summary starting with '%s' in:\n%s", firstLine, output).isNotNegative();
    List<String> summary = new ArrayList<>();
    for (String line : lines.subList(start, lines.size())) {
      String label = line.strip().split(" {2,}")[0];
      if (!RUNTIME_LINES.contains(label)) {
        summary.add(line);
      }
      if (line.startsWith("  Charts over time:")) {
        return summary;
      }
    }
    throw new AssertionError("no 'Charts over time' line after '" + firstLine + "' in:\n" + output);
  }

  private static List<String> sortedLines(Path file) throws IOException {
    return Files.readAllLines(file).stream().sorted().toList();
  }

  @Test
  void should_leave_the_same_documents_and_counts_after_a_migration_with_rejects()
      throws Exception {
    assertThat(cliMigration.exitCode())
        .as(cliMigration.output())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(sparkMigration.exitCode())
        .as(sparkMigration.output())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    Path cli = cliMigration.state();
    Path onSpark = sparkMigration.state();

    assertThat(documents(onSpark))
        .containsExactlyElementsOf(documents(cli))
        .contains("report.json", "report.html", "timeline.jsonl", "rejects.jsonl");
    Map<String, Long> counts = counts(cli.resolve("report.json"));
    assertThat(counts.get("rejected-mapping")).isPositive();
    assertThat(counts(onSpark.resolve("report.json"))).isEqualTo(counts);
    assertThat(sortedLines(onSpark.resolve("rejects.jsonl")))
        .hasSize(counts.get("rejected-mapping").intValue())
        .isEqualTo(sortedLines(cli.resolve("rejects.jsonl")));
  }

  @Test
  void should_print_the_same_summary_on_both_runtimes() {
    assertThat(summary(sparkMigration.output(), "Job agree:"))
        .isEqualTo(summary(cliMigration.output(), "Job agree:"));
    assertThat(summary(sparkValidation.output(), "Validation of job agree:"))
        .contains("  Missing           2", "  Mismatched        1")
        .isEqualTo(summary(cliValidation.output(), "Validation of job agree:"));
  }

  @Test
  void should_draw_the_charts_of_the_run_on_both_runtimes() throws Exception {
    for (Ran ran : List.of(cliMigration, sparkMigration, cliValidation, sparkValidation)) {
      boolean validation = ran == cliValidation || ran == sparkValidation;
      Path state = validation ? ran.state().resolve("validate") : ran.state();
      long samples = Files.readAllLines(state.resolve("timeline.jsonl")).size();
      assertThat(samples).as("samples in %s", state).isPositive();
      assertThat(Files.readString(state.resolve("report.html")))
          .as("report.html in %s", state)
          .contains("data-chart=\"rows-per-second\"")
          .contains("data-points=\"" + samples + "\"");
    }
  }

  @Test
  void should_leave_the_same_findings_after_a_validation() throws Exception {
    assertThat(cliValidation.exitCode())
        .as(cliValidation.output())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(sparkValidation.exitCode())
        .as(sparkValidation.output())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    Path cli = cliValidation.state().resolve("validate");
    Path onSpark = sparkValidation.state().resolve("validate");

    assertThat(documents(onSpark))
        .containsExactlyElementsOf(documents(cli))
        .contains(
            "report.json",
            "report.html",
            "timeline.jsonl",
            "validation.json",
            "differences.jsonl",
            "rejects.jsonl");
    Map<String, Long> counts = counts(cli.resolve("report.json"));
    assertThat(counts.get("rows-missing")).isEqualTo(2);
    assertThat(counts.get("rows-mismatched")).isEqualTo(1);
    assertThat(counts(onSpark.resolve("report.json"))).isEqualTo(counts);
    assertThat(sortedLines(onSpark.resolve("differences.jsonl")))
        .isEqualTo(sortedLines(cli.resolve("differences.jsonl")));
    assertThat(sortedLines(onSpark.resolve("rejects.jsonl")))
        .isEqualTo(sortedLines(cli.resolve("rejects.jsonl")));
    JsonNode summary = new ObjectMapper().readTree(onSpark.resolve("validation.json").toFile());
    assertThat(summary.toString()).contains("id=5", "id=6", "id=100005");
  }

  @Test
  void should_list_a_validations_rejects_apart_from_its_findings_on_both_runtimes()
      throws Exception {
    for (Ran ran : List.of(cliValidation, sparkValidation)) {
      Path state = ran.state().resolve("validate");
      Map<String, Long> counts = counts(state.resolve("report.json"));
      List<JsonNode> findings = jsonLines(state.resolve("differences.jsonl"));
      List<JsonNode> rejects = jsonLines(state.resolve("rejects.jsonl"));

      assertThat(findings)
          .as("findings in %s", state)
          .hasSize(3)
          .allSatisfy(line -> assertThat(line.path("stage").asText()).isEqualTo("difference"));
      assertThat(rejects)
          .as("rejects in %s", state)
          .hasSize(counts.get("rejected-mapping").intValue())
          .allSatisfy(line -> assertThat(line.path("stage").asText()).isEqualTo("mapping"));
      assertThat(findings.stream().map(RuntimesAgreeIT::fieldNames).distinct())
          .as("the fields of the dump's and the CSV's findings in %s", state)
          .hasSize(2); // a missing row's, and a mismatched row's with its columns
      // The summary names the files where the run left them, before they were moved aside.
      assertThat(ran.output())
          .containsPattern("Findings listed in \\S*state-agree/validate/differences\\.jsonl")
          .containsPattern("Rejects listed in \\S*state-agree/validate/rejects\\.jsonl");
    }
  }

  private static List<JsonNode> jsonLines(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> lines = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      lines.add(json.readTree(line));
    }
    return lines;
  }

  private static Set<String> fieldNames(JsonNode line) {
    Set<String> names = new TreeSet<>();
    line.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void should_refuse_a_command_line_as_the_cli_does_through_spark_submit() throws Exception {
    Ran refused = submit("validate", job.toString(), "--repair-timestamp", "now");

    assertThat(refused.exitCode()).as(refused.output()).isEqualTo(ExitCodes.USAGE);
    assertThat(refused.output())
        .contains("Error: --repair-timestamp needs --repair.")
        .contains("See 'sluice-spark validate --help'.");
  }
}
