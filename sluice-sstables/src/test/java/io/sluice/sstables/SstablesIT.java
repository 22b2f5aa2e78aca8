package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.Targets;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.NodeCompactions;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BSON dump and a CSV file written as SSTables by the real pipeline, then streamed into the local
 * node with Cassandra's own loader: the table ends with the rows, write times and TTLs the same job
 * writes over CQL, the counts add up, and the loaded files are gone.
 */
@RealCassandra
class SstablesIT {

  private static final int BSON_DOCS = 600;
  private static final int CSV_LINES = 400;
  private static final int BAD_EVERY = 100;
  private static final String TABLE =
      " (id int PRIMARY KEY, name text, n bigint) WITH default_time_to_live = 86400";

  @TempDir Path dir;

  @Test
  void should_stream_the_rows_the_cql_path_writes(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute("CREATE TABLE people_cql" + TABLE);
    session.execute("CREATE TABLE people_sst" + TABLE);
    writeDump(dir.resolve("dump/people.bson"));
    writeCsv(dir.resolve("people.csv"));

    RunReport cql = migrate(writeJob(keyspace, "cql", "people_cql", ""));
    RunReport sst =
        migrate(
            writeJob(
                keyspace,
                "sst",
                "people_sst",
                "  type: sstables\n  options: {directory: sstables, segment-rows: 150}\n"));

    assertThat(sst.outcome()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(sst.counts().rowsWritten()).isEqualTo(cql.counts().rowsWritten());
    assertThat(sst.counts().rejected()).isEqualTo(cql.counts().rejected());
    assertThat(sst.counts().recordsRead()).isEqualTo(BSON_DOCS + CSV_LINES);
    assertThat(sst.counts().rowsWritten() + sst.counts().rejected())
        .isEqualTo(sst.counts().recordsRead());
    assertThat(rows(session, "people_sst"))
        .as("nothing reaches the table before streaming")
        .isEmpty();
    SegmentFolders folders =
        new SegmentFolders(dir.resolve("sstables"), keyspace.name(), "people_sst");
    assertThat(folders.complete()).hasSizeGreaterThan(2);

    JobSpec job = JobFiles.load(dir.resolve("sst.yaml"));
    StringWriter out = new StringWriter();
    SstableStream.Result streamed = SstableStream.run(job, new PrintWriter(out, true));

    assertThat(streamed.loads()).as(out.toString()).isEqualTo(streamed.segments());
    assertThat(rows(session, "people_sst")).isEqualTo(rows(session, "people_cql"));
    assertThat(rows(session, "people_sst")).hasSize((int) sst.counts().rowsWritten());
    assertThat(folders.segments()).as("loaded segments are taken away").isEmpty();

    RunReport validated;
    try (Target target = Targets.connect(job.target(), job.baseDir())) {
      validated =
          Validation.prepare(job, target, Clock.systemUTC(), true, ValidationSpec.checkOnly())
              .run();
    }
    assertThat(validated.counts().differences()).as("differences after streaming").isZero();
    assertThat(validated.counts().rowsMatching()).isEqualTo(sst.counts().rowsWritten());

    SstableStream.Result again = SstableStream.run(job, new PrintWriter(new StringWriter(), true));
    assertThat(again.loads()).isZero();
  }

  /**
   * A key Cassandra refuses (longer than 64 KiB) is refused by the writer after the segment's rows
   * are sorted: it becomes a reject naming the record it came from, and every other row is written.
   */
  @Test
  void should_reject_a_row_the_writer_refuses_and_write_the_others(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE long_keys (id text PRIMARY KEY, name text)");
    int docs = 300;
    int longKey = 137;
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("keys.bson"))) {
      for (int i = 0; i < docs; i++) {
        String id = i == longKey ? "k".repeat(70_000) : "key-" + i;
        writer.write(new Document("id", id).append("name", "person " + i));
      }
    }
    String yaml =
        "name: keys\nstate-dir: state-keys\nsources:\n"
            + "  - type: bson\n    path: keys.bson\n    write-timestamp: 2024-06-30T00:00:00Z\n"
            + "target:\n  contact-points: ["
            + keyspace.hostAndPort()
            + "]\n  local-datacenter: "
            + keyspace.localDatacenter()
            + "\n  keyspace: "
            + keyspace.name()
            + "\n  table: long_keys\n"
            + "  type: sstables\n  options: {directory: keys, stream-after-migrate: true}\n"
            + "mapping:\n  columns:\n    id: id\n    name: name\n"
            + "max-errors: 100%\n";
    JobSpec job = JobFiles.load(Files.writeString(dir.resolve("keys.yaml"), yaml));

    RunReport report;
    StringWriter out = new StringWriter();
    try (Target target = Targets.connect(job.target(), job.baseDir())) {
      report = Migration.prepare(job, target, Clock.systemUTC(), true).run();
      target.afterMigration(job, true, new PrintWriter(out, true));
    }

    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(report.counts().rowsWritten()).isEqualTo(docs - 1);
    assertThat(report.counts().rowsFailed()).isEqualTo(1);
    assertThat(report.counts().rowsWritten() + report.counts().rejected())
        .isEqualTo(report.counts().recordsRead());
    List<String> rejects = Files.readAllLines(dir.resolve("state-keys/rejects.jsonl"));
    assertThat(rejects).hasSize(1);
    assertThat(rejects.get(0)).contains("the SSTable writer refused the row").contains("keys.bson");
    assertThat(session.execute("SELECT count(*) FROM long_keys").one().getLong(0))
        .as(out.toString())
        .isEqualTo(docs - 1);
  }

  /** Files in 4.x's format ({@code nb}, named by unique identifiers) load as 5.0's do. */
  @Test
  void should_write_the_format_cassandra_4_1_reads(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute("CREATE TABLE people_cql41" + TABLE);
    session.execute("CREATE TABLE people_nb" + TABLE);
    writeDump(dir.resolve("dump/people.bson"));
    writeCsv(dir.resolve("people.csv"));
    migrate(writeJob(keyspace, "cql41", "people_cql41", ""));
    RunReport written =
        migrate(
            writeJob(
                keyspace,
                "nb",
                "people_nb",
                "  type: sstables\n  options: {directory: nb, cassandra-version: 4.1}\n"));
    List<String> dataFiles = DataFiles.namesUnder(dir.resolve("nb/segments"));
    assertThat(dataFiles)
        .isNotEmpty()
        .allSatisfy(name -> assertThat(name).matches("nb-[0-9a-z]{4}_[0-9a-z_]+-big-Data\\.db"));

    SstableStream.Result streamed =
        SstableStream.run(
            JobFiles.load(dir.resolve("nb.yaml")), new PrintWriter(new StringWriter(), true));

    assertThat(streamed.loads()).isEqualTo(streamed.segments());
    assertThat(rows(session, "people_nb")).hasSize((int) written.counts().rowsWritten());
    assertThat(rows(session, "people_nb")).isEqualTo(rows(session, "people_cql41"));
  }

  /**
   * A stream waits before each batch while the node's compaction is behind, as a load pauses: here
   * a throttled compaction of another table holds the backlog above the high mark until the test
   * lifts the throttle, and nothing reaches the table meanwhile.
   */
  @Test
  void should_wait_for_compaction_to_catch_up_before_streaming(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) throws Exception {
    session.execute("CREATE TABLE people_held" + TABLE);
    session.execute(
        "CREATE TABLE heavy (id int PRIMARY KEY, v text) WITH compression = {'enabled': false}");
    writeDump(dir.resolve("dump/people.bson"));
    writeCsv(dir.resolve("people.csv"));
    RunReport written =
        migrate(
            writeJob(
                keyspace,
                "held",
                "people_held",
                "  type: sstables\n  options: {directory: held, segment-rows: 300}\n"
                    + "flow:\n  compaction: {high-mark: 0, low-mark: 0, poll-interval: 200ms,"
                    + " jmx-port: "
                    + compactions.jmx().port()
                    + "}\n"));
    JobSpec job = JobFiles.load(dir.resolve("held.yaml"));
    int throughput = compactions.compactionThroughputMibPerSec();
    ExecutorService streaming = Executors.newSingleThreadExecutor();
    try {
      compactions.disableAutoCompaction(keyspace.name(), "heavy");
      writeFlushedSstables(session, compactions, keyspace);
      compactions.setCompactionThroughputMibPerSec(1);
      compactions.enableAutoCompaction(keyspace.name(), "heavy");
      Await.until(
          "pending compactions", Duration.ofMinutes(2), () -> compactions.pendingTasks() > 0);

      StringWriter out = new StringWriter();
      Future<SstableStream.Result> stream =
          streaming.submit(() -> SstableStream.run(job, new PrintWriter(out, true)));
      Await.until(
          "the stream to pause",
          Duration.ofMinutes(3),
          () -> out.toString().contains("Pausing") || stream.isDone(),
          out::toString);
      assertThat(out.toString()).contains("Datacenter " + keyspace.localDatacenter() + ": Pausing");
      assertThat(out.toString()).doesNotContain("Going on");
      assertThat(rows(session, "people_held")).as("rows streamed while paused").isEmpty();

      compactions.setCompactionThroughputMibPerSec(0);
      SstableStream.Result streamed = stream.get(5, TimeUnit.MINUTES);

      assertThat(out.toString())
          .contains("Compaction watch in " + keyspace.localDatacenter() + ": pending compactions")
          .contains("Going on after")
          .containsPattern("load\\(s\\) by this run; paused [1-9][0-9]* time\\(s\\)");
      assertThat(streamed.loads()).as(out.toString()).isEqualTo(streamed.segments());
      assertThat(rows(session, "people_held")).hasSize((int) written.counts().rowsWritten());
    } finally {
      streaming.shutdownNow();
      compactions.setCompactionThroughputMibPerSec(throughput);
      compactions.enableAutoCompaction(keyspace.name(), "heavy");
    }
  }

  /** About 24 MB in six SSTables, uncompressed: at least 24 s to compact at 1 MiB/s. */
  private static void writeFlushedSstables(
      CqlSession session, NodeCompactions compactions, TestKeyspace keyspace) {
    PreparedStatement insert = session.prepare("INSERT INTO heavy (id, v) VALUES (?, ?)");
    Random random = new Random(42);
    for (int sstable = 0; sstable < 6; sstable++) {
      for (int row = 0; row < 1_000; row++) {
        char[] text = new char[4_096];
        for (int i = 0; i < text.length; i++) {
          text[i] = (char) ('a' + random.nextInt(26));
        }
        session.execute(insert.bind(sstable * 1_000 + row, new String(text)));
      }
      compactions.flush(keyspace.name(), "heavy");
    }
  }

  @Test
  void should_refuse_a_counter_table(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE likes (id int PRIMARY KEY, n counter)");
    JobSpec job =
        JobFiles.load(
            writeJob(
                keyspace, "counters", "likes", "  type: sstables\n  options: {directory: c}\n"));

    assertThatThrownBy(() -> Targets.connect(job.target(), job.baseDir()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("counter column(s) [n]")
        .hasMessageContaining("target type cassandra");
  }

  private static RunReport migrate(Path jobFile) {
    JobSpec job = JobFiles.load(jobFile);
    try (Target target = Targets.connect(job.target(), job.baseDir())) {
      return Migration.prepare(job, target, Clock.systemUTC(), true).run();
    }
  }

  /** Each row's values, write time and TTL rounded to the hour (it counts down while we look). */
  private static Map<Integer, String> rows(CqlSession session, String table) {
    Map<Integer, String> rows = new TreeMap<>();
    for (Row row :
        session.execute(
            "SELECT id, name, n, writetime(name) AS wt, ttl(name) AS ttl FROM " + table)) {
      String previous =
          rows.put(
              row.getInt("id"),
              row.getString("name")
                  + "|"
                  + row.getLong("n")
                  + "|"
                  + row.getLong("wt")
                  + "|ttl "
                  + (row.isNull("ttl") ? "none" : Math.round(row.getInt("ttl") / 3600.0) + "h"));
      assertThat(previous).as("row %d listed twice", row.getInt("id")).isNull();
    }
    return rows;
  }

  private static void writeDump(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int id = 0; id < BSON_DOCS; id++) {
        Object n = id % BAD_EVERY == 7 ? "not a number" : (Object) (id * 3L);
        writer.write(new Document("id", id).append("name", "bson " + id).append("n", n));
      }
    }
  }

  private static void writeCsv(Path file) throws Exception {
    StringBuilder text = new StringBuilder("id,name,n\n");
    for (int i = 0; i < CSV_LINES; i++) {
      int id = 100_000 + i;
      String n = i % BAD_EVERY == 11 ? "twelve" : Long.toString(id * 3L);
      text.append(id).append(",csv ").append(id).append(',').append(n).append('\n');
    }
    Files.writeString(file, text);
  }

  private Path writeJob(TestKeyspace keyspace, String name, String table, String targetRest)
      throws Exception {
    String yaml =
        "name: "
            + name
            + "\nstate-dir: state-"
            + name
            + "\nsources:\n"
            + "  - type: bson\n    path: dump/people.bson\n    write-timestamp: 2024-06-30T00:00:00Z\n"
            + "    options: {split-size: 8KiB}\n"
            + "  - type: csv\n    path: people.csv\n    options: {split-size: 4KiB}\n"
            + "target:\n  contact-points: ["
            + keyspace.hostAndPort()
            + "]\n  local-datacenter: "
            + keyspace.localDatacenter()
            + "\n  keyspace: "
            + keyspace.name()
            + "\n  table: "
            + table
            + "\n"
            + targetRest
            + "mapping:\n  columns:\n    id: id\n    name: name\n    n: n\n"
            + "max-errors: 100%\n";
    return Files.writeString(dir.resolve(name + ".yaml"), yaml);
  }
}
