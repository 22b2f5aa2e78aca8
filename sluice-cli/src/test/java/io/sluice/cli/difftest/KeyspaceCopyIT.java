package io.sluice.cli.difftest;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.cli.SluiceProcess;
import io.sluice.cli.difftest.CellComparison.Scope;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole keyspace in one job: every table of the source cluster's keyspace that {@code tables:}
 * chooses is copied, its schema created first ({@code schema: create}) in an empty keyspace of the
 * other cluster, all tables in one run that is killed twice with {@code kill -9} and resumed. The
 * tables are drawn from seeds (user types nested, frozen and non-frozen collections, static
 * columns, descending clustering, {@code duration} and {@code vector} columns), beside a table of
 * {@code duration} and {@code vector} columns, a larger table with a secondary index and a
 * materialized view that {@code per-table:} renames, a counter table and the view the job names as
 * not copied, a table the job excludes, and a table of another keyspace.
 */
@RealCassandra
class KeyspaceCopyIT {

  private static final long[] SEEDS = {201, 202, 203, 204, 205, 206, 207, 208, 209};
  private static final int BIG_ROWS = 4_000;
  private static final long BASE_MICROS = 1_700_000_000_000_000L;

  @TempDir Path dir;

  private CqlSession target;
  private String copied;
  private CqlSession source;
  private String other;

  @AfterEach
  void dropKeyspaces() {
    if (target != null) {
      target.execute(schema("DROP KEYSPACE IF EXISTS " + copied));
    }
    if (source != null) {
      source.execute(schema("DROP KEYSPACE IF EXISTS " + other));
    }
  }

  @Test
  void should_copy_every_chosen_table_with_its_schema_through_kills_and_resumes(
      CqlSession session, TestKeyspace keyspace, SecondCluster sourceCluster) throws Exception {
    this.target = session;
    this.source = sourceCluster.session();
    String from = sourceCluster.keyspace().name();
    this.copied = keyspace.name() + "_whole";
    this.other = from + "_other";
    List<GeneratedCase> cases = new ArrayList<>();
    for (long seed : SEEDS) {
      GeneratedCase generated = GeneratedCase.draw(seed);
      cases.add(generated);
      generated
          .table()
          .create(generated.table().name())
          .forEach(cql -> source.execute(schema(cql)));
      generated.writes().forEach(source::execute);
    }
    createBig();
    source.execute(
        schema("CREATE TABLE spans (id int PRIMARY KEY, took duration, seen vector<float, 3>)"));
    for (int i = 0; i < 5; i++) {
      source.execute(
          "INSERT INTO spans (id, took, seen) VALUES (?, "
              + (i + 1)
              + "mo"
              + i
              + "d"
              + (i * 7)
              + "ns, ["
              + i
              + ".5, -1.25, 3e8]) USING TIMESTAMP "
              + (BASE_MICROS + i),
          i);
    }
    source.execute(schema("CREATE TABLE visits (page text PRIMARY KEY, hits counter)"));
    source.execute("UPDATE visits SET hits = hits + 3 WHERE page = 'home'");
    source.execute(schema("CREATE TABLE skip_audit (id int PRIMARY KEY, v text)"));
    source.execute("INSERT INTO skip_audit (id, v) VALUES (1, 'not copied')");
    source.execute(
        schema(
            "CREATE KEYSPACE "
                + other
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
    source.execute(schema("CREATE TABLE " + other + ".elsewhere (id int PRIMARY KEY)"));

    Path job = job(sourceCluster.keyspace(), keyspace, true);
    Path checkpoint = dir.resolve("state-whole/checkpoint.json");
    int killedMidway =
        SluiceProcess.killAfterSaves(dir, checkpoint, 2, new Random(7), "migrate", job.toString());
    // The last run reads at full speed: a resumed copy may change its source's pace.
    Path unlimited = job(sourceCluster.keyspace(), keyspace, false);
    SluiceProcess last = SluiceProcess.start(dir, "migrate", unlimited.toString());
    int exit = last.waitFor(600);

    assertThat(exit).as(last.output()).isEqualTo(ExitCodes.OK);
    assertThat(killedMidway).as(last.output()).isEqualTo(2);
    assertThat(last.output()).contains("Resuming").contains("keyspace " + copied + " (11 tables)");

    JsonNode report = new ObjectMapper().readTree(dir.resolve("state-whole/report.json").toFile());
    Map<String, JsonNode> tables = new HashMap<>();
    report.get("tables").forEach(table -> tables.put(table.get("table").asText(), table));
    assertThat(tables).hasSize(SEEDS.length + 2);
    for (GeneratedCase generated : cases) {
      String table = generated.table().name();
      CellComparison.Differences differences =
          CellComparison.of(
              source,
              from + "." + table,
              target,
              copied + "." + table,
              generated.table(),
              Scope.COPY);
      assertThat(differences.none())
          .as("%s differs from the source:\n%s", table, differences)
          .isTrue();
      JsonNode counts = tables.get(table).get("counts");
      assertThat(counts.get("records-read").asInt()).as(table).isEqualTo(differences.sourceRows());
      assertThat(counts.get("rows-written").asInt()).as(table).isEqualTo(differences.sourceRows());
    }
    assertBigCopied();
    String spans = "SELECT id, took, seen, WRITETIME(took), WRITETIME(seen) FROM ";
    Map<Integer, String> expected = new HashMap<>();
    source.execute(spans + "spans").forEach(row -> expected.put(row.getInt(0), cells(row)));
    Map<Integer, String> actual = new HashMap<>();
    target.execute(spans + copied + ".spans").forEach(row -> actual.put(row.getInt(0), cells(row)));
    assertThat(actual).as("duration and vector cells with their write times").isEqualTo(expected);
    assertThat(actual).hasSize(5);
    assertThat(tables.get("big_renamed").get("counts").get("rows-written").asInt())
        .isEqualTo(BIG_ROWS);
    assertThat(report.get("counts").get("rows-written").asLong())
        .as("the job's counts are its tables' summed")
        .isEqualTo(sum(tables, "rows-written"));
    assertThat(report.get("counts").get("records-read").asLong())
        .isEqualTo(sum(tables, "records-read"));

    assertThat(report.get("not-copied").toString())
        .contains("visits")
        .contains("counter")
        .contains("materialized view")
        .contains("big_by_v");
    assertThat(last.output()).contains("Not copied").contains("visits");
    assertThat(last.output()).as("the progress line's tables").contains("tables 11 of 11 done");
    String html = Files.readString(dir.resolve("state-whole/report.html"));
    for (String table : tables.keySet()) {
      assertThat(html).contains("data-table=\"" + table + "\"");
    }
    assertThat(html).contains("class=\"not-copied\"").contains("visits");
    target.refreshSchema();
    assertThat(target.getMetadata().getKeyspace(copied).orElseThrow().getTables().keySet())
        .extracting(id -> id.asInternal())
        .as("neither the counter table nor the excluded one is created")
        .doesNotContain("visits", "skip_audit", "big")
        .contains("big_renamed");
    assertThat(target.getMetadata().getKeyspace(other)).isEmpty();

    validateEveryTable(unlimited, cases);
  }

  /**
   * {@code validate} of the whole job checks each table and gives one verdict; after two rows of
   * one table are deleted, {@code --repair} finds and rewrites those two in that table alone.
   */
  private void validateEveryTable(Path job, List<GeneratedCase> cases) throws Exception {
    DiffJobs.Run clean = DiffJobs.sluice("validate", job.toString());
    assertThat(clean.exitCode())
        .as("%s\nfirst differences: %s", clean, firstDifferences("big_renamed"))
        .isEqualTo(ExitCodes.OK);
    assertThat(clean.out()).contains("Job validation: all 11 tables match their sources.");
    for (GeneratedCase generated : cases) {
      String table = generated.table().name();
      JsonNode totals = validation(table).get("totals");
      assertThat(totals.get("matching").asInt())
          .as("%s: %s", table, totals)
          .isEqualTo(totals.get("rows-checked").asInt());
      assertThat(totals.get("differences").asInt()).as("%s: %s", table, totals).isZero();
    }

    target.execute("DELETE FROM " + copied + ".big_renamed WHERE id = 3 AND n = 5");
    target.execute("DELETE FROM " + copied + ".big_renamed WHERE id = 7 AND n = 150");
    SluiceProcess.Ended repair =
        SluiceProcess.run(
            dir,
            300,
            "validate",
            "--fresh",
            "--repair",
            "--repair-timestamp",
            "now",
            job.toString());
    assertThat(repair.exitCode()).as(repair.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(repair.stdout()).contains("1 of 11 tables differ").contains("big_renamed");
    assertThat(repair.stderr()).as(repair.toString()).doesNotContain("Exception");
    JsonNode repaired = validation("big_renamed").get("totals");
    assertThat(repaired.get("differences").asInt()).as(repaired.toString()).isEqualTo(2);
    assertThat(repaired.get("repaired").asInt()).as(repaired.toString()).isEqualTo(2);
    JsonNode verdicts =
        new ObjectMapper().readTree(dir.resolve("state-whole/validate/tables.json").toFile());
    assertThat(verdicts.get("exit-code").asInt()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    for (JsonNode table : verdicts.get("tables")) {
      assertThat(table.get("outcome").asText())
          .as(table.toString())
          .isEqualTo(
              table.get("table").asText().equals("big_renamed")
                  ? "COMPLETED_WITH_DIFFERENCES"
                  : "COMPLETED");
    }
    assertThat(target.execute("SELECT count(*) FROM " + copied + ".big_renamed").one().getLong(0))
        .isEqualTo(BIG_ROWS);

    DiffJobs.Run again = DiffJobs.sluice("validate", "--fresh", job.toString());
    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.OK);
  }

  private String firstDifferences(String table) throws Exception {
    Path file = dir.resolve("state-whole/tables/" + table + "/validate/differences.jsonl");
    return Files.exists(file)
        ? String.join("\n", Files.readAllLines(file).stream().limit(3).toList())
        : "none";
  }

  private JsonNode validation(String table) throws Exception {
    return new ObjectMapper()
        .readTree(
            dir.resolve("state-whole/tables/" + table + "/validate/validation.json").toFile());
  }

  private static String cells(Row row) {
    List<String> cells = new ArrayList<>();
    for (int i = 1; i < row.getColumnDefinitions().size(); i++) {
      cells.add(String.valueOf(row.getObject(i)));
    }
    return String.join(" | ", cells);
  }

  private static long sum(Map<String, JsonNode> tables, String count) {
    return tables.values().stream().mapToLong(t -> t.get("counts").get(count).asLong()).sum();
  }

  private void createBig() {
    source.execute(
        schema("CREATE TABLE big (id int, n int, v text, score int, PRIMARY KEY (id, n))"));
    source.execute(schema("CREATE INDEX big_by_score ON big (score)"));
    source.execute(
        schema(
            "CREATE MATERIALIZED VIEW big_by_v AS SELECT id, n, v FROM big WHERE v IS NOT NULL"
                + " AND id IS NOT NULL AND n IS NOT NULL PRIMARY KEY (v, id, n)"));
    PreparedStatement insert =
        source.prepare(
            "INSERT INTO big (id, n, v, score) VALUES (?, ?, ?, ?) USING TIMESTAMP ? AND TTL ?");
    for (int id = 0; id < 20; id++) {
      BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
      for (int n = 0; n < BIG_ROWS / 20; n++) {
        batch =
            batch.add(
                insert.bind(
                    id, n, "v" + id + "/" + n, n % 7, BASE_MICROS + n, n % 2 == 0 ? 0 : 86_400));
      }
      source.execute(batch);
    }
  }

  private void assertBigCopied() {
    String cells = "SELECT id, n, v, score, WRITETIME(v), TTL(v) FROM ";
    Map<String, Row> expected = new HashMap<>();
    for (Row row : source.execute(cells + "big")) {
      expected.put(row.getInt(0) + "/" + row.getInt(1), row);
    }
    int seen = 0;
    for (Row row : target.execute(cells + copied + ".big_renamed")) {
      Row from = expected.get(row.getInt(0) + "/" + row.getInt(1));
      assertThat(from).isNotNull();
      assertThat(row.getString(2)).isEqualTo(from.getString(2));
      assertThat(row.getInt(3)).isEqualTo(from.getInt(3));
      assertThat(row.getLong(4)).isEqualTo(from.getLong(4));
      assertThat(row.isNull(5)).isEqualTo(from.isNull(5));
      seen++;
    }
    assertThat(seen).isEqualTo(BIG_ROWS);
    target.refreshSchema();
    assertThat(
            target
                .getMetadata()
                .getKeyspace(copied)
                .orElseThrow()
                .getTable("big_renamed")
                .orElseThrow()
                .getIndexes())
        .as("the secondary index is created with the table")
        .isNotEmpty();
  }

  /**
   * The job file; with {@code slow}, each table's reads are limited, so that the run is still going
   * when it is killed.
   */
  private Path job(TestKeyspace from, TestKeyspace to, boolean slow) throws Exception {
    String yaml =
        "name: whole\n"
            + "state-dir: state-whole\n"
            + "sources:\n"
            + "  - name: shop\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + "      contact-points: ["
            + from.hostAndPort()
            + "]\n"
            + "      local-datacenter: "
            + from.localDatacenter()
            + "\n"
            + "      keyspace: "
            + from.name()
            + "\n"
            + "      tables: [\"*\"]\n"
            + "      exclude-tables: [\"skip_*\"]\n"
            + "      fetch-size: 50\n"
            + (slow ? "      rows-per-second: 300\n" : "")
            + "target:\n"
            + "  contact-points: ["
            + to.hostAndPort()
            + "]\n"
            + "  local-datacenter: "
            + to.localDatacenter()
            + "\n"
            + "  keyspace: "
            + copied
            + "\n"
            + "  schema: create\n"
            + "  replication: { "
            + to.localDatacenter()
            + ": 1 }\n"
            + "per-table:\n"
            + "  big: { table: big_renamed }\n"
            + "flow: { workers: 2 }\n"
            + "max-errors: 0\n";
    Path file = dir.resolve("whole.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static SimpleStatement schema(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
  }
}
