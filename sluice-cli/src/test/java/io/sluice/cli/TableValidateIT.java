package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice validate} between two clusters, with a table source: each cell is judged against
 * its own source write time, so a live write after the copy is "changed since" and a stale target
 * cell is a mismatch; repairs fix what they can.
 */
@RealCassandra
class TableValidateIT {

  private static final long BASE_MICROS = 1_700_000_000_000_000L;

  @TempDir Path dir;

  private static List<String> keys(JsonNode summary, String kind) {
    List<String> keys = new ArrayList<>();
    for (JsonNode finding : summary.get("findings")) {
      if (finding.get("kind").asText().equals(kind)) {
        keys.add(finding.get("key").asText());
      }
    }
    return keys;
  }

  private JsonNode summary() throws IOException {
    return new ObjectMapper()
        .readTree(dir.resolve("state-checked/validate/validation.json").toFile());
  }

  @Test
  void should_find_what_changed_on_the_target_and_repair_it(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    String table = "CREATE TABLE events (id int, n int, v text, PRIMARY KEY (id, n))";
    source.session().execute(table);
    session.execute(table);
    PreparedStatement insert =
        source
            .session()
            .prepare("INSERT INTO events (id, n, v) VALUES (?, ?, ?) USING TIMESTAMP ?");
    for (int id = 0; id < 10; id++) {
      for (int n = 0; n < 10; n++) {
        source.session().execute(insert.bind(id, n, "v" + id + "-" + n, BASE_MICROS + n));
      }
    }
    String sources = TableSourceYaml.of("old", source.keyspace(), "events");
    Path job =
        JobFile.write(
            dir,
            "checked",
            keyspace,
            "events",
            sources,
            "mapping:\n  columns: { id: id, n: n, v: v }\nmax-errors: 0\n");
    CliRun copy = CliRun.of("migrate", job.toString());
    assertThat(copy.exitCode()).as(copy.toString()).isEqualTo(ExitCodes.OK);

    session.execute("DELETE FROM events WHERE id = 1 AND n = 1");
    // At the source cell's own time, the larger value wins the tie: the target holds a stale one.
    session.execute(
        "UPDATE events USING TIMESTAMP "
            + (BASE_MICROS + 2)
            + " SET v = 'zzz' WHERE id = 2 AND n = 2");
    session.execute("UPDATE events SET v = 'live' WHERE id = 3 AND n = 3");
    session.execute("INSERT INTO events (id, n, v) VALUES (99, 0, 'extra')");

    CliRun check = CliRun.of("validate", job.toString(), "--extra");

    assertThat(check.exitCode()).as(check.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode summary = summary();
    assertThat(summary.at("/totals/rows-checked").asLong()).isEqualTo(100);
    // The rows are compared with a scan of the target beside the source's; only the row the scan
    // did not hold was looked up by its key, to confirm it missing.
    assertThat(summary.at("/totals/rows-looked-up").asLong()).isEqualTo(1);
    assertThat(keys(summary, "missing")).singleElement().asString().contains("id=1", "n=1");
    assertThat(keys(summary, "mismatch")).singleElement().asString().contains("id=2", "n=2");
    assertThat(keys(summary, "changed-since")).singleElement().asString().contains("id=3", "n=3");
    assertThat(keys(summary, "extra")).singleElement().asString().contains("id=99");

    CliRun repair =
        CliRun.of(
            "validate",
            job.toString(),
            "--extra",
            "--repair",
            "--repair-timestamp",
            "now",
            "--delete-extra");
    assertThat(repair.exitCode()).as(repair.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(summary().at("/totals/repaired").asLong()).as(repair.toString()).isEqualTo(3);

    CliRun again = CliRun.of("validate", job.toString(), "--extra");

    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.OK);
    assertThat(summary().at("/totals/differences").asLong()).isZero();
    assertThat(keys(summary(), "changed-since")).singleElement().asString().contains("id=3");
    assertThat(session.execute("SELECT v FROM events WHERE id = 2 AND n = 2").one().getString(0))
        .isEqualTo("v2-2");
  }

  /** The columns of the findings of one kind, as {@code key column: source -> target}. */
  private static List<String> columns(JsonNode summary, String kind) {
    List<String> columns = new ArrayList<>();
    for (JsonNode finding : summary.get("findings")) {
      if (finding.get("kind").asText().equals(kind)) {
        for (JsonNode column : finding.get("columns")) {
          columns.add(
              finding.get("key").asText()
                  + " "
                  + column.get("column").asText()
                  + ": "
                  + column.get("source").asText()
                  + " -> "
                  + column.get("target").asText());
        }
      }
    }
    return columns;
  }

  /**
   * Durations and vectors are compared cell by cell like every other type: a changed duration, a
   * changed vector and a vector whose TTL was changed are found, named with their values, and
   * repaired.
   */
  @Test
  void should_find_a_changed_duration_and_vector_and_repair_them(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    String table =
        "CREATE TABLE spans (id int PRIMARY KEY, du duration, ve vector<float, 3>,"
            + " vt vector<text, 2>)";
    source.session().execute(table);
    session.execute(table);
    for (int id = 0; id < 6; id++) {
      source
          .session()
          .execute(
              "UPDATE spans USING TIMESTAMP "
                  + (BASE_MICROS + id)
                  + " SET du = "
                  + (id + 1)
                  + "h30m, vt = ['a"
                  + id
                  + "', 'b'] WHERE id = "
                  + id);
      source
          .session()
          .execute(
              "UPDATE spans USING TIMESTAMP "
                  + (BASE_MICROS + 100 + id)
                  + " AND TTL 86400 SET ve = ["
                  + id
                  + ", 0.5, -2.25] WHERE id = "
                  + id);
    }
    Path job =
        JobFile.write(
            dir,
            "checked",
            keyspace,
            "spans",
            TableSourceYaml.of("old", source.keyspace(), "spans"),
            "mapping:\n  columns: { id: id, du: du, ve: ve, vt: vt }\nmax-errors: 0\n");
    CliRun copy = CliRun.of("migrate", job.toString());
    assertThat(copy.exitCode()).as(copy.toString()).isEqualTo(ExitCodes.OK);
    CliRun clean = CliRun.of("validate", job.toString());
    assertThat(clean.exitCode()).as(clean.toString()).isEqualTo(ExitCodes.OK);

    // At the source cells' own times, the larger value wins the tie, and of two expiring cells the
    // one that expires later: the target holds stale ones.
    session.execute(
        "UPDATE spans USING TIMESTAMP " + (BASE_MICROS + 1) + " SET du = 2mo WHERE id = 1");
    session.execute(
        "UPDATE spans USING TIMESTAMP "
            + (BASE_MICROS + 102)
            + " AND TTL 172800 SET ve = [99, 0.5, -2.25] WHERE id = 2");
    // The same vector at its own time with a TTL of two days: it would outlive the source's.
    session.execute(
        "UPDATE spans USING TIMESTAMP "
            + (BASE_MICROS + 103)
            + " AND TTL 172800 SET ve = [3, 0.5, -2.25] WHERE id = 3");

    CliRun check = CliRun.of("validate", job.toString());

    assertThat(check.exitCode()).as(check.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode summary = summary();
    assertThat(summary.at("/totals/rows-checked").asLong()).isEqualTo(6);
    assertThat(columns(summary, "mismatch"))
        .hasSize(3)
        .anySatisfy(c -> assertThat(c).startsWith("id=1 du: 2h30m -> 2mo"))
        .anySatisfy(
            c -> assertThat(c).startsWith("id=2 ve: [2.0, 0.5, -2.25] -> [99.0, 0.5, -2.25]"))
        .anySatisfy(c -> assertThat(c).startsWith("id=3 ve: [3.0, 0.5, -2.25]").contains("TTL"));

    CliRun repair = CliRun.of("validate", job.toString(), "--repair", "--repair-timestamp", "now");
    assertThat(repair.exitCode()).as(repair.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(summary().at("/totals/repaired").asLong()).as(repair.toString()).isEqualTo(3);

    CliRun again = CliRun.of("validate", job.toString());

    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.OK);
    assertThat(summary().at("/totals/differences").asLong()).isZero();
    for (int id = 0; id < 6; id++) {
      String cells = "SELECT du, ve, vt FROM spans WHERE id = " + id;
      assertThat(session.execute(cells).one().getFormattedContents())
          .isEqualTo(source.session().execute(cells).one().getFormattedContents());
    }
  }

  /**
   * Rows the target lost (a {@code TRUNCATE}) are rewritten by {@code --repair} at the source's own
   * times, each cell at its own (durations and vectors too, with their TTLs): the repair prepares a
   * statement for each shape of row it meets, which it must not do on a thread of the driver's.
   */
  @Test
  void should_rewrite_rows_missing_from_the_target_at_the_source_times(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    String table =
        "CREATE TABLE kept (id int PRIMARY KEY, a text, b text, du duration, ve vector<float, 2>)";
    source.session().execute(table);
    session.execute(table);
    for (int id = 0; id < 10; id++) {
      source
          .session()
          .execute(
              "UPDATE kept USING TIMESTAMP "
                  + (BASE_MICROS + id)
                  + " SET a = 'a"
                  + id
                  + "' WHERE id = "
                  + id);
      source
          .session()
          .execute(
              "UPDATE kept USING TIMESTAMP "
                  + (BASE_MICROS + 100 + id)
                  + " SET b = 'b"
                  + id
                  + "' WHERE id = "
                  + id);
      source
          .session()
          .execute(
              "UPDATE kept USING TIMESTAMP "
                  + (BASE_MICROS + 200 + id)
                  + " AND TTL 86400 SET du = "
                  + id
                  + "d, ve = ["
                  + id
                  + ", 1] WHERE id = "
                  + id);
    }
    Path job =
        JobFile.write(
            dir,
            "checked",
            keyspace,
            "kept",
            TableSourceYaml.of("old", source.keyspace(), "kept"),
            "mapping:\n  columns: { id: id, a: a, b: b, du: du, ve: ve }\nmax-errors: 0\n");
    CliRun copy = CliRun.of("migrate", job.toString());
    assertThat(copy.exitCode()).as(copy.toString()).isEqualTo(ExitCodes.OK);
    session.execute("TRUNCATE kept");

    CliRun repair = CliRun.of("validate", job.toString(), "--repair");

    assertThat(repair.exitCode()).as(repair.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(keys(summary(), "missing")).hasSize(10);
    assertThat(summary().at("/totals/repaired").asLong()).as(repair.toString()).isEqualTo(10);
    CliRun again = CliRun.of("validate", job.toString());
    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.OK);
    for (int id = 0; id < 10; id++) {
      com.datastax.oss.driver.api.core.cql.Row row =
          session
              .execute(
                  "SELECT a, b, WRITETIME(a), WRITETIME(b), du, ve, WRITETIME(du), WRITETIME(ve),"
                      + " TTL(du), TTL(ve) FROM kept WHERE id = "
                      + id)
              .one();
      assertThat(row.getString(0)).isEqualTo("a" + id);
      assertThat(row.getString(1)).isEqualTo("b" + id);
      assertThat(row.getLong(2)).isEqualTo(BASE_MICROS + id);
      assertThat(row.getLong(3)).isEqualTo(BASE_MICROS + 100 + id);
      assertThat(row.getObject(4)).isEqualTo(CqlDuration.newInstance(0, id, 0));
      assertThat(row.getObject(5)).isEqualTo(CqlVector.newInstance((float) id, 1f));
      assertThat(row.getLong(6)).isEqualTo(BASE_MICROS + 200 + id);
      assertThat(row.getLong(7)).isEqualTo(BASE_MICROS + 200 + id);
      assertThat(row.getInt(8)).as("the TTL the source cell had left").isBetween(86_000, 86_400);
      assertThat(row.getInt(9)).isBetween(86_000, 86_400);
    }
  }

  /**
   * A validation killed at random moments and resumed reports every row the target lacks and every
   * row only the target holds exactly once: each resumed split's scan of the target starts right
   * after the row its earlier run committed last.
   */
  @Test
  void should_find_each_difference_once_when_killed_and_resumed(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    String table = "CREATE TABLE wide (id int, n int, v text, PRIMARY KEY (id, n))";
    source.session().execute(table);
    session.execute(table);
    int partitions = 12;
    int rows = 2_500;
    for (CqlSession cluster : List.of(source.session(), session)) {
      PreparedStatement insert =
          cluster.prepare("INSERT INTO wide (id, n, v) VALUES (?, ?, ?) USING TIMESTAMP ?");
      for (int id = 0; id < partitions; id++) {
        for (int from = 0; from < rows; from += 100) {
          BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
          for (int n = from; n < from + 100; n++) {
            batch = batch.add(insert.bind(id, n, "v" + id + "/" + n, BASE_MICROS + n));
          }
          cluster.execute(batch);
        }
      }
    }
    Set<String> extra = new TreeSet<>();
    Set<String> missing = new TreeSet<>();
    Random random = new Random(5);
    for (int i = 0; i < 40; i++) {
      // Extra rows inside partitions, between and after the source's rows, and a whole partition.
      int id = i < 30 ? random.nextInt(partitions) : 100 + i;
      int n = i < 30 ? rows + random.nextInt(1_000) : i;
      session.execute("INSERT INTO wide (id, n, v) VALUES (?, ?, 'only here')", id, n);
      extra.add("id=" + id + ", n=" + n);
      int gone = random.nextInt(rows);
      int of = random.nextInt(partitions);
      session.execute("DELETE FROM wide WHERE id = ? AND n = ?", of, gone);
      missing.add("id=" + of + ", n=" + gone);
    }
    String sources =
        TableSourceYaml.of(
            "old", source.keyspace(), "wide", "fetch-size: 200", "rows-per-second: 4000");
    Path job =
        JobFile.write(
            dir,
            "resumed",
            keyspace,
            "wide",
            sources,
            "mapping:\n  columns: { id: id, n: n, v: v }\nflow: { workers: 2 }\n");
    Path checkpoint = dir.resolve("state-resumed/validate/checkpoint.json");
    int killed = 0;
    for (int kill = 0; kill < 3; kill++) {
      SluiceProcess sluice = SluiceProcess.start(dir, "validate", job.toString(), "--extra");
      // Kill after the first or second save of this run: at a state, not a time.
      if (sluice.awaitSaves(checkpoint, 1 + random.nextInt(2)) && sluice.isAlive()) {
        sluice.kill();
        killed++;
      }
    }
    SluiceProcess last = SluiceProcess.start(dir, "validate", job.toString(), "--extra");
    int exit = last.waitFor(600);

    assertThat(exit).as(last.output()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(killed).isGreaterThanOrEqualTo(1);
    JsonNode summary =
        new ObjectMapper().readTree(dir.resolve("state-resumed/validate/validation.json").toFile());
    assertThat(summary.at("/totals/rows-checked").asLong()).isEqualTo((long) partitions * rows);
    assertThat(summary.at("/totals/extra").asLong()).isEqualTo(extra.size());
    assertThat(summary.at("/totals/missing").asLong()).isEqualTo(missing.size());
    List<String> listed = new ArrayList<>();
    for (String line :
        Files.readAllLines(dir.resolve("state-resumed/validate/differences.jsonl"))) {
      JsonNode finding = new ObjectMapper().readTree(line);
      listed.add(finding.get("kind").asText() + " " + finding.get("key").asText());
    }
    List<String> expected = new ArrayList<>();
    extra.forEach(key -> expected.add("extra " + key));
    missing.forEach(key -> expected.add("missing " + key));
    assertThat(listed).containsExactlyInAnyOrderElementsOf(expected);
  }
}
