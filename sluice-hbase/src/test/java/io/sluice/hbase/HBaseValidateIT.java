package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.cassandra.CassandraTarget;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code sluice validate} against the HBase snapshot {@link OrdersSnapshot} builds: a clean load
 * validates with no difference; a target that lacks rows, holds an older version, the right value
 * at an older time, a cell without its TTL, a newer application write or a deleted row is reported
 * row by row with the right verdict, each cell judged by its own HBase timestamp and TTL; and
 * {@code --repair} rewrites what differs at the cells' own times, so the next validation is clean.
 * The rows damaged are picked at random from a seed that failures show ({@code -Dsluice.it.seed}
 * picks the same).
 */
@RealCassandra
@ExtendWith(TtlLeft.class)
class HBaseValidateIT {

  private static final String TABLE_COLUMNS =
      "(rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob, gone blob)";

  private static Path work;
  private static OrdersSnapshot.Export export;

  @BeforeAll
  static void buildSnapshot() throws Exception {
    work = SnapshotFixture.workFor(HBaseValidateIT.class);
    export = SnapshotFixture.export();
  }

  /**
   * The CLI as a process: {@code migrate}, then {@code validate} (clean, exit 0); the target made
   * to differ in six ways and given a row of the application's own, {@code validate --extra} lists
   * exactly those rows (exit 1); {@code --repair} rewrites them at their cells' HBase timestamps
   * and TTLs, except a row the application deleted (a deletion is newer than any copy), which
   * {@code --repair-timestamp now} rewrites; then a last {@code validate} is clean, the
   * application's newer write left as it is.
   */
  @Test
  void should_report_exactly_the_rows_that_differ_and_repair_them_at_their_cells_times(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE orders_checked " + TABLE_COLUMNS);
    Path jobFile = work.resolve("orders-checked.yaml");
    Files.writeString(jobFile, job(keyspace, "orders_checked", "state-checked", ""));
    Path differences = work.resolve("state-checked/validate/differences.jsonl");

    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());
    assertThat(migrate.waitFor(300)).as(migrate.output()).isZero();
    CliProcess clean = CliProcess.start(work, "validate", jobFile.toString());
    assertThat(clean.waitFor(300)).as(clean.output()).isZero();
    assertThat(clean.stdout())
        .contains("Validation of job orders_checked: the target matches the source")
        .contains("Matching          " + export.rows().size())
        .contains("Missing           0")
        .contains("Mismatched        0")
        .contains("Changed since     0");
    assertQuiet(clean);
    assertThat(Files.readString(differences)).isEmpty();

    OrdersDamage damage =
        OrdersDamage.pick(Long.getLong("sluice.it.seed", System.nanoTime()), export);
    session.execute("TRUNCATE orders_checked");
    load(keyspace, "orders_checked", "", SnapshotFixture.ORDERS_COLUMNS, damage.filter());
    damage.write(session, "orders_checked", export);

    CliProcess found = CliProcess.start(work, "validate", jobFile.toString(), "--extra");
    assertThat(found.waitFor(300)).as(found.output()).isEqualTo(1);
    assertThat(found.stdout())
        .as(damage.toString())
        .contains("Validation of job orders_checked: differences found")
        .contains("Matching          " + (export.rows().size() - 7))
        .contains("Missing           3")
        .contains("Mismatched        3")
        .contains("Changed since     1")
        .contains("Extra             1");
    assertQuiet(found);
    Map<String, JsonNode> findings = findings(differences);
    assertThat(findings.keySet()).as(damage.toString()).isEqualTo(damage.verdicts().keySet());
    damage
        .verdicts()
        .forEach((key, kind) -> assertThat(findings.get(key).get("kind").asText()).isEqualTo(kind));
    assertThat(columnsOf(findings.get(damage.stale()))).containsExactly("name");
    assertThat(columnsOf(findings.get(damage.older()))).containsExactly("qty");
    assertThat(columnsOf(findings.get(damage.ttlLost()))).containsExactly("temp");
    assertThat(columnsOf(findings.get(damage.changed()))).containsExactly("name");
    assertThat(findings.get(damage.ttlLost()).toString()).contains("TTL");

    CliProcess repair = CliProcess.start(work, "validate", jobFile.toString(), "--repair");
    assertThat(repair.waitFor(300)).as(repair.output()).isEqualTo(1);
    assertQuiet(repair);
    Map<String, JsonNode> repaired = findings(differences);
    for (String key : damage.leftOut()) {
      assertThat(repaired.get(key).get("repaired").asBoolean()).as(key).isTrue();
      OrdersColumnChecks.assertRow(session, "orders_checked", key, export.rows().get(key));
    }
    assertThat(repaired.get(damage.deleted()).get("repaired").asBoolean()).isFalse();
    assertThat(repaired.get(damage.deleted()).get("reason").asText())
        .contains("a deletion or an equal-timestamp value in the target wins");
    assertThat(repaired.get(damage.changed()).get("repaired").asBoolean()).isFalse();

    CliProcess now =
        CliProcess.start(
            work, "validate", jobFile.toString(), "--repair", "--repair-timestamp", "now");
    assertThat(now.waitFor(300)).as(now.output()).isEqualTo(1);
    Map<String, JsonNode> repairedNow = findings(differences);
    assertThat(repairedNow.keySet()).containsExactlyInAnyOrder(damage.deleted(), damage.changed());
    assertThat(repairedNow.get(damage.deleted()).get("repaired").asBoolean()).isTrue();

    CliProcess last = CliProcess.start(work, "validate", jobFile.toString());
    assertThat(last.waitFor(300)).as(last.output()).isZero();
    assertThat(last.stdout())
        .contains("Validation of job orders_checked: the target matches the source")
        .contains("Missing           0")
        .contains("Mismatched        0")
        .contains("Changed since     1");
    assertQuiet(last);
    assertThat(findings(differences).keySet()).containsExactly(damage.changed());
  }

  /**
   * {@code validate --repair} submitted to Spark ({@code local[2]}, a task per region) on a target
   * made to differ as above, and in the row whose {@code d:later} is dated a day ahead, that cell
   * written a microsecond before its time: each cell judged by its own HBase timestamp and TTL as
   * the CLI judges it (the one ahead too: a snapshot's cell is never a live write), the same
   * verdicts row by row (exit 1), and the rows that differ rewritten at their cells' own times and
   * TTLs. Once the deleted row is rewritten at the current time, {@code validate} as a process
   * finds no difference (exit 0).
   */
  @Test
  void should_find_and_repair_the_same_rows_on_spark(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    String table = "orders_spark_checked";
    session.execute(
        "CREATE TABLE "
            + table
            + " (rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob, gone blob,"
            + " later blob)");
    String columns = SnapshotFixture.ORDERS_COLUMNS + "    later: \"d:later\"\n";
    String ahead = OrdersSnapshot.rowKey(OrdersSnapshot.FUTURE_ROW);
    OrdersDamage damage =
        OrdersDamage.pick(
            Long.getLong("sluice.it.seed", System.nanoTime()), export, List.of(ahead));
    load(
        keyspace,
        table,
        "",
        columns,
        damage.filter() + "    - { field: rowkey, not-equals: " + ahead + " }\n");
    damage.write(session, table, export);
    // The row left out of the load, written by hand: each cell at its own time and TTL, but
    // d:later.
    ExpectedCell later = export.rows().get(ahead).get("d:later");
    export
        .rows()
        .get(ahead)
        .forEach(
            (field, cell) -> {
              boolean isLater = field.equals("d:later");
              if (isLater || OrdersColumnChecks.isLoaded(field)) {
                session.execute(
                    "UPDATE "
                        + table
                        + " USING TIMESTAMP ? AND TTL ? SET "
                        + (isLater ? "later" : OrdersColumnChecks.columnOf(field))
                        + " = ? WHERE rowkey = ?",
                    cell.timestampMillis() * 1000 - (isLater ? 1 : 0),
                    OrdersDamage.ttl(cell),
                    ByteBuffer.wrap(cell.value()),
                    ahead);
              }
            });
    Path jobFile = work.resolve(table + ".yaml");
    Files.writeString(jobFile, job(keyspace, table, "state-" + table, "", columns));

    SparkProcess.Finished spark =
        SparkProcess.run(work, 300, "validate", jobFile.toString(), "--repair");

    assertThat(spark.exitCode()).as(spark.output()).isEqualTo(1);
    assertThat(spark.output())
        .as(damage.toString())
        .contains("Validation of job " + table + ": differences found")
        .contains("Matching          " + (export.rows().size() - 8))
        .contains("Missing           3")
        .contains("Mismatched        4")
        .contains("Changed since     1")
        .contains(
            "Repaired          " + (damage.leftOut().size() + 1) + "  (at the source timestamp)");
    Map<String, JsonNode> findings =
        findings(work.resolve("state-" + table + "/validate/differences.jsonl"));
    Map<String, String> verdicts = new TreeMap<>(damage.verdicts());
    verdicts.remove(OrdersDamage.EXTRA_ROW);
    verdicts.put(ahead, "mismatch");
    assertThat(findings.keySet()).as(damage.toString()).isEqualTo(verdicts.keySet());
    verdicts.forEach(
        (key, kind) -> assertThat(findings.get(key).get("kind").asText()).as(key).isEqualTo(kind));
    assertThat(columnsOf(findings.get(damage.stale()))).containsExactly("name");
    assertThat(columnsOf(findings.get(damage.older()))).containsExactly("qty");
    assertThat(columnsOf(findings.get(damage.ttlLost()))).containsExactly("temp");
    assertThat(columnsOf(findings.get(ahead))).containsExactly("later");
    List<String> rewritten = new ArrayList<>(damage.leftOut());
    rewritten.add(ahead);
    for (String key : rewritten) {
      assertThat(findings.get(key).get("repaired").asBoolean()).as(key).isTrue();
      OrdersColumnChecks.assertRow(session, table, key, export.rows().get(key));
    }
    assertThat(
            session
                .execute("SELECT writetime(later) FROM " + table + " WHERE rowkey = ?", ahead)
                .one()
                .getLong(0))
        .isEqualTo(later.timestampMillis() * 1000);
    assertThat(findings.get(damage.deleted()).get("repaired").asBoolean()).isFalse();

    RunReport now =
        validate(
            keyspace,
            table,
            "",
            columns,
            new ValidationSpec(100, true, ValidationSpec.RepairTimestamp.NOW, false, false));
    assertThat(now.counts().rowsRepaired()).as(now.toText()).isEqualTo(1);
    CliProcess last = CliProcess.start(work, "validate", jobFile.toString());
    assertThat(last.waitFor(300)).as(last.output()).isZero();
    assertThat(last.stdout())
        .contains("Matching          " + (export.rows().size() - 1))
        .contains("Changed since     1");
  }

  /**
   * {@code validate --extra} on Spark: a snapshot's rows come in no table's key order, so the extra
   * rows cannot be found split by split; the run is refused before any task, with a sentence saying
   * to run {@code sluice validate --extra} on one machine, as {@link
   * #should_report_exactly_the_rows_that_differ_and_repair_them_at_their_cells_times} does.
   */
  @Test
  void should_refuse_extra_rows_on_spark_saying_what_to_run_instead(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE orders_spark_extra " + TABLE_COLUMNS);
    Path jobFile = work.resolve("orders-spark-extra.yaml");
    Files.writeString(jobFile, job(keyspace, "orders_spark_extra", "state-spark-extra", ""));

    SparkProcess.Finished spark =
        SparkProcess.run(work, 300, "validate", jobFile.toString(), "--extra");

    // 2: aborted, as the CLI's exit codes say.
    assertThat(spark.exitCode()).as(spark.output()).isEqualTo(2);
    assertThat(spark.output())
        .contains("Error: On Spark, --extra finds extra rows only where every source is a table")
        .contains("for this job run 'sluice validate --extra' on one machine.");
    assertThat(work.resolve("state-spark-extra/validate/differences.jsonl")).doesNotExist();
  }

  /**
   * Both families as maps, family {@code d} as clustering rows, and its versions as clustering rows
   * by timestamp: a clean load validates with no difference, every entry and clustering row judged
   * at its own cell's time; rows a load left out (and a map missing an entry) are found and
   * repaired, each entry and clustering row at its own cell's write time and TTL.
   */
  @Test
  void should_validate_and_repair_families_loaded_as_maps_and_clustering_rows(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    List<String> keys = new ArrayList<>(export.rows().keySet());
    session.execute(
        "CREATE TABLE orders_maps_checked (rowkey text PRIMARY KEY, d map<text, blob>,"
            + " t map<text, blob>)");
    String maps = "      families: {d: map, t: map}\n";
    String mapColumns = "    rowkey: rowkey\n    d: d\n    t: t\n";
    String leftOut = keys.get(3);
    // The row whose d map holds a cell timestamped a day after the check begins.
    String partial = OrdersSnapshot.rowKey(OrdersSnapshot.FUTURE_ROW);
    load(
        keyspace,
        "orders_maps_checked",
        maps,
        mapColumns,
        "  filter:\n"
            + "    - { field: rowkey, not-equals: "
            + leftOut
            + " }\n"
            + "    - { field: rowkey, not-equals: "
            + partial
            + " }\n");
    // The row's d map without its entry name, each other entry at its own cell's time.
    Map<String, ExpectedCell> cells = new TreeMap<>(export.rows().get(partial));
    assertThat(cells).containsKeys("d:later", "d:name");
    cells.remove("d:name");
    cells.forEach(
        (column, cell) ->
            session.execute(
                "UPDATE orders_maps_checked USING TIMESTAMP ? AND TTL ? SET "
                    + column.charAt(0)
                    + "[?] = ? WHERE rowkey = ?",
                cell.timestampMillis() * 1000,
                OrdersDamage.ttl(cell),
                column.substring(2),
                ByteBuffer.wrap(cell.value()),
                partial));

    RunReport found = validate(keyspace, "orders_maps_checked", maps, mapColumns, false);
    assertThat(found.outcome()).as(found.toText()).isEqualTo(Outcome.COMPLETED_WITH_DIFFERENCES);
    assertThat(found.counts().rowsMissing()).as(found.toText()).isEqualTo(1);
    assertThat(found.counts().rowsMismatched()).as(found.toText()).isEqualTo(1);
    RunReport repaired = validate(keyspace, "orders_maps_checked", maps, mapColumns, true);
    assertThat(repaired.counts().rowsRepaired()).as(repaired.toText()).isEqualTo(2);
    RunReport clean = validate(keyspace, "orders_maps_checked", maps, mapColumns, false);
    assertClean(clean, export.rows().size());
    FamilyLayoutChecks.assertMaps(session, "orders_maps_checked", export.rows());

    session.execute(
        "CREATE TABLE orders_wide_checked (rowkey text, qualifier text, value blob,"
            + " written timestamp, note blob, PRIMARY KEY (rowkey, qualifier))");
    String rows = "      families: {d: rows}\n";
    String rowColumns =
        "    rowkey: rowkey\n    qualifier: qualifier\n    value: value\n"
            + "    written: timestamp\n    note: \"t:note\"\n";
    load(
        keyspace,
        "orders_wide_checked",
        rows,
        rowColumns,
        "  filter:\n    - { field: rowkey, not-equals: " + leftOut + " }\n");
    long cellsOfD =
        export.rows().values().stream()
            .flatMap(cellsOf -> cellsOf.keySet().stream())
            .filter(name -> name.startsWith("d:"))
            .count();
    long leftOutCells =
        export.rows().get(leftOut).keySet().stream().filter(c -> c.startsWith("d:")).count();
    RunReport wide = validate(keyspace, "orders_wide_checked", rows, rowColumns, true);
    assertThat(wide.counts().rowsMissing()).as(wide.toText()).isEqualTo(leftOutCells);
    assertThat(wide.counts().rowsRepaired()).as(wide.toText()).isEqualTo(leftOutCells);
    assertClean(validate(keyspace, "orders_wide_checked", rows, rowColumns, false), cellsOfD);
    FamilyLayoutChecks.assertClusteringRows(session, "orders_wide_checked", export.rows());

    session.execute(
        "CREATE TABLE orders_versions_checked (rowkey text, qualifier text, written timestamp,"
            + " value blob, PRIMARY KEY (rowkey, qualifier, written))"
            + " WITH CLUSTERING ORDER BY (qualifier ASC, written DESC)");
    String versions = rows + "      versions: " + OrdersSnapshot.MAX_VERSIONS + "\n";
    String versionColumns =
        "    rowkey: rowkey\n    qualifier: qualifier\n    written: timestamp\n    value: value\n";
    load(keyspace, "orders_versions_checked", versions, versionColumns, "");
    long everyVersion =
        export.versions().values().stream()
            .flatMap(cellsOf -> cellsOf.entrySet().stream())
            .filter(column -> column.getKey().startsWith("d:"))
            .mapToLong(column -> column.getValue().size())
            .sum();
    assertClean(
        validate(keyspace, "orders_versions_checked", versions, versionColumns, false),
        everyVersion);
  }

  /** Loads the snapshot into {@code table} in this process, with a mapping's filter lines. */
  private static void load(
      TestKeyspace keyspace, String table, String options, String columns, String filter)
      throws Exception {
    Path jobFile = work.resolve(table + "-load.yaml");
    Files.writeString(
        jobFile, job(keyspace, table, "state-load-" + table, options, columns) + filter);
    JobSpec job = JobFiles.load(jobFile);
    RunReport report = InProcessRuns.migrate(job, work);
    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
  }

  /** Validates {@code table} in this process, repairing it if asked. */
  private static RunReport validate(
      TestKeyspace keyspace, String table, String options, String columns, boolean repair)
      throws Exception {
    return validate(
        keyspace,
        table,
        options,
        columns,
        new ValidationSpec(100, repair, ValidationSpec.RepairTimestamp.SOURCE, false, false));
  }

  /** Validates {@code table} in this process, as {@code spec} asks. */
  private static RunReport validate(
      TestKeyspace keyspace, String table, String options, String columns, ValidationSpec spec)
      throws Exception {
    Path jobFile = work.resolve(table + ".yaml");
    Files.writeString(jobFile, job(keyspace, table, "state-" + table, options, columns));
    JobSpec job = JobFiles.load(jobFile);
    try (CassandraTarget target = CassandraTarget.connect(job.target(), work);
        JobRun run = Validation.prepare(job, target, Clock.systemUTC(), true, spec)) {
      return run.run();
    }
  }

  private static void assertClean(RunReport report, long rows) {
    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsMatching()).as(report.toText()).isEqualTo(rows);
    assertThat(report.counts().differences()).as(report.toText()).isZero();
    assertThat(report.counts().rowsChangedSince()).as(report.toText()).isZero();
  }

  /** Nothing on standard error but what a run may say: no stack trace, no logging noise. */
  private static void assertQuiet(CliProcess process) {
    assertThat(process.stderr())
        .as(process.output())
        .doesNotContain("Exception")
        .doesNotContain("SLF4J")
        .doesNotContain("ERROR");
  }

  /** The findings of the last validation, by the row key they are about. */
  private static Map<String, JsonNode> findings(Path differences) throws Exception {
    Map<String, JsonNode> findings = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(differences)) {
      JsonNode finding = json.readTree(line);
      String key = finding.get("key").asText();
      findings.put(key.substring("rowkey='".length(), key.length() - 1), finding);
    }
    return findings;
  }

  private static List<String> columnsOf(JsonNode finding) {
    List<String> columns = new ArrayList<>();
    finding.get("columns").forEach(column -> columns.add(column.get("column").asText()));
    return columns;
  }

  private static String job(TestKeyspace keyspace, String table, String stateDir, String options) {
    return job(keyspace, table, stateDir, options, SnapshotFixture.ORDERS_COLUMNS);
  }

  private static String job(
      TestKeyspace keyspace, String table, String stateDir, String options, String columns) {
    return SnapshotFixture.ordersJob(keyspace, export.folder(), table, stateDir, options, columns);
  }
}
