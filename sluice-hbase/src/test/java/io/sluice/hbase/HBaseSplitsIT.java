package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.job.JobFiles;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A snapshot of one large region ({@link LargeRegionSnapshot}: hundreds of 1 KiB blocks, versions,
 * every kind of delete, TTLs, a row spanning several blocks), with a small {@code split-size}, is
 * read as several splits cut at rows of its block index, each by HBase's region scanner over its
 * rows: every cell loads as HBase's {@code Get} returned it, on the CLI, killed and resumed, on
 * Spark, and as clustering rows of every version.
 */
@RealCassandra
@ExtendWith(TtlLeft.class)
class HBaseSplitsIT {

  /** Small enough to cut the region (about 400 KiB of store files) into several splits. */
  private static final String SPLIT_SIZE = "64KiB";

  private static Path work;
  private static LargeRegionSnapshot.Export export;

  @BeforeAll
  static void buildSnapshot() throws Exception {
    work = SnapshotFixture.workFor(HBaseSplitsIT.class);
    export = SnapshotFixture.export().ledger();
  }

  /** Guards what the other tests mean: one region, its deletes and versions, its wide row. */
  @Test
  void should_hold_the_scenario_in_the_snapshot() throws Exception {
    Map<String, Map<String, ExpectedCell>> rows = export.rows();
    assertThat(rows).doesNotContainKey(LargeRegionSnapshot.rowKey(5));
    assertThat(rows.get(LargeRegionSnapshot.rowKey(2))).doesNotContainKey("d:qty");
    assertThat(rows.get(LargeRegionSnapshot.rowKey(3))).doesNotContainKey("t:note");
    assertThat(text(rows.get(LargeRegionSnapshot.rowKey(7)).get("d:name"))).isEqualTo("name-7-v3");
    assertThat(rows.get(LargeRegionSnapshot.rowKey(LargeRegionSnapshot.WIDE_ROW)))
        .hasSizeGreaterThan(200);
    try (Source source = source(Map.of())) {
      assertThat(source.plan()).as("one region, under the default split-size").hasSize(1);
    }
  }

  /** The same splits each time, one after the other over the region's rows. */
  @Test
  void should_plan_the_region_as_several_splits_the_same_each_time() throws Exception {
    List<Split> splits;
    List<Split> again;
    try (Source source = source(Map.of("split-size", SPLIT_SIZE))) {
      splits = source.plan();
    }
    try (Source source = source(Map.of("split-size", SPLIT_SIZE))) {
      again = source.plan();
    }

    assertThat(splits).hasSizeGreaterThan(2).isEqualTo(again);
    String region = RegionRange.of(splits.get(0).resource()).region();
    assertThat(RegionRange.of(splits.get(0).resource()).startRow()).isEmpty();
    assertThat(RegionRange.of(splits.get(splits.size() - 1).resource()).stopRow()).isEmpty();
    for (int i = 1; i < splits.size(); i++) {
      RegionRange range = RegionRange.of(splits.get(i).resource());
      assertThat(range.region()).isEqualTo(region);
      assertThat(range.startRow())
          .isEqualTo(RegionRange.of(splits.get(i - 1).resource()).stopRow());
    }
  }

  /**
   * {@code plan} and {@code migrate} as processes: several splits, and every cell as HBase returned
   * it, at its own time and TTL; a validation of the load finds no difference.
   */
  @Test
  void should_load_a_cut_region_as_hbase_returned_it(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    createTable(session, "ledger");
    Path jobFile = work.resolve("ledger.yaml");
    Files.writeString(jobFile, job(keyspace, "ledger", "", SnapshotFixture.ORDERS_COLUMNS));

    CliProcess plan = CliProcess.start(work, "plan", jobFile.toString());
    assertThat(plan.waitFor(120)).as(plan.output()).isZero();
    Matcher planned =
        Pattern.compile("\\(hbase-snapshot\\): (\\d+) split\\(s\\)").matcher(plan.stdout());
    assertThat(planned.find()).as(plan.stdout()).isTrue();
    int splits = Integer.parseInt(planned.group(1));
    assertThat(splits).isGreaterThan(2);
    assertThat(plan.stdout())
        .contains(": " + splits + " splits, cut at its block index at rows row-");
    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());
    assertThat(migrate.waitFor(300)).as(migrate.output()).isZero();
    assertThat(migrate.stderr()).doesNotContain("Exception").doesNotContain("SLF4J");

    assertThat(counts("ledger").get("rows-written").asLong()).isEqualTo(export.rows().size());
    OrdersColumnChecks.assertEveryCell(session, "ledger", export.rows());
    RunReport validation = InProcessRuns.validate(JobFiles.load(jobFile), work);
    assertThat(validation.outcome()).as(validation.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(validation.counts().rowsMatching()).isEqualTo(export.rows().size());
  }

  /**
   * The CLI killed with SIGKILL once it saved a position inside a part that is not the region's
   * first, then run again: nothing lost, nothing read twice, every cell as HBase returned it.
   */
  @Test
  void should_resume_a_killed_load_inside_a_part(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    createTable(session, "ledger_resumed");
    Path jobFile = work.resolve("ledger-resumed.yaml");
    Files.writeString(
        jobFile,
        job(keyspace, "ledger_resumed", "", SnapshotFixture.ORDERS_COLUMNS)
            // Slow enough that a save falls inside a part.
            + "flow: { workers: 2, rows-per-second: 200 }\n");
    Path checkpoint = work.resolve("state-ledger_resumed/checkpoint.json");

    CliProcess resumed =
        CliProcess.killOnceSavedThenResume(
            work,
            jobFile,
            "a position saved inside a part after the region's first",
            () -> savedInsideALaterPart(checkpoint));
    int exit = resumed.waitFor(300);

    assertThat(exit).as(resumed.output()).isZero();
    assertThat(resumed.output()).contains("Resuming job ledger_resumed");
    JsonNode counts = counts("ledger_resumed");
    assertThat(counts.get("records-read").asLong()).isEqualTo(export.rows().size());
    assertThat(counts.get("rows-written").asLong()).isEqualTo(export.rows().size());
    OrdersColumnChecks.assertEveryCell(session, "ledger_resumed", export.rows());
  }

  /** Spark {@code local[2]}, a task per split: the same cells as the CLI loads. */
  @Test
  void should_load_a_cut_region_on_spark(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    createTable(session, "ledger_spark");
    Path jobFile = work.resolve("ledger-spark.yaml");
    Files.writeString(jobFile, job(keyspace, "ledger_spark", "", SnapshotFixture.ORDERS_COLUMNS));

    SparkProcess.Finished spark = SparkProcess.run(work, 300, "migrate", jobFile.toString());

    assertThat(spark.exitCode()).as(spark.output()).isZero();
    OrdersColumnChecks.assertEveryCell(session, "ledger_spark", export.rows());
  }

  /**
   * Family {@code d} as clustering rows of every version, the wide row's cells among them: a row's
   * cells all come from one part, each version at its own write time and TTL.
   */
  @Test
  void should_load_every_version_of_a_cut_region_as_clustering_rows(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE ledger_versions (rowkey text, qualifier text, written timestamp, value blob,"
            + " PRIMARY KEY (rowkey, qualifier, written))"
            + " WITH CLUSTERING ORDER BY (qualifier ASC, written DESC)");
    Path jobFile = work.resolve("ledger-versions.yaml");
    Files.writeString(
        jobFile,
        job(
            keyspace,
            "ledger_versions",
            "      families: {d: rows}\n      versions: " + LargeRegionSnapshot.MAX_VERSIONS + "\n",
            "    rowkey: rowkey\n    qualifier: qualifier\n    written: timestamp\n"
                + "    value: value\n"));

    RunReport report = InProcessRuns.migrate(JobFiles.load(jobFile), work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(export.versions().get(LargeRegionSnapshot.rowKey(3)).get("d:name"))
        .as("the scenario keeps older versions")
        .hasSize(2);
    FamilyLayoutChecks.assertVersionRows(session, "ledger_versions", export.versions());
  }

  private static void createTable(CqlSession session, String table) {
    session.execute(
        "CREATE TABLE "
            + table
            + " (rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob, gone blob)");
  }

  private static JsonNode counts(String table) throws IOException {
    return new ObjectMapper()
        .readTree(work.resolve("state-" + table + "/report.json").toFile())
        .get("counts");
  }

  private static boolean savedInsideALaterPart(Path checkpoint) {
    try {
      JsonNode splits = new ObjectMapper().readTree(checkpoint.toFile()).get("splits");
      for (Map.Entry<String, JsonNode> split : splits.properties()) {
        if (!split.getKey().endsWith("#0")
            && split.getValue().hasNonNull("position")
            && !split.getValue().path("done").asBoolean()) {
          return true;
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static Source source(Map<String, Object> options) {
    Map<String, Object> all = new HashMap<>(options);
    all.put("snapshot", LargeRegionSnapshot.SNAPSHOT);
    return new HBaseSnapshotSourceProvider()
        .create(
            new SourceSpec(
                "hbase", "hbase-snapshot", List.of(export.folder().toString()), null, null, all),
            work);
  }

  private static String text(ExpectedCell cell) {
    return new String(cell.value(), java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String job(TestKeyspace keyspace, String table, String options, String columns) {
    return "name: "
        + table
        + "\n"
        + "state-dir: state-"
        + table
        + "\n"
        + "sources:\n"
        + "  - name: hbase\n"
        + "    type: hbase-snapshot\n"
        + "    path: "
        + export.folder()
        + "\n"
        + "    options:\n"
        + "      snapshot: "
        + LargeRegionSnapshot.SNAPSHOT
        + "\n"
        + "      row-key: utf8\n"
        + "      split-size: "
        + SPLIT_SIZE
        + "\n"
        + options
        + SnapshotFixture.targetAndMapping(keyspace, table, columns);
  }
}
