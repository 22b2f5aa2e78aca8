package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An HBase snapshot built and exported by HBase itself ({@link OrdersSnapshot}: versions, every
 * kind of delete, TTLs, two flushes, a split region) migrates into a real Cassandra table, over CQL
 * and through SSTables: every cell equals what HBase's {@code Get} returned at snapshot time,
 * written at the HBase timestamp (in microseconds) and expiring when the HBase cell does.
 */
@RealCassandra
@ExtendWith(TtlLeft.class)
class HBaseSnapshotIT {

  private static Path work;
  private static OrdersSnapshot.Export export;

  @BeforeAll
  static void buildSnapshot() throws Exception {
    work = SnapshotFixture.workFor(HBaseSnapshotIT.class);
    export = SnapshotFixture.export();
  }

  /** Guards what the other tests mean: the scenario's versions and deletes are in the snapshot. */
  @Test
  void should_hold_the_scenario_in_the_snapshot() {
    Map<String, Map<String, ExpectedCell>> rows = export.rows();
    assertThat(rows).hasSize(OrdersSnapshot.ROWS - 1).doesNotContainKey("row-010");
    assertThat(text(rows.get("row-001").get("d:name"))).isEqualTo("name-1-v3");
    assertThat(text(rows.get("row-002").get("d:name"))).isEqualTo("name-2-v2");
    assertThat(text(rows.get("row-004").get("d:name"))).isEqualTo("name-4-v1");
    assertThat(rows.get("row-006")).doesNotContainKey("d:name");
    assertThat(rows.get("row-008")).doesNotContainKey("t:note");
    assertThat(rows.get("row-012")).doesNotContainKey("d:qty");
    assertThat(text(rows.get("row-012").get("d:name"))).isEqualTo("name-12-v2");
    assertThat(rows.get("row-005")).containsKey("d:temp");
    assertThat(rows.get("row-014")).doesNotContainKey("d:gone");
  }

  @Test
  void should_plan_one_split_per_region() throws Exception {
    try (Source source = new HBaseSnapshotSourceProvider().create(spec(export.folder()), work)) {
      List<Split> splits = source.plan();
      assertThat(splits).hasSize(2);
      assertThat(splits.get(0).resource())
          .startsWith("orders/")
          .isNotEqualTo(splits.get(1).resource());
    }
  }

  @Test
  void should_copy_every_cell_as_hbase_returned_it_at_its_own_time(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders");
    Path jobFile = work.resolve("orders.yaml");
    Files.writeString(jobFile, job(keyspace, "orders", "state-orders"));
    JobSpec job = JobFiles.load(jobFile);

    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(export.rows().size());
    assertEveryCell(session, "orders");
  }

  /**
   * The CLI, run as a process with the source loaded from its plugin folder, killed with SIGKILL in
   * the middle of a region once it saved a position there, then run again: every cell as HBase
   * returned it, and the counts of both runs add up to the snapshot's rows.
   */
  @Test
  void should_resume_a_killed_load_after_the_last_row_saved(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_cli");
    Path jobFile = work.resolve("orders-cli.yaml");
    Files.writeString(
        jobFile,
        job(keyspace, "orders_cli", "state-cli")
            // Slow enough that a save falls in the middle of a region.
            + "flow: { workers: 1, rows-per-second: 4 }\n");
    Path checkpoint = work.resolve("state-cli/checkpoint.json");

    CliProcess resumed =
        CliProcess.killOnceSavedThenResume(
            work,
            jobFile,
            "a position saved in the middle of a region",
            () -> savedMidRegion(checkpoint));
    int exit = resumed.waitFor(300);

    assertThat(exit).as(resumed.output()).isZero();
    assertThat(resumed.output()).contains("Resuming job orders_cli").doesNotContain("SLF4J");
    JsonNode counts =
        new ObjectMapper().readTree(work.resolve("state-cli/report.json").toFile()).get("counts");
    assertThat(counts.get("records-read").asLong()).isEqualTo(export.rows().size());
    assertThat(counts.get("rows-written").asLong()).isEqualTo(export.rows().size());
    assertEveryCell(session, "orders_cli");
  }

  /**
   * {@code sluice plan} as a process, on a job without a mapping, proposes options, mapping and
   * table from the snapshot's bytes; pasted as they are, they load every cell as HBase's {@code
   * Get} returned it, decoded (text, a long) and at its own time.
   */
  @Test
  void should_propose_a_mapping_that_loads_the_snapshot_as_hbase_returned_it(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String unmapped = job(keyspace, "proposed", "state-proposed");
    unmapped = unmapped.substring(0, unmapped.indexOf("mapping:\n"));
    Path planned = work.resolve("proposed-plan.yaml");
    Files.writeString(planned, unmapped);

    CliProcess plan =
        CliProcess.start(
            work,
            "plan",
            planned.toString(),
            "--mapping-out",
            "proposed-mapping.yaml",
            "--cql-out",
            "proposed.cql");
    int exit = plan.waitFor(120);

    String output = plan.output();
    assertThat(exit).as(output).isZero();
    assertThat(output)
        .contains("write timestamp each cell's own HBase timestamp")
        .contains("row key -> rowkey: utf8 (100% of 39 sampled keys)")
        .contains("d:qty -> qty bigint: long (100% of")
        .doesNotContain("1970");
    String cql = Files.readString(work.resolve("proposed.cql"));
    assertThat(cql).contains("  rowkey text,", "  name text,", "  qty bigint,", "  note text,");
    session.execute(cql);
    JobSpec job =
        InProcessRuns.proposedJob(
            unmapped, output, work.resolve("proposed-mapping.yaml"), work.resolve("proposed.yaml"));

    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(export.rows().size());
    assertThat(session.execute("SELECT count(*) FROM proposed").one().getLong(0))
        .isEqualTo(export.rows().size());
    for (Map.Entry<String, Map<String, ExpectedCell>> expected : export.rows().entrySet()) {
      Row row =
          session
              .execute(
                  "SELECT name, qty, temp, note, writetime(name), writetime(qty), writetime(temp),"
                      + " writetime(note), ttl(temp), ttl(note) FROM proposed WHERE rowkey = ?",
                  expected.getKey())
              .one();
      assertThat(row).as("row %s", expected.getKey()).isNotNull();
      String[] columns = {"name", "qty", "temp", "note"};
      String[] fields = {"d:name", "d:qty", "d:temp", "t:note"};
      for (int i = 0; i < columns.length; i++) {
        ExpectedCell cell = expected.getValue().get(fields[i]);
        String what = expected.getKey() + " " + fields[i];
        if (cell == null) {
          assertThat(row.isNull(columns[i])).as(what + " is absent in HBase").isTrue();
          continue;
        }
        Object value =
            columns[i].equals("qty") ? (Object) row.getLong("qty") : row.getString(columns[i]);
        Object hbase =
            columns[i].equals("qty")
                ? (Object) ByteBuffer.wrap(cell.value()).getLong()
                : text(cell);
        assertThat(value).as(what + " value").isEqualTo(hbase);
        assertThat(row.getLong("writetime(" + columns[i] + ")"))
            .as(what + " write time")
            .isEqualTo(cell.timestampMillis() * 1000);
        if (cell.expiresAtSecond() != 0) {
          TtlLeft.assertCopyOf(row.getInt("ttl(" + columns[i] + ")"), cell.expiresAtSecond(), what);
        }
      }
    }
  }

  /**
   * For a snapshot whose qualifiers are data, {@code plan} proposes a family of 120 cells a row as
   * clustering rows (the row's other cells static) and a family of 50 day qualifiers as a map;
   * pasted as they are, they load every cell as a scan of HBase returned it, at its own time.
   */
  @Test
  void should_propose_clustering_rows_and_a_map_for_families_of_data_qualifiers(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String unmapped =
        job(keyspace, "events", "state-events")
            .replace(export.folder().toString(), export.eventsFolder().toString())
            .replace(
                "snapshot: " + OrdersSnapshot.SNAPSHOT, "snapshot: " + EventsSnapshot.SNAPSHOT);
    unmapped = unmapped.substring(0, unmapped.indexOf("mapping:\n"));
    Path planned = work.resolve("events-plan.yaml");
    Files.writeString(planned, unmapped);

    CliProcess plan =
        CliProcess.start(
            work,
            "plan",
            planned.toString(),
            "--mapping-out",
            "events-mapping.yaml",
            "--cql-out",
            "events.cql");
    int exit = plan.waitFor(120);

    String output = plan.output();
    assertThat(exit).as(output).isZero();
    String cql = Files.readString(work.resolve("events.cql"));
    assertThat(cql)
        .contains("  qualifier text,", "  value bigint,", "  name text static,")
        .contains("  t map<text, bigint> static,", "PRIMARY KEY ((rowkey), qualifier)");
    session.execute(cql);
    assertThat(InProcessRuns.proposedOptions(output))
        .contains("families: {\"e\": rows, \"t\": map}");
    JobSpec job =
        InProcessRuns.proposedJob(
            unmapped, output, work.resolve("events-mapping.yaml"), work.resolve("events.yaml"));

    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(export.events()).hasSize(EventsSnapshot.ROWS);
    for (Map.Entry<String, Map<String, ExpectedCell>> expected : export.events().entrySet()) {
      String key = expected.getKey();
      Map<String, Long> events = new TreeMap<>();
      Map<String, Long> days = new TreeMap<>();
      expected
          .getValue()
          .forEach(
              (column, cell) -> {
                if (column.startsWith("e:")) {
                  events.put(column.substring(2), ByteBuffer.wrap(cell.value()).getLong());
                } else if (column.startsWith("t:")) {
                  days.put(column.substring(2), ByteBuffer.wrap(cell.value()).getLong());
                }
              });
      List<Row> rows =
          session
              .execute(
                  "SELECT qualifier, value, writetime(value), name, t FROM events WHERE rowkey = ?",
                  key)
              .all();
      Map<String, Long> loaded = new TreeMap<>();
      for (Row row : rows) {
        String qualifier = row.getString("qualifier");
        loaded.put(qualifier, row.getLong("value"));
        assertThat(row.getLong("writetime(value)"))
            .as(key + " e:" + qualifier + " write time")
            .isEqualTo(expected.getValue().get("e:" + qualifier).timestampMillis() * 1000);
        assertThat(row.getString("name")).isEqualTo(text(expected.getValue().get("d:name")));
        assertThat(new TreeMap<>(row.getMap("t", String.class, Long.class)))
            .as(key + " family t")
            .isEqualTo(days);
      }
      assertThat(loaded)
          .as(key + " family e")
          .isEqualTo(events)
          .hasSize(EventsSnapshot.EVENTS_PER_ROW);
    }
  }

  /**
   * The same snapshot through the SSTable target, on the CLI as a process: the HBase source loaded
   * from its plugin, the rows written as SSTables by Cassandra's own writer and streamed into the
   * node. Every cell as HBase returned it, at its own write time and TTL.
   */
  @Test
  void should_load_the_snapshot_through_sstables(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    OrdersColumnChecks.createTable(session, "orders_sst");
    Path jobFile = work.resolve("orders-sst.yaml");
    Files.writeString(
        jobFile,
        job(keyspace, "orders_sst", "state-sst")
            .replace(
                "target:\n",
                "target:\n  type: sstables\n"
                    + "  options: {directory: sstables-orders, stream-after-migrate: true}\n"));

    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());
    int exit = migrate.waitFor(300);

    assertThat(exit).as(migrate.output()).isZero();
    JsonNode counts =
        new ObjectMapper().readTree(work.resolve("state-sst/report.json").toFile()).get("counts");
    assertThat(counts.get("rows-written").asLong()).isEqualTo(export.rows().size());
    assertEveryCell(session, "orders_sst");
  }

  /**
   * Both families as map columns, through SSTables by the CLI: each row's maps hold what HBase's
   * {@code Get} returned, each entry at its own cell's write time and TTL.
   */
  @Test
  void should_load_whole_families_into_maps_each_entry_at_its_cells_time(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE orders_maps (rowkey text PRIMARY KEY, d map<text, blob>, t map<text, blob>)");
    Path jobFile = work.resolve("orders-maps.yaml");
    Files.writeString(
        jobFile,
        job(
                keyspace,
                "orders_maps",
                "state-maps",
                "      families: {d: map, t: map}\n",
                "    rowkey: rowkey\n    d: d\n    t: t\n")
            .replace(
                "target:\n",
                "target:\n  type: sstables\n"
                    + "  options: {directory: sstables-maps, stream-after-migrate: true}\n"));

    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());
    int exit = migrate.waitFor(300);

    assertThat(exit).as(migrate.output()).isZero();
    FamilyLayoutChecks.assertMaps(session, "orders_maps", export.rows());
  }

  /**
   * Family {@code d} exploded into clustering rows over CQL (the wide-row pattern: the qualifier
   * the clustering key, the value a column at its cell's write time and TTL), beside family {@code
   * t}'s one column in every clustering row.
   */
  @Test
  void should_load_a_family_as_clustering_rows_each_at_its_cells_time(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE orders_wide (rowkey text, qualifier text, value blob, written timestamp,"
            + " note blob, PRIMARY KEY (rowkey, qualifier))");
    Path jobFile = work.resolve("orders-wide.yaml");
    Files.writeString(
        jobFile,
        job(
            keyspace,
            "orders_wide",
            "state-wide",
            "      families: {d: rows}\n",
            "    rowkey: rowkey\n    qualifier: qualifier\n    value: value\n"
                + "    written: timestamp\n    note: \"t:note\"\n"));
    JobSpec job = JobFiles.load(jobFile);

    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    long cells =
        export.rows().values().stream()
            .flatMap(cellsOf -> cellsOf.keySet().stream())
            .filter(name -> name.startsWith("d:"))
            .count();
    assertThat(report.counts().rowsWritten()).isEqualTo(cells);
    FamilyLayoutChecks.assertClusteringRows(session, "orders_wide", export.rows());
  }

  /**
   * A clustering-rows load on the CLI killed with SIGKILL once it saved a position in the middle of
   * a row's cells, then run again: the row is read again from the cell after the last one saved,
   * every clustering row is as HBase returned it, and the counts of both runs add up to the cells.
   */
  @Test
  void should_resume_a_killed_load_in_the_middle_of_a_rows_cells(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE orders_wide_cli (rowkey text, qualifier text, value blob, written timestamp,"
            + " note blob, PRIMARY KEY (rowkey, qualifier))");
    Path jobFile = work.resolve("orders-wide-cli.yaml");
    Files.writeString(
        jobFile,
        job(
                keyspace,
                "orders_wide_cli",
                "state-wide-cli",
                "      families: {d: rows}\n",
                "    rowkey: rowkey\n    qualifier: qualifier\n    value: value\n"
                    + "    written: timestamp\n    note: \"t:note\"\n")
            + "flow: { workers: 1, rows-per-second: 4 }\n");
    Path checkpoint = work.resolve("state-wide-cli/checkpoint.json");

    CliProcess killed = CliProcess.start(work, "migrate", jobFile.toString());
    Await.until(
        "a position saved in the middle of a row's cells",
        Duration.ofMinutes(2),
        () -> !killed.isAlive() || savedMidRow(checkpoint),
        killed::output);
    assertThat(killed.isAlive()).as(killed.output()).isTrue();
    killed.kill();
    CliProcess resumed =
        CliProcess.start(work, "migrate", jobFile.toString(), "--rows-per-second", "1000000");
    int exit = resumed.waitFor(300);

    assertThat(exit).as(resumed.output()).isZero();
    long cells =
        export.rows().values().stream()
            .flatMap(cellsOf -> cellsOf.keySet().stream())
            .filter(name -> name.startsWith("d:"))
            .count();
    JsonNode counts =
        new ObjectMapper()
            .readTree(work.resolve("state-wide-cli/report.json").toFile())
            .get("counts");
    assertThat(counts.get("records-read").asLong()).isEqualTo(cells);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(cells);
    assertThat(counts.get("records-read-again").asLong()).isPositive();
    FamilyLayoutChecks.assertClusteringRows(session, "orders_wide_cli", export.rows());
  }

  /**
   * {@code versions: 3} with family {@code d} as clustering rows keyed by qualifier and timestamp:
   * every version HBase's {@code Get} of 3 versions returned (older versions, and those a version
   * or family-version delete left), each at its own write time and TTL.
   */
  @Test
  void should_load_every_version_a_get_returns_as_clustering_rows(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE orders_versions (rowkey text, qualifier text, written timestamp, value blob,"
            + " PRIMARY KEY (rowkey, qualifier, written))"
            + " WITH CLUSTERING ORDER BY (qualifier ASC, written DESC)");
    Path jobFile = work.resolve("orders-versions.yaml");
    Files.writeString(
        jobFile,
        job(
            keyspace,
            "orders_versions",
            "state-versions",
            "      families: {d: rows}\n      versions: " + OrdersSnapshot.MAX_VERSIONS + "\n",
            "    rowkey: rowkey\n    qualifier: qualifier\n    written: timestamp\n"
                + "    value: value\n"));
    JobSpec job = JobFiles.load(jobFile);

    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(export.versions().get("row-001").get("d:name"))
        .as("the scenario keeps older versions")
        .hasSize(2);
    assertThat(export.versions().get("row-004").get("d:name"))
        .as("a deleted latest version leaves the one before")
        .hasSize(1);
    FamilyLayoutChecks.assertVersionRows(session, "orders_versions", export.versions());
  }

  /**
   * A split of a {@code rows} family reopened at a position in the middle of a row reads that row
   * again and leaves out its cells done: the same records as the rest of a full read.
   */
  @Test
  void should_resume_a_row_partly_done_after_its_last_cell_done() throws Exception {
    SourceSpec spec =
        new SourceSpec(
            "hbase",
            "hbase-snapshot",
            List.of(export.folder().toString()),
            null,
            null,
            Map.of(
                "snapshot",
                OrdersSnapshot.SNAPSHOT,
                "row-key",
                "utf8",
                "families",
                Map.of("d", "rows")));
    try (Source source = new HBaseSnapshotSourceProvider().create(spec, work)) {
      Split split = source.plan().get(0);
      List<SourceItem> all = FamilyLayoutChecks.readAll(source.open(split));
      int middle = FamilyLayoutChecks.firstPartlyDone(all, source);
      String position = source.positionAfter(all.get(middle));
      assertThat(RowPosition.parse(position).partial()).isTrue();

      SplitReader resumed = source.open(split, position);
      List<SourceItem> rest = FamilyLayoutChecks.readAll(resumed);

      assertThat(resumed.readAgain()).isEqualTo(RowPosition.parse(position).cellsDone());
      FamilyLayoutChecks.assertSameRecords(rest, all.subList(middle + 1, all.size()));
    }
  }

  /** Without the plugin folder, the CLI says what to build, before it connects or reads. */
  @Test
  void should_name_the_module_to_build_when_the_plugin_is_missing(TestKeyspace keyspace)
      throws Exception {
    Path jobFile = work.resolve("orders-no-plugin.yaml");
    Files.writeString(jobFile, job(keyspace, "orders", "state-no-plugin"));
    Path noPlugins = Files.createDirectories(work.resolve("no-plugins"));

    CliProcess plan = CliProcess.start(work, noPlugins, "plan", jobFile.toString());
    int exit = plan.waitFor(120);

    assertThat(exit).as(plan.output()).isEqualTo(2);
    assertThat(plan.output())
        .contains("type 'hbase-snapshot' is read by the sluice-hbase plugin, which was not found")
        .contains("./mvnw -B -DskipTests -pl sluice-hbase -am package");
  }

  /**
   * A store file truncated to half: its region is one reject naming the region and the file, every
   * other region loads, and the counts add up.
   */
  @Test
  void should_reject_a_region_whose_store_file_is_damaged_and_load_the_rest(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_damaged");
    Path damaged = work.resolve("damaged-export");
    SnapshotFixture.copyFolder(export.folder(), damaged);
    String firstRegion;
    try (Source source = new HBaseSnapshotSourceProvider().create(spec(damaged), work)) {
      firstRegion = RegionSource.rangeOf(source.plan().get(0)).region();
    }
    Path file;
    try (Stream<Path> files =
        Files.list(damaged.resolve("archive/data/default/orders/" + firstRegion + "/d"))) {
      file = files.filter(f -> !f.getFileName().toString().contains(".")).findFirst().orElseThrow();
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(channel.size() / 2);
    }
    Path jobFile = work.resolve("orders-damaged.yaml");
    Files.writeString(
        jobFile,
        job(keyspace, "orders_damaged", "state-damaged")
            .replace(export.folder().toString(), damaged.toString()));
    JobSpec job = JobFiles.load(jobFile);

    RunReport report = InProcessRuns.migrate(job, work);

    Map<String, Map<String, ExpectedCell>> secondRegion = new TreeMap<>(export.rows());
    secondRegion.keySet().removeIf(key -> key.compareTo(OrdersSnapshot.rowKey(20)) < 0);
    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(report.counts().rejectedDecode()).isEqualTo(1);
    assertThat(report.counts().rowsWritten()).isEqualTo(secondRegion.size());
    assertThat(report.counts().recordsRead()).isEqualTo(secondRegion.size() + 1);
    assertThat(Files.readString(Path.of(report.rejectFile())))
        .contains("region orders/" + firstRegion + " is damaged")
        .contains(file.getFileName().toString());
    assertThat(session.execute("SELECT count(*) FROM orders_damaged").one().getLong(0))
        .isEqualTo(secondRegion.size());
    for (Map.Entry<String, Map<String, ExpectedCell>> expected : secondRegion.entrySet()) {
      OrdersColumnChecks.assertRow(
          session, "orders_damaged", expected.getKey(), expected.getValue());
    }
  }

  private static SourceSpec spec(Path folder) {
    return new SourceSpec(
        "hbase",
        "hbase-snapshot",
        List.of(folder.toString()),
        null,
        null,
        Map.of("snapshot", OrdersSnapshot.SNAPSHOT));
  }

  /** Whether the checkpoint holds a split saved after some of a row's cells and not all. */
  private static boolean savedMidRow(Path checkpoint) {
    try {
      JsonNode splits = new ObjectMapper().readTree(checkpoint.toFile()).get("splits");
      for (JsonNode split : splits) {
        if (split.hasNonNull("position")
            && !split.path("done").asBoolean()
            && RowPosition.parse(split.get("position").asText()).partial()) {
          return true;
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Whether the checkpoint holds a split saved after some of its rows and before its end. */
  private static boolean savedMidRegion(Path checkpoint) {
    try {
      JsonNode splits = new ObjectMapper().readTree(checkpoint.toFile()).get("splits");
      for (JsonNode split : splits) {
        if (split.hasNonNull("position") && !split.path("done").asBoolean()) {
          return true;
        }
      }
      return false;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Every row of {@code table} holds what HBase's {@code Get} returned, at its own times. */
  private static void assertEveryCell(CqlSession session, String table) {
    OrdersColumnChecks.assertEveryCell(session, table, export.rows());
  }

  private static String text(ExpectedCell cell) {
    return new String(cell.value(), StandardCharsets.UTF_8);
  }

  private static String job(TestKeyspace keyspace, String table, String stateDir) {
    return job(keyspace, table, stateDir, "", SnapshotFixture.ORDERS_COLUMNS);
  }

  /** A job of this snapshot with more source options and the mapping's columns, as YAML lines. */
  private static String job(
      TestKeyspace keyspace, String table, String stateDir, String options, String columns) {
    return SnapshotFixture.ordersJob(keyspace, export.folder(), table, stateDir, options, columns);
  }
}
