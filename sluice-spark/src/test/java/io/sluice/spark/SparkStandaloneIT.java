package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.StandaloneSpark;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job submitted with Spark's own submit to a real standalone cluster on loopback (a master and
 * two workers, each executor a JVM of its own): one executor killed with SIGKILL mid-run, and in a
 * second job the driver itself, then submitted again. Every row arrives, and the report counts it
 * once.
 */
@RealCassandra
class SparkStandaloneIT {

  private static final int FILES = 12;
  private static final int LINES = 4_000;
  private static final int ROWS = FILES * LINES;
  private static final Duration RUN = Duration.ofMinutes(5);

  @TempDir static Path dir;
  static StandaloneSpark spark;

  @BeforeAll
  static void startSpark(CqlSession session) throws Exception {
    for (String table : List.of("executor_killed", "driver_killed")) {
      session.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, name text)");
    }
    Path csv = dir.resolve("csv");
    Files.createDirectories(csv);
    for (int f = 0; f < FILES; f++) {
      StringBuilder text = new StringBuilder("id,name\n");
      for (int i = 0; i < LINES; i++) {
        int id = f * LINES + i;
        text.append(id).append(",row ").append(id).append('\n');
      }
      Files.writeString(csv.resolve("part-" + f + ".csv"), text);
    }
    spark = StandaloneSpark.start(dir.resolve("spark"), 2, StandaloneSpark.jarsOfClassPath());
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.close();
    }
  }

  /** A job over the CSV folder, held to 4,000 rows/s in all so that it runs for a while. */
  private static Path job(TestKeyspace keyspace, String table) throws Exception {
    return JobFile.write(
        dir,
        table,
        keyspace,
        table,
        "  - type: csv\n    path: csv\n    options: {multiline: false, split-size: 32KiB}\n",
        "flow: {rows-per-second: 4000}\nmapping:\n  columns:\n    id: id\n    name: name\n");
  }

  private static Process submit(String name, Path job, String... options) throws Exception {
    String[] args = new String[2 + options.length];
    args[0] = "migrate";
    args[1] = job.toString();
    System.arraycopy(options, 0, args, 2, options.length);
    return spark.submit(
        name,
        Path.of("target/sluice-spark.jar").toAbsolutePath(),
        SluiceSpark.class.getName(),
        args);
  }

  /** How many splits of the job have saved a checkpoint that says done. */
  private static long splitsDone(String table) {
    return new FolderSplits(dir.resolve("state-" + table))
        .splitCheckpoints().values().stream().filter(checkpoint -> checkpoint.complete()).count();
  }

  private static long splitsSaved(String table) {
    return new FolderSplits(dir.resolve("state-" + table)).splitCheckpoints().size();
  }

  /** Whether a submitted job still runs; one that ended early fails the test with its output. */
  private static boolean running(String name, Process driver) {
    if (!driver.isAlive()) {
      throw new AssertionError(
          "The job ended early, with exit code " + driver.exitValue() + ":\n" + spark.log(name));
    }
    return true;
  }

  private static int awaitExit(String name, Process process) throws Exception {
    assertThat(process.waitFor(RUN.toSeconds(), TimeUnit.SECONDS))
        .as("%s ended within %s:%n%s", name, RUN, spark.log(name))
        .isTrue();
    return process.exitValue();
  }

  private static JsonNode counts(String table) throws Exception {
    return new ObjectMapper()
        .readTree(dir.resolve("state-" + table).resolve("report.json").toFile())
        .get("counts");
  }

  private static long rowsIn(CqlSession session, String table) {
    return session.execute("SELECT count(*) FROM " + table).one().getLong(0);
  }

  @Test
  void should_finish_with_every_row_once_when_an_executor_is_killed(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    Process driver = submit("executor-killed", job(keyspace, "executor_killed"));
    Await.until(
        "two splits done and both executors running",
        RUN,
        () ->
            running("executor-killed", driver)
                && splitsDone("executor_killed") >= 2
                && spark.executors().size() == 2,
        () -> spark.log("executor-killed"));
    long doneAtKill = splitsDone("executor_killed");
    long planned = splitsSaved("executor_killed");
    ProcessHandle victim = spark.executors().get(0);
    victim.destroyForcibly();
    victim.onExit().get(30, TimeUnit.SECONDS);

    int exit = awaitExit("executor-killed", driver);

    String log = spark.log("executor-killed");
    assertThat(exit).as(log).isEqualTo(ExitCodes.OK);
    assertThat(doneAtKill).as("splits done when the executor was killed").isLessThan(planned);
    assertThat(log).contains("Lost executor");
    JsonNode counts = counts("executor_killed");
    assertThat(counts.get("records-read").asLong()).isEqualTo(ROWS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(ROWS);
    assertThat(rowsIn(session, "executor_killed")).isEqualTo(ROWS);
  }

  @Test
  void should_resume_from_the_shared_checkpoints_when_the_driver_is_killed(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    Path job = job(keyspace, "driver_killed");
    Process first = submit("driver-killed-1", job);
    Await.until(
        "two splits done",
        RUN,
        () -> running("driver-killed-1", first) && splitsDone("driver_killed") >= 2,
        () -> spark.log("driver-killed-1"));
    first.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
    first.destroyForcibly();
    first.waitFor(30, TimeUnit.SECONDS);
    long doneAtKill = splitsDone("driver_killed");
    long savedAtKill = splitsSaved("driver_killed");

    // The rest at full speed: the limit only kept the first run going until the kill.
    Process second = submit("driver-killed-2", job, "--rows-per-second", "1000000");
    int exit = awaitExit("driver-killed-2", second);

    String log = spark.log("driver-killed-2");
    assertThat(exit).as(log).isEqualTo(ExitCodes.OK);
    assertThat(log).contains("Resuming job driver_killed");
    assertThat(doneAtKill).as("splits done when the driver was killed").isLessThan(savedAtKill);
    JsonNode counts = counts("driver_killed");
    assertThat(counts.get("records-read").asLong()).isEqualTo(ROWS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(ROWS);
    assertThat(counts.get("runs") == null ? 2 : counts.get("runs").asInt()).isGreaterThan(1);
    assertThat(rowsIn(session, "driver_killed")).isEqualTo(ROWS);
  }
}
