package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
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
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code type: hfiles}: a folder of HFiles written by HBase's own writer ({@link BulkLoadFiles})
 * loads into a real Cassandra table with every cell as HBase's {@code Get} returns it from a region
 * that bulk loaded the same files (the files of a family merged: versions, delete markers, TTLs),
 * written at its HBase timestamp and expiring when HBase's cell does.
 */
@RealCassandra
@ExtendWith(TtlLeft.class)
class HFilesIT {

  private static Path work;
  private static BulkLoadFiles.Files files;

  @BeforeAll
  static void writeFiles() throws Exception {
    work = SnapshotFixture.workFor(HFilesIT.class);
    files = BulkLoadFiles.write(work);
  }

  /** Guards what the other tests mean: the scenario's versions and deletes are in the files. */
  @Test
  void should_hold_the_scenario_in_the_files() {
    Map<String, Map<String, ExpectedCell>> rows = files.rows();
    assertThat(rows).hasSize(BulkLoadFiles.ROWS);
    assertThat(text(rows.get("row-002").get("d:name"))).isEqualTo("name-2-v2");
    assertThat(text(rows.get("row-004").get("d:name"))).isEqualTo("name-4-v1");
    assertThat(rows.get("row-006")).doesNotContainKey("d:name");
    assertThat(rows.get("row-008")).doesNotContainKey("t:note");
    assertThat(rows.get("row-010")).containsOnlyKeys("t:note");
    assertThat(rows.get("row-012")).doesNotContainKey("d:qty");
    assertThat(text(rows.get("row-012").get("d:name"))).isEqualTo("name-12-v2");
    assertThat(rows.get("row-005")).containsKey("d:temp");
    assertThat(rows.get("row-014")).doesNotContainKey("d:gone");
    assertThat(rows.get("row-003")).doesNotContainKey("t:old");
  }

  /**
   * {@code plan} and {@code migrate} as processes: a split per key range of the files, and every
   * cell as HBase returned it, at its own time and TTL; a validation of the load finds no
   * difference.
   */
  @Test
  void should_load_every_cell_as_hbase_reads_the_files(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute(
        "CREATE TABLE bulk (rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob,"
            + " gone blob)");
    Path jobFile = work.resolve("bulk.yaml");
    Files.writeString(jobFile, job(keyspace, "bulk", "", SnapshotFixture.ORDERS_COLUMNS));

    CliProcess plan = CliProcess.start(work, "plan", jobFile.toString());
    assertThat(plan.waitFor(120)).as(plan.output()).isZero();
    assertThat(plan.stdout())
        .contains("(hfiles): 2 split(s)")
        .contains("write timestamp each cell's own HBase timestamp");
    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());
    assertThat(migrate.waitFor(300)).as(migrate.output()).isZero();
    assertThat(migrate.stderr()).doesNotContain("Exception").doesNotContain("SLF4J");

    JsonNode counts =
        new ObjectMapper().readTree(work.resolve("state-bulk/report.json").toFile()).get("counts");
    assertThat(counts.get("rows-written").asLong()).isEqualTo(files.rows().size());
    OrdersColumnChecks.assertEveryCell(session, "bulk", files.rows());

    RunReport validation = InProcessRuns.validate(JobFiles.load(jobFile), work);
    assertThat(validation.outcome()).as(validation.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(validation.counts().rowsMatching()).isEqualTo(files.rows().size());
  }

  /**
   * {@code plan} as a process, on a job without a mapping, proposes options (keeping the families'
   * TTLs), mapping and table from the files' bytes; pasted as they are, they load every row, its
   * {@code d:qty} decoded as HBase's {@code Bytes.toBytes(long)} wrote it.
   */
  @Test
  void should_propose_a_mapping_that_loads_the_files(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    String unmapped = job(keyspace, "bulk_proposed", "", "");
    unmapped = unmapped.substring(0, unmapped.indexOf("mapping:\n"));
    Path planned = work.resolve("bulk-plan.yaml");
    Files.writeString(planned, unmapped);

    CliProcess plan =
        CliProcess.start(
            work,
            "plan",
            planned.toString(),
            "--mapping-out",
            "bulk-mapping.yaml",
            "--cql-out",
            "bulk.cql");
    assertThat(plan.waitFor(120)).as(plan.output()).isZero();

    String output = plan.stdout();
    assertThat(output)
        .contains("row key -> rowkey: utf8 (100% of")
        .contains("d:qty -> qty bigint: long (100% of")
        .contains("      family-ttl: {\"t\": " + BulkLoadFiles.FAMILY_TTL_SECONDS + "}\n");
    session.execute(Files.readString(work.resolve("bulk.cql")));
    JobSpec job =
        InProcessRuns.proposedJob(
            unmapped,
            output,
            work.resolve("bulk-mapping.yaml"),
            work.resolve("bulk-proposed.yaml"));
    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(files.rows().size());
    files
        .rows()
        .forEach(
            (key, cells) -> {
              com.datastax.oss.driver.api.core.cql.Row row =
                  session
                      .execute(
                          "SELECT qty, writetime(qty) FROM bulk_proposed WHERE rowkey = ?", key)
                      .one();
              ExpectedCell qty = cells.get("d:qty");
              if (qty == null) {
                assertThat(row.isNull("qty")).as(key + " d:qty is absent in HBase").isTrue();
              } else {
                assertThat(row.getLong("qty"))
                    .as(key)
                    .isEqualTo(java.nio.ByteBuffer.wrap(qty.value()).getLong());
                assertThat(row.getLong("writetime(qty)")).isEqualTo(qty.timestampMillis() * 1000);
              }
            });
  }

  /**
   * {@code versions: 3} with family {@code d} as clustering rows keyed by qualifier and timestamp:
   * every version HBase's {@code Get} of 3 versions returned, each at its own write time and TTL.
   */
  @Test
  void should_load_every_version_as_clustering_rows(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute(
        "CREATE TABLE bulk_versions (rowkey text, qualifier text, written timestamp, value blob,"
            + " PRIMARY KEY (rowkey, qualifier, written))"
            + " WITH CLUSTERING ORDER BY (qualifier ASC, written DESC)");
    Path jobFile = work.resolve("bulk-versions.yaml");
    Files.writeString(
        jobFile,
        job(
            keyspace,
            "bulk_versions",
            "      families: {d: rows}\n      versions: " + BulkLoadFiles.MAX_VERSIONS + "\n",
            "    rowkey: rowkey\n    qualifier: qualifier\n    written: timestamp\n"
                + "    value: value\n"));
    JobSpec job = JobFiles.load(jobFile);

    RunReport report = InProcessRuns.migrate(job, work);

    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(files.versions().get("row-002").get("d:name")).hasSize(2);
    FamilyLayoutChecks.assertVersionRows(session, "bulk_versions", files.versions());
  }

  /**
   * The same job submitted to Spark ({@code local[2]}, the HBase plugin loaded from its folder):
   * the files linked in the JVM that runs the tasks, every cell as HBase returned it, at its own
   * write time and TTL, the report's counts adding up, and the folder of links gone at the end.
   */
  @Test
  void should_load_the_files_on_spark(CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "bulk_spark");
    Path sparkWork = Files.createDirectories(work.resolve("spark"));
    Path jobFile = sparkWork.resolve("bulk-spark.yaml");
    Files.writeString(jobFile, job(keyspace, "bulk_spark", "", SnapshotFixture.ORDERS_COLUMNS));

    // SparkProcess names this folder the JVM's temporary folder, where the links are made: the
    // folders created in it are queued as events, read once the run is over.
    Path tmp = Files.createDirectories(sparkWork.resolve("tmp"));
    List<String> created = new ArrayList<>();
    SparkProcess.Finished spark;
    try (WatchService watch = tmp.getFileSystem().newWatchService()) {
      tmp.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
      spark = SparkProcess.run(sparkWork, 300, "migrate", jobFile.toString());
      for (WatchKey key = watch.poll(); key != null; key = watch.poll()) {
        key.pollEvents().forEach(event -> created.add(String.valueOf(event.context())));
        key.reset();
      }
    }

    assertThat(spark.exitCode()).as(spark.output()).isZero();
    JsonNode counts =
        new ObjectMapper()
            .readTree(sparkWork.resolve("state-bulk_spark/report.json").toFile())
            .get("counts");
    long rows = files.rows().size();
    assertThat(counts.get("records-read").asLong()).as(counts.toString()).isEqualTo(rows);
    assertThat(counts.get("records-mapped").asLong()).as(counts.toString()).isEqualTo(rows);
    assertThat(counts.get("rows-written").asLong()).as(counts.toString()).isEqualTo(rows);
    assertThat(counts.get("rejected-decode").asLong()).as(counts.toString()).isZero();
    assertThat(counts.get("rows-failed").asLong()).as(counts.toString()).isZero();
    OrdersColumnChecks.assertEveryCell(session, "bulk_spark", files.rows());
    assertThat(created).as("folders made in the temporary folder").anyMatch(HFilesIT::isLinks);
    try (Stream<Path> left = Files.list(tmp)) {
      assertThat(left.map(path -> path.getFileName().toString())).noneMatch(HFilesIT::isLinks);
    }
  }

  /** Whether a file's name is that of the folder the source links the files into. */
  private static boolean isLinks(String name) {
    return name.startsWith("sluice-hfiles-");
  }

  /**
   * The same files through the SSTable target, on the CLI as a process: the rows written as
   * SSTables by Cassandra's own writer and streamed into the node, every cell as HBase returned it,
   * at its own write time and TTL.
   */
  @Test
  void should_load_the_files_through_sstables(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute(
        "CREATE TABLE bulk_sst (rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob,"
            + " gone blob)");
    Path jobFile = work.resolve("bulk-sst.yaml");
    Files.writeString(
        jobFile,
        job(keyspace, "bulk_sst", "", SnapshotFixture.ORDERS_COLUMNS)
            .replace(
                "target:\n",
                "target:\n  type: sstables\n"
                    + "  options: {directory: sstables-bulk, stream-after-migrate: true}\n"));

    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());

    assertThat(migrate.waitFor(300)).as(migrate.output()).isZero();
    assertThat(migrate.stdout()).contains("Streamed 2 segment(s)");
    JsonNode counts =
        new ObjectMapper()
            .readTree(work.resolve("state-bulk_sst/report.json").toFile())
            .get("counts");
    assertThat(counts.get("rows-written").asLong()).isEqualTo(files.rows().size());
    OrdersColumnChecks.assertEveryCell(session, "bulk_sst", files.rows());
  }

  /**
   * Bytes overwritten in the key of the first cell of one file of the second key range: that range
   * is one reject naming the file, the first range loads as HBase reads it, and the counts add up.
   */
  @Test
  void should_reject_the_range_of_a_file_whose_block_has_a_damaged_key(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    assertSecondRangeRejected(session, keyspace, "bulk_bad_key", KEY_BYTES);
  }

  /**
   * Bytes overwritten in the value of that cell, which parses as well as before: HBase's block
   * checksum is what tells it, and the range is rejected rather than loaded with the wrong value.
   */
  @Test
  void should_reject_the_range_of_a_file_whose_block_has_a_damaged_value(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    assertSecondRangeRejected(session, keyspace, "bulk_bad_value", VALUE_BYTES);
  }

  /**
   * Where the first cell of a block lies: a 33-byte block header, then the key's and the value's
   * lengths (4 bytes each), the key (24 bytes for {@code row-020/d:name}), the value.
   */
  private static final long KEY_BYTES = 33 + 8 + 2;

  private static final long VALUE_BYTES = 33 + 8 + 24 + 2;

  private static void assertSecondRangeRejected(
      CqlSession session, TestKeyspace keyspace, String table, long damagedAt) throws Exception {
    session.execute(
        "CREATE TABLE "
            + table
            + " (rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob, gone blob)");
    Path damaged = work.resolve(table + "-files");
    SnapshotFixture.copyFolder(files.folder(), damaged);
    Path file = damaged.resolve(BulkLoadFiles.SECOND_RANGE_FILE);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(new byte[] {-1, -1, -1, -1}), damagedAt);
    }
    Path jobFile = work.resolve(table + ".yaml");
    Files.writeString(
        jobFile,
        job(keyspace, table, "", SnapshotFixture.ORDERS_COLUMNS)
            .replace(files.folder().toString(), damaged.toString()));

    RunReport report = InProcessRuns.migrate(JobFiles.load(jobFile), work);

    Map<String, Map<String, ExpectedCell>> firstRange = new TreeMap<>(files.rows());
    firstRange
        .keySet()
        .removeIf(key -> key.compareTo(BulkLoadFiles.rowKey(BulkLoadFiles.ROWS / 2)) >= 0);
    assertThat(report.outcome()).as(report.toText()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(report.counts().rejectedDecode()).isEqualTo(1);
    assertThat(report.counts().rowsWritten()).isEqualTo(firstRange.size());
    assertThat(report.counts().recordsRead()).isEqualTo(firstRange.size() + 1);
    assertThat(Files.readString(Path.of(report.rejectFile())))
        .contains(file.getFileName().toString())
        .contains("block at offset 0 failed its checksum");
    assertThat(session.execute("SELECT count(*) FROM " + table).one().getLong(0))
        .isEqualTo(firstRange.size());
    OrdersColumnChecks.assertEveryCell(session, table, firstRange);
  }

  /**
   * A split reopened at a position in the middle of a row's cells reads that row again and leaves
   * out its cells done: the same records as the rest of a full read.
   */
  @Test
  void should_resume_a_row_partly_done_after_its_last_cell_done() throws Exception {
    try (Source source =
        new HFilesSourceProvider()
            .create(spec(Map.of("row-key", "utf8", "families", Map.of("d", "rows"))), work)) {
      List<Split> splits = source.plan();
      assertThat(splits).hasSize(2);
      Split split = splits.get(0);
      List<SourceItem> all = FamilyLayoutChecks.readAll(source.open(split));
      int middle = FamilyLayoutChecks.firstPartlyDone(all, source);
      String position = source.positionAfter(all.get(middle));

      SplitReader resumed = source.open(split, position);
      List<SourceItem> rest = FamilyLayoutChecks.readAll(resumed);

      assertThat(resumed.readAgain()).isEqualTo(RowPosition.parse(position).cellsDone());
      FamilyLayoutChecks.assertSameRecords(rest, all.subList(middle + 1, all.size()));
    }
  }

  @Test
  void should_refuse_options_naming_a_family_the_folder_does_not_have() throws Exception {
    try (Source source =
        new HFilesSourceProvider().create(spec(Map.of("family-ttl", Map.of("x", 60))), work)) {
      assertThatThrownBy(source::plan)
          .hasMessageContaining("options name family 'x'")
          .hasMessageContaining("its families are [d, t]");
    }
  }

  private static SourceSpec spec(Map<String, Object> options) {
    return new SourceSpec(
        "bulk", "hfiles", List.of(files.folder().toString()), null, null, options);
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
        + "  - name: bulk\n"
        + "    type: hfiles\n"
        + "    path: "
        + files.folder()
        + "\n"
        + "    options:\n"
        + "      row-key: utf8\n"
        + "      family-ttl: {t: "
        + BulkLoadFiles.FAMILY_TTL_SECONDS
        + "}\n"
        + options
        + SnapshotFixture.targetAndMapping(keyspace, table, columns);
  }
}
