package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kill the migration anywhere, resume it, lose nothing: a load killed with SIGKILL at random
 * moments, resumed each time, ends with every source row in the table with its values, and counts
 * that add up over all runs.
 */
@RealCassandra
class KillAndResumeIT {

  private static final int DOCUMENTS = 60_000;
  private static final String MAPPING =
      "mapping:\n  columns:\n    id: _id\n    n: n\n    name: name\n"
          + "flow: { workers: 2, rows-per-second: 1200 }\nmax-errors: 0\n";

  @TempDir static Path dir;

  @BeforeAll
  static void writeDump(CqlSession session) throws Exception {
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        writer.write(
            new Document("_id", String.format("p%06d", i))
                .append("n", i)
                .append("name", "person number " + i));
      }
    }
    session.execute("CREATE TABLE people (id text PRIMARY KEY, n int, name text)");
    session.execute("CREATE TABLE people_term (id text PRIMARY KEY, n int, name text)");
  }

  private static Path job(TestKeyspace keyspace, String name, String table, String mapping)
      throws Exception {
    return JobFile.write(
        dir,
        name,
        keyspace,
        table,
        "  - type: bson\n    path: people.bson\n    options: {split-size: 256KiB}\n",
        mapping);
  }

  @Test
  void should_lose_nothing_when_killed_at_random_moments(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    Path job = job(keyspace, "killed", "people", MAPPING);
    Random random = new Random(7);
    int killedMidway = 0;
    Path checkpoint = dir.resolve("state-killed/checkpoint.json");
    for (int kill = 0; kill < 10; kill++) {
      SluiceProcess sluice = SluiceProcess.start(dir, "migrate", job.toString());
      // Kill right after the first or the second save of this run: at a state, not a time, so a
      // busy machine that starts slowly kills at the same point of the load as an idle one.
      int saves = 1 + random.nextInt(2);
      if (sluice.awaitSaves(checkpoint, saves) && sluice.isAlive()) {
        sluice.kill();
        killedMidway++;
      }
    }
    // The rest at full speed: the limit only kept the killed runs loading long enough.
    SluiceProcess last =
        SluiceProcess.start(dir, "migrate", job.toString(), "--rows-per-second", "1000000");
    int exit = last.waitFor(600);

    assertThat(exit).as(last.output()).isEqualTo(ExitCodes.OK);
    assertThat(killedMidway).isGreaterThanOrEqualTo(5);
    assertThat(last.output()).contains("Resuming job killed");
    JsonNode counts = CliRun.report(dir.resolve("state-killed"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-failed").asLong()).isZero();
    assertEveryRowPresent(session, "people");
  }

  @Test
  void should_stop_cleanly_on_sigterm_and_resume(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    Path job = job(keyspace, "terminated", "people_term", MAPPING);
    SluiceProcess sluice = SluiceProcess.start(dir, "migrate", job.toString());
    assertThat(sluice.awaitSaves(dir.resolve("state-terminated/checkpoint.json"), 1))
        .as(sluice.output())
        .isTrue();
    sluice.terminate();
    int exit = sluice.waitFor(300);

    assertThat(exit).as(sluice.output()).isEqualTo(ExitCodes.INTERRUPTED);
    assertThat(sluice.output()).contains("interrupted").contains("run the same command again");
    String checkpoint = Files.readString(dir.resolve("state-terminated/checkpoint.json"));
    assertThat(checkpoint).contains("\"version\" : 1").contains("\"position\"");

    CliRun resumed = CliRun.of("migrate", job.toString(), "--rows-per-second", "1000000");

    assertThat(resumed.exitCode()).as(resumed.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-terminated"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertEveryRowPresent(session, "people_term");

    Path changed =
        job(keyspace, "terminated", "people_term", MAPPING.replace("name: name", "name: _id"));
    CliRun refused = CliRun.of("migrate", changed.toString());
    assertThat(refused.exitCode()).isEqualTo(ExitCodes.ABORTED);
    assertThat(refused.err()).contains("its mapping has changed since").contains("--fresh");
  }

  private static void assertEveryRowPresent(CqlSession session, String table) {
    Map<Integer, String> rows = new HashMap<>();
    for (Row row :
        session.execute(
            SimpleStatement.newInstance("SELECT id, n, name FROM " + table).setPageSize(5_000))) {
      int n = row.getInt("n");
      assertThat(row.getString("id")).isEqualTo(String.format("p%06d", n));
      rows.put(n, row.getString("name"));
    }
    assertThat(rows).hasSize(DOCUMENTS);
    assertThat(rows.get(DOCUMENTS - 1)).isEqualTo("person number " + (DOCUMENTS - 1));
  }
}
