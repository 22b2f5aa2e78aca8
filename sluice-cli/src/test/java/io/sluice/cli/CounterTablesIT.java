package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counter tables in a keyspace job: left out by default, named as not copied; with {@code
 * counter-tables: copy}, copied into the target's counter tables (several counters, clustering, a
 * static counter), and copied again after the source moved on, which brings the target to the
 * source's values exactly rather than adding twice. {@code validate} compares them by value and
 * {@code --repair} sets a counter someone changed back to the source's. A job of one counter table
 * copies it too.
 */
@RealCassandra
class CounterTablesIT {

  private static final long SEED = 4006;
  private static final List<String> COUNTER_TABLES = List.of("page_hits", "plays", "tallies");

  @TempDir Path dir;

  @Test
  void should_copy_counter_tables_only_when_asked_and_never_add_twice(
      CqlSession target, TestKeyspace keyspace, SecondCluster sourceCluster) throws Exception {
    CqlSession source = sourceCluster.session();
    createAndFill(source, new Random(SEED));

    // By default: named as not copied, with the setting that copies them (KeyspaceCopyIT checks
    // the same in a run's report).
    CliRun skipped = CliRun.of("plan", job("skip", sourceCluster.keyspace(), keyspace).toString());
    assertThat(skipped.exitCode()).as(skipped.toString()).isEqualTo(ExitCodes.OK);
    String notCopied = skipped.out().substring(skipped.out().indexOf("Not copied:"));
    for (String table : COUNTER_TABLES) {
      assertThat(notCopied).contains(table + ": not copied").contains("counter-tables: copy");
    }
    assertThat(skipped.out())
        .doesNotContain("CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".plays");

    Path job = job("copy", sourceCluster.keyspace(), keyspace);
    CliRun plan = CliRun.of("plan", job.toString());
    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".tallies")
        .contains("total counter STATIC")
        .contains("table plays: skips: a counter, brought to the source's value by adding")
        .doesNotContain("Not copied");
    SluiceProcess.Ended copied = SluiceProcess.run(dir, 180, "migrate", job.toString());
    assertThat(copied.exitCode()).as(copied.toString()).isEqualTo(ExitCodes.OK);
    assertThat(copied.stdout())
        .as("the risk, stated before the run and in its summary")
        .contains(
            "Warning: "
                + String.join(
                    ", ", COUNTER_TABLES.stream().map(t -> keyspace.name() + "." + t).toList())
                + ": Counter table: each counter is copied by adding the difference")
        .contains("  Warning           " + keyspace.name() + ".page_hits, ")
        .contains("applied after that read counts twice");
    assertSameRows(source, sourceCluster.keyspace(), target, keyspace);
    JsonNode report = report("copy");
    assertThat(report.path("not-copied").isMissingNode()).as(report.toString()).isTrue();
    assertThat(report.get("warnings")).hasSize(1);
    for (JsonNode table : report.get("tables")) {
      String name = table.get("table").asText();
      long rows = rows(source, sourceCluster.keyspace().name() + "." + name).size();
      assertThat(table.get("counts").get("rows-written").asLong()).as(name).isEqualTo(rows);
      assertThat(table.get("counts").get("records-read").asLong()).as(name).isEqualTo(rows);
    }

    // The source moves on; the job runs again over every row, as a resumed or retried one would.
    moveOn(source, new Random(SEED + 1));
    CliRun again = CliRun.of("migrate", "--fresh", job.toString());
    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.OK);
    assertSameRows(source, sourceCluster.keyspace(), target, keyspace);

    CliRun clean = CliRun.of("validate", job.toString());
    assertThat(clean.exitCode()).as(clean.toString()).isEqualTo(ExitCodes.OK);
    assertThat(clean.out()).contains("Job validation: all 4 tables match their sources.");

    target.execute(
        "UPDATE "
            + keyspace.name()
            + ".plays SET listens = listens + 7 WHERE song = 1 AND day = 0");
    CliRun repair = CliRun.of("validate", "--fresh", "--repair", job.toString());
    assertThat(repair.exitCode()).as(repair.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(repair.out()).contains("1 of 4 tables differ").contains("plays");
    JsonNode plays =
        new ObjectMapper()
            .readTree(dir.resolve("state-copy/tables/plays/validate/validation.json").toFile())
            .get("totals");
    assertThat(plays.get("differences").asInt()).as(plays.toString()).isEqualTo(1);
    assertThat(plays.get("repaired").asInt()).as(plays.toString()).isEqualTo(1);
    assertSameRows(source, sourceCluster.keyspace(), target, keyspace);

    // A job of one counter table, into a table of another name.
    Path one =
        JobFile.write(
            dir,
            "one",
            keyspace,
            "plays_again",
            "  schema: create\n",
            JobFile.tableSource(sourceCluster.keyspace(), "plays", 5)
                + "      counter-tables: copy\n",
            "");
    CliRun single = CliRun.of("migrate", one.toString());
    assertThat(single.exitCode()).as(single.toString()).isEqualTo(ExitCodes.OK);
    assertThat(single.out()).contains("Warning: Counter table:");
    assertThat(rows(target, keyspace.name() + ".plays_again"))
        .containsExactlyInAnyOrderElementsOf(
            rows(source, sourceCluster.keyspace().name() + ".plays"));
  }

  /**
   * Three counter tables (several counters, some never set; clustering; a static counter, and a
   * partition of static counters alone) and one table of plain columns, their counters reached by
   * several additions each, some negative.
   */
  private static void createAndFill(CqlSession source, Random random) {
    source.execute(
        schema(
            "CREATE TABLE page_hits (page text PRIMARY KEY, views counter, clicks counter,"
                + " shares counter)"));
    source.execute(
        schema(
            "CREATE TABLE plays (song int, day int, listens counter, skips counter,"
                + " PRIMARY KEY (song, day)) WITH CLUSTERING ORDER BY (day DESC)"));
    source.execute(
        schema(
            "CREATE TABLE tallies (shop int, item int, total counter static, n counter,"
                + " PRIMARY KEY (shop, item))"));
    source.execute(schema("CREATE TABLE notes (id int PRIMARY KEY, v text)"));
    List<BoundStatement> adds = new ArrayList<>();
    PreparedStatement hits =
        source.prepare(
            "UPDATE page_hits SET views = views + ?, clicks = clicks + ? WHERE page = ?");
    PreparedStatement shares =
        source.prepare("UPDATE page_hits SET shares = shares + ? WHERE page = ?");
    for (int page = 0; page < 30; page++) {
      for (int add = random.nextInt(1, 4); add > 0; add--) {
        adds.add(hits.bind(random.nextLong(-20, 500), random.nextLong(0, 50), "/p" + page));
      }
      if (random.nextInt(3) == 0) {
        adds.add(shares.bind(random.nextLong(1, 9), "/p" + page));
      }
    }
    PreparedStatement listens =
        source.prepare("UPDATE plays SET listens = listens + ? WHERE song = ? AND day = ?");
    PreparedStatement skips =
        source.prepare("UPDATE plays SET skips = skips + ? WHERE song = ? AND day = ?");
    for (int song = 0; song < 12; song++) {
      int days = random.nextInt(1, 9);
      for (int day = 0; day < days; day++) {
        for (int add = random.nextInt(1, 4); add > 0; add--) {
          adds.add(listens.bind(random.nextLong(1, 1_000), song, day));
        }
        if (random.nextBoolean()) {
          adds.add(skips.bind(random.nextLong(-5, 40), song, day));
        }
      }
    }
    PreparedStatement items =
        source.prepare(
            "UPDATE tallies SET total = total + ?, n = n + ? WHERE shop = ? AND item = ?");
    for (int shop = 0; shop < 8; shop++) {
      int itemsSold = random.nextInt(1, 12);
      for (int item = 0; item < itemsSold; item++) {
        adds.add(items.bind(random.nextLong(1, 100), random.nextLong(1, 10), shop, item));
      }
    }
    // Sent at once: additions to a counter give the same sum in any order.
    CompletableFuture.allOf(
            adds.stream()
                .map(add -> source.executeAsync(add).toCompletableFuture())
                .toArray(CompletableFuture[]::new))
        .join();
    source.execute("UPDATE tallies SET total = total + 41 WHERE shop = 99");
    // Counters at 0, which exist as such: the target must hold them at 0, not lack them.
    source.execute("UPDATE page_hits SET views = views + 0, clicks = clicks + 2 WHERE page = '/0'");
    source.execute("UPDATE plays SET listens = listens + 0 WHERE song = 40 AND day = 1");
    for (int id = 0; id < 5; id++) {
      source.execute("INSERT INTO notes (id, v) VALUES (?, ?)", id, "note " + id);
    }
  }

  /** Additions to counters already copied, and counters and rows that were not there. */
  private static void moveOn(CqlSession source, Random random) {
    for (int page = 0; page < 30; page += 3) {
      source.execute(
          "UPDATE page_hits SET views = views + ?, shares = shares + ? WHERE page = ?",
          random.nextLong(-100, 100),
          random.nextLong(1, 5),
          "/p" + page);
    }
    source.execute("UPDATE page_hits SET clicks = clicks + 3 WHERE page = '/new'");
    source.execute("UPDATE plays SET listens = listens + 11 WHERE song = 0 AND day = 0");
    source.execute("UPDATE plays SET skips = skips - 2 WHERE song = 3 AND day = 0");
    source.execute("UPDATE tallies SET total = total + 5, n = n - 1 WHERE shop = 2 AND item = 0");
    source.execute("UPDATE tallies SET total = total - 40 WHERE shop = 99");
  }

  /** Every table of the target keyspace holds the source's rows, counter for counter. */
  private static void assertSameRows(
      CqlSession source, TestKeyspace from, CqlSession target, TestKeyspace to) {
    for (String table : List.of("page_hits", "plays", "tallies", "notes")) {
      List<String> expected = rows(source, from.name() + "." + table);
      assertThat(rows(target, to.name() + "." + table))
          .as("%s: the target's rows", table)
          .containsExactlyInAnyOrderElementsOf(expected);
      assertThat(expected).as(table).isNotEmpty();
    }
  }

  private static List<String> rows(CqlSession session, String table) {
    List<String> rows = new ArrayList<>();
    for (Row row : session.execute("SELECT * FROM " + table)) {
      rows.add(row.getFormattedContents());
    }
    return rows;
  }

  private JsonNode report(String name) throws Exception {
    return new ObjectMapper().readTree(dir.resolve("state-" + name + "/report.json").toFile());
  }

  /** The keyspace job, named for what it does with counter tables: {@code skip} or {@code copy}. */
  private Path job(String counters, TestKeyspace from, TestKeyspace to) throws Exception {
    String yaml =
        "name: "
            + counters
            + "\n"
            + "state-dir: state-"
            + counters
            + "\n"
            + "sources:\n"
            + "  - name: shop\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + JobFile.cluster(from, "      ")
            + "      keyspace: "
            + from.name()
            + "\n"
            + "      tables: [\"*\"]\n"
            + "      fetch-size: 7\n"
            + (counters.equals("copy") ? "      counter-tables: copy\n" : "")
            + "target:\n"
            + JobFile.cluster(to, "  ")
            + "  keyspace: "
            + to.name()
            + "\n"
            + "  schema: create\n"
            + "flow: { workers: 2 }\n"
            + "max-errors: 0\n";
    Path file = dir.resolve(counters + ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static SimpleStatement schema(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
  }
}
