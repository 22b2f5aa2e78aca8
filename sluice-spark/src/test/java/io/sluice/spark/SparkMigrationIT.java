package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.Targets;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job of a BSON dump and a CSV folder, each cut into many splits and each holding a few records
 * that cannot be mapped, runs on Spark {@code local[4]} into the real local node, and the same job
 * runs as the CLI runs it into a second table: the rows, their write times and the report's counts
 * are the same, every row arrives once, and a second submission finds nothing left to do.
 */
@RealCassandra
class SparkMigrationIT {

  private static final int BSON_DOCS = 12_000;
  private static final int CSV_FILES = 3;
  private static final int CSV_LINES = 3_000;
  private static final int BAD_EVERY = 1_000;
  private static final int LIMITED_RATE = 5_000;

  /** A BSON dump and a CSV folder, cut into many splits. */
  private static final String SOURCES =
      "  - type: bson\n    path: dump/people.bson\n    options: {split-size: 32KiB}\n"
          + "  - type: csv\n    path: csv\n    options: {multiline: false, split-size: 16KiB}\n";

  /** Every column by the field of its name. */
  private static final String MAPPING =
      "mapping:\n  columns:\n    id: id\n    name: name\n    n: n\n";

  @TempDir static Path dir;

  static Path sparkJob;
  static int firstExit;
  static String firstOutput;
  static RunReport cliReport;

  @BeforeAll
  static void runBoth(CqlSession session, TestKeyspace keyspace) throws Exception {
    for (String table : new String[] {"people_spark", "people_cli"}) {
      session.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, name text, n bigint)");
    }
    TestFiles.writeDump(dir.resolve("dump/people.bson"), BSON_DOCS, BAD_EVERY);
    TestFiles.writeCsv(dir.resolve("csv"), CSV_FILES, CSV_LINES, BAD_EVERY);
    sparkJob = writeJob(keyspace, "spark", "people_spark");
    StringWriter out = new StringWriter();
    firstExit =
        SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", sparkJob.toString());
    firstOutput = out.toString();
    JobSpec cliJob = JobFiles.load(writeJob(keyspace, "cli", "people_cli"));
    try (Target target = Targets.connect(cliJob.target(), cliJob.baseDir())) {
      cliReport = Migration.prepare(cliJob, target, Clock.systemUTC(), true).run();
    }
  }

  static SparkConf sparkConf() {
    return new SparkConf()
        .setMaster("local[4]")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.ui.enabled", "false");
  }

  private static Path writeJob(TestKeyspace keyspace, String name, String table) throws Exception {
    return JobFile.write(dir, name, keyspace, table, SOURCES, MAPPING);
  }

  private static JsonNode counts(String job) throws Exception {
    return new ObjectMapper()
        .readTree(dir.resolve("state-" + job).resolve("report.json").toFile())
        .get("counts");
  }

  private static Map<Integer, String> rows(CqlSession session, String table) {
    Map<Integer, String> rows = new TreeMap<>();
    for (Row row : session.execute("SELECT id, name, n, writetime(name) AS wt FROM " + table)) {
      String previous =
          rows.put(
              row.getInt("id"),
              row.getString("name") + "|" + row.getLong("n") + "|" + row.getLong("wt"));
      assertThat(previous).as("row %d listed twice", row.getInt("id")).isNull();
    }
    return rows;
  }

  @Test
  void should_load_every_row_once_with_counts_that_add_up() throws Exception {
    assertThat(firstExit).as(firstOutput).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    int badBson = BSON_DOCS / BAD_EVERY;
    int badCsv = CSV_FILES * (CSV_LINES / BAD_EVERY);
    long good = BSON_DOCS + CSV_FILES * CSV_LINES - badBson - badCsv;
    JsonNode counts = counts("spark");
    assertThat(counts.get("records-read").asLong()).isEqualTo(BSON_DOCS + CSV_FILES * CSV_LINES);
    assertThat(counts.get("rejected-mapping").asLong()).isEqualTo(badBson + badCsv);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(good);
    assertThat(counts.get("records-mapped").asLong() + counts.get("rejected-mapping").asLong())
        .isEqualTo(counts.get("records-read").asLong());
    assertThat(firstOutput).contains("Spark tasks");
  }

  @Test
  void should_write_the_rows_the_cli_writes(CqlSession session) throws Exception {
    assertThat(cliReport.outcome()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    Map<Integer, String> spark = rows(session, "people_spark");
    Map<Integer, String> cli = rows(session, "people_cli");
    assertThat(spark).hasSize((int) cliReport.counts().rowsWritten());
    assertThat(spark).isEqualTo(cli);
    JsonNode sparkCounts = counts("spark");
    assertThat(sparkCounts.get("rows-written").asLong())
        .isEqualTo(cliReport.counts().rowsWritten());
    assertThat(sparkCounts.get("rejected-mapping").asLong())
        .isEqualTo(cliReport.counts().rejectedMapping());
  }

  @Test
  void should_create_the_table_of_a_table_copy_when_the_job_says_so(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String created = keyspace.name() + "_spark_created";
    String cluster =
        "contact-points: ["
            + keyspace.hostAndPort()
            + "]\n"
            + "  local-datacenter: "
            + keyspace.localDatacenter()
            + "\n";
    Path job = dir.resolve("create.yaml");
    Files.writeString(
        job,
        "name: create\n"
            + "state-dir: state-create\n"
            + "sources:\n"
            + "  - name: people\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + "      "
            + cluster.replace("\n  ", "\n      ")
            + "      keyspace: "
            + keyspace.name()
            + "\n"
            + "      table: people_cli\n"
            + "target:\n"
            + "  "
            + cluster
            + "  keyspace: "
            + created
            + "\n"
            + "  table: people\n"
            + "  schema: create\n"
            + "  replication: { "
            + keyspace.localDatacenter()
            + ": 1 }\n");
    try {
      StringWriter out = new StringWriter();
      int exit =
          SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", job.toString());

      assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.OK);
      assertThat(session.execute("SELECT count(*) FROM " + created + ".people").one().getLong(0))
          .isEqualTo(session.execute("SELECT count(*) FROM people_cli").one().getLong(0));
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS " + created);
    }
  }

  @Test
  void should_list_every_reject_once_with_its_position() throws Exception {
    Path rejects = dir.resolve("state-spark/rejects.jsonl");
    var lines = Files.readAllLines(rejects);
    assertThat(lines).hasSize((int) cliReport.counts().rejected());
    assertThat(lines)
        .allSatisfy(
            line ->
                assertThat(line).contains("\"stage\":\"mapping\"", "\"offset\":", "Column 'n'"));
    assertThat(lines.stream().distinct()).hasSameSizeAs(lines);
  }

  /**
   * The user's rows/s limit is the whole job's: four tasks share it, each granted a quarter by the
   * job's budget on the driver, instead of each taking all of it. The rate is the report's, over
   * the run's whole time, so a busy machine only lowers it.
   */
  @Test
  void should_hold_the_rows_per_second_limit_over_all_tasks(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE people_limited (id int PRIMARY KEY, name text, n bigint)");
    Path job =
        Files.writeString(
            dir.resolve("limited.yaml"),
            Files.readString(writeJob(keyspace, "limited", "people_limited"))
                + "flow: {rows-per-second: "
                + LIMITED_RATE
                + "}\n");
    StringWriter out = new StringWriter();
    int exit = SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", job.toString());
    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode report =
        new ObjectMapper().readTree(dir.resolve("state-limited/report.json").toFile());
    long rows = report.get("counts").get("rows-written").asLong();
    double seconds = Duration.parse(report.get("elapsed").asText()).toMillis() / 1000.0;
    assertThat(rows / seconds)
        .as("rows/s over %,d rows in %.1f s", rows, seconds)
        .isLessThan(1.1 * LIMITED_RATE);
  }

  /**
   * With an SSTable target the tasks write the files (four at a time, each through a writer process
   * of its own, which the next task takes over) into a folder every executor sees, and the driver
   * streams them once the run completes: the table then holds the rows the CQL load wrote, with the
   * same write times, and no file is left.
   */
  @Test
  void should_write_sstables_in_the_tasks_and_stream_them_from_the_driver(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE people_sstables (id int PRIMARY KEY, name text, n bigint)");
    Path job =
        JobFile.write(
            dir,
            "sstables",
            keyspace,
            "people_sstables",
            SOURCES,
            "  type: sstables\n  options: {directory: sstables-out, stream-after-migrate: true}\n"
                + MAPPING);
    StringWriter out = new StringWriter();

    int exit = SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", job.toString());

    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(out.toString()).contains("Streamed");
    JsonNode counts = counts("sstables");
    assertThat(counts.get("rows-written").asLong()).isEqualTo(cliReport.counts().rowsWritten());
    assertThat(counts.get("records-mapped").asLong() + counts.get("rejected-mapping").asLong())
        .isEqualTo(counts.get("records-read").asLong());
    assertThat(counts.get("rows-written").asLong())
        .isEqualTo(counts.get("records-mapped").asLong());
    assertThat(rows(session, "people_sstables")).isEqualTo(rows(session, "people_cli"));
    long writers =
        Files.readAllLines(dir.resolve("sstables-out/writer.log")).stream()
            .filter(line -> line.endsWith("An SSTable writer process starts."))
            .count();
    assertThat(writers).as("writer processes for %s", out).isBetween(1L, 4L);
    assertThat(out.toString()).containsPattern("\\(([5-9]|[1-9][0-9]+) to run as Spark tasks\\)");
    try (var files = Files.walk(dir.resolve("sstables-out"))) {
      assertThat(files.map(Path::toString).filter(name -> name.endsWith("-Data.db")))
          .as("every segment is loaded and removed")
          .isEmpty();
    }
  }

  /**
   * With {@code spark.state: keyspace} the splits keep their state in a keyspace of the target
   * cluster, for a Spark cluster without a shared filesystem: the same rows and rejects, nothing in
   * a {@code splits} folder, and a second submission finds nothing left.
   */
  @Test
  void should_keep_the_splits_state_in_a_keyspace_when_the_job_says_so(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE people_keyspace (id int PRIMARY KEY, name text, n bigint)");
    Path job =
        Files.writeString(
            dir.resolve("keyspace.yaml"),
            Files.readString(writeJob(keyspace, "keyspace", "people_keyspace"))
                + "spark: {state: keyspace, state-keyspace: spark_state_it}\n");
    try {
      StringWriter out = new StringWriter();
      int exit =
          SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", job.toString());
      assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
      assertThat(rows(session, "people_keyspace")).isEqualTo(rows(session, "people_cli"));
      assertThat(Files.readAllLines(dir.resolve("state-keyspace/rejects.jsonl")))
          .hasSize((int) cliReport.counts().rejected());
      assertThat(dir.resolve("state-keyspace").resolve(FolderSplits.SPLITS)).doesNotExist();
      long saved =
          session
              .execute(
                  "SELECT count(*) FROM spark_state_it.split_checkpoints WHERE job = 'keyspace'")
              .one()
              .getLong(0);
      assertThat(saved).isGreaterThan(10);

      StringWriter again = new StringWriter();
      SluiceSpark.run(sparkConf(), new PrintWriter(again, true), "migrate", job.toString());
      assertThat(again.toString()).contains("(0 to run as Spark tasks)", "keyspace spark_state_it");
      assertThat(counts("keyspace").get("rows-written").asLong())
          .isEqualTo(cliReport.counts().rowsWritten());
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS spark_state_it");
    }
  }

  /**
   * {@code validate} on Spark: a table loaded by the CLI's path, then damaged with CQL at the
   * source's own write time (a row deleted, a cell changed), is checked split by split; exactly
   * those rows are found, a repair at the current time fixes them, and a second check finds none.
   */
  @Test
  void should_find_and_repair_what_differs(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute("CREATE TABLE people_checked (id int PRIMARY KEY, name text, n bigint)");
    Path job = writeJob(keyspace, "checked", "people_checked");
    JobSpec loaded = JobFiles.load(job);
    try (Target target = Targets.connect(loaded.target(), loaded.baseDir())) {
      Migration.prepare(loaded, target, Clock.systemUTC(), true).run();
    }
    // The dump's rows carry write time 1 (its source comes first and names none).
    session.execute("DELETE FROM people_checked USING TIMESTAMP 1 WHERE id = 5");
    session.execute("UPDATE people_checked USING TIMESTAMP 1 SET name = 'zzzz' WHERE id = 6");

    StringWriter out = new StringWriter();
    int exit =
        SluiceSpark.run(
            sparkConf(),
            new PrintWriter(out, true),
            "validate",
            job.toString(),
            "--repair",
            "--repair-timestamp",
            "now");

    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    // The console's summary is the validation's, as the CLI prints it, not a migration's.
    assertThat(out.toString())
        .contains("Validation of job checked")
        .containsPattern("Missing +1\n")
        .containsPattern("Mismatched +1\n")
        .contains("Changed since")
        .doesNotContain("Rows written");
    JsonNode counts =
        new ObjectMapper()
            .readTree(dir.resolve("state-checked/validate/report.json").toFile())
            .get("counts");
    assertThat(counts.get("rows-missing").asLong()).isEqualTo(1);
    assertThat(counts.get("rows-mismatched").asLong()).isEqualTo(1);
    assertThat(counts.get("rows-repaired").asLong()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("state-checked/validate/differences.jsonl")))
        .contains("\"key\":\"id=5\"", "\"key\":\"id=6\"");
    assertThat(dir.resolve("state-checked/validate/validation.json")).exists();
    assertThat(session.execute("SELECT name FROM people_checked WHERE id = 6").one().getString(0))
        .isEqualTo("bson 6");

    StringWriter again = new StringWriter();
    SluiceSpark.run(
        sparkConf(), new PrintWriter(again, true), "validate", job.toString(), "--fresh");
    JsonNode after =
        new ObjectMapper()
            .readTree(dir.resolve("state-checked/validate/report.json").toFile())
            .get("counts");
    assertThat(after.get("rows-missing").asLong() + after.get("rows-mismatched").asLong())
        .as(again.toString())
        .isZero();
  }

  /**
   * {@code --max-errors} is the whole job's: the driver sums every task's rejects and stops them
   * all once the job's exceed it, as a local run stops; the report says why, and what was committed
   * is kept for a resume.
   */
  @Test
  void should_stop_every_task_once_the_job_rejects_exceed_max_errors(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE people_strict (id int PRIMARY KEY, name text, n bigint)");
    Path job = writeJob(keyspace, "strict", "people_strict");
    StringWriter out = new StringWriter();
    int exit =
        SluiceSpark.run(
            sparkConf(),
            new PrintWriter(out, true),
            "migrate",
            job.toString(),
            "--max-errors",
            "5");

    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(out.toString()).contains("more than max-errors 5 allows");
    JsonNode counts = counts("strict");
    assertThat(counts.get("rejected-mapping").asLong()).isGreaterThan(5);
    assertThat(counts.get("records-mapped").asLong() + counts.get("rejected-mapping").asLong())
        .isEqualTo(counts.get("records-read").asLong());
  }

  @Test
  void should_find_nothing_left_when_submitted_again(CqlSession session) throws Exception {
    StringWriter out = new StringWriter();
    int exit =
        SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", sparkJob.toString());
    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(out.toString()).contains("(0 to run as Spark tasks)");
    assertThat(counts("spark").get("rows-written").asLong())
        .isEqualTo(cliReport.counts().rowsWritten());
    assertThat(rows(session, "people_spark")).hasSize((int) cliReport.counts().rowsWritten());
  }
}
