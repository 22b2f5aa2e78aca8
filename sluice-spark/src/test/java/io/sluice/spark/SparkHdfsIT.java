package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.parquet.ParquetFixtureWriter;
import io.sluice.testinfra.LoopbackHdfs;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job whose sources are on HDFS (a real namenode and datanode on loopback, Hadoop's own
 * MiniDFSCluster) runs on Spark {@code local[4]}: a BSON dump, a CSV folder named by a glob and a
 * Parquet file of several row groups, each cut into many splits and read by the tasks through
 * Hadoop's FileSystem at their splits' offsets. Every row arrives once with its values, the rejects
 * name the {@code hdfs://} file and offset, and a second submission finds nothing left to do.
 */
@RealCassandra
class SparkHdfsIT {

  private static final int BSON_DOCS = 6_000;
  private static final int CSV_FILES = 2;
  private static final int CSV_LINES = 2_000;
  private static final int PARQUET_ROWS = 4_000;
  private static final int PARQUET_GROUP = 500;
  private static final int BAD_EVERY = 1_000;
  private static final MessageType PARQUET_SCHEMA =
      MessageTypeParser.parseMessageType(
          "message rows { required int32 id; required binary name (STRING); required int64 n; }");

  private static final Pattern PLANNED =
      Pattern.compile("3 source\\(s\\), (\\d+) split\\(s\\) \\((\\d+) to run as Spark tasks\\)");

  @TempDir static Path dir;

  static MiniDFSCluster hdfs;
  static String hdfsRoot;

  @BeforeAll
  static void startHdfs() throws Exception {
    Configuration conf = new Configuration();
    LoopbackHdfs.settings(dir.resolve("hdfs")).forEach(conf::set);
    hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    hdfs.waitActive();
    hdfsRoot = hdfs.getURI().toString();
    Path local = dir.resolve("local");
    TestFiles.writeDump(local.resolve("dump/people.bson"), BSON_DOCS, BAD_EVERY);
    TestFiles.writeCsv(local.resolve("csv"), CSV_FILES, CSV_LINES, BAD_EVERY);
    Files.writeString(local.resolve("csv/notes.txt"), "not matched by the glob\n");
    writeParquet(local.resolve("parquet/people.parquet"));
    FileSystem fs = hdfs.getFileSystem();
    fs.copyFromLocalFile(
        new org.apache.hadoop.fs.Path(local.toUri()), new org.apache.hadoop.fs.Path("/data"));
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.shutdown();
    }
  }

  private static void writeParquet(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    try (ParquetFixtureWriter writer = ParquetFixtureWriter.create(file, PARQUET_SCHEMA)) {
      for (int i = 0; i < PARQUET_ROWS; i++) {
        int id = 200_000 + i;
        writer.write(
            writer.newRow().append("id", id).append("name", "parquet " + id).append("n", id * 3L));
        if ((i + 1) % PARQUET_GROUP == 0) {
          writer.endRowGroup();
        }
      }
    }
  }

  private static Path writeJob(TestKeyspace keyspace) throws Exception {
    String data = hdfsRoot + "/data";
    return JobFile.write(
        dir,
        "hdfs",
        keyspace,
        "people_hdfs",
        "  - type: bson\n    path: "
            + data
            + "/dump/people.bson\n    options: {split-size: 32KiB}\n"
            + "  - type: csv\n    path: "
            + data
            + "/csv/*.csv\n    options: {multiline: false, split-size: 16KiB}\n"
            + "  - type: parquet\n    path: "
            + data
            + "/parquet\n",
        "mapping:\n  columns:\n    id: id\n    name: name\n    n: n\n");
  }

  private static int submit(Path job, StringWriter out) {
    return SluiceSpark.run(
        SparkMigrationIT.sparkConf(), new PrintWriter(out, true), "migrate", job.toString());
  }

  @Test
  void should_load_every_row_once_from_hdfs(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute("CREATE TABLE people_hdfs (id int PRIMARY KEY, name text, n bigint)");
    Path job = writeJob(keyspace);
    StringWriter out = new StringWriter();
    int exit = submit(job, out);
    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);

    int badBson = BSON_DOCS / BAD_EVERY;
    int badCsv = CSV_FILES * (CSV_LINES / BAD_EVERY);
    int read = BSON_DOCS + CSV_FILES * CSV_LINES + PARQUET_ROWS;
    JsonNode counts =
        new ObjectMapper().readTree(dir.resolve("state-hdfs/report.json").toFile()).get("counts");
    assertThat(counts.get("records-read").asLong()).isEqualTo(read);
    assertThat(counts.get("rejected-mapping").asLong()).isEqualTo(badBson + badCsv);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(read - badBson - badCsv);
    Matcher planned = PLANNED.matcher(out.toString());
    assertThat(planned.find()).as(out.toString()).isTrue();
    assertThat(Integer.parseInt(planned.group(1))).as("splits").isGreaterThan(10);
    assertThat(planned.group(2)).as("splits run").isEqualTo(planned.group(1));

    Map<Integer, String> rows = new HashMap<>();
    for (Row row : session.execute("SELECT id, name, n FROM people_hdfs")) {
      rows.put(row.getInt("id"), row.getString("name") + "|" + row.getLong("n"));
    }
    assertThat(rows).hasSize(read - badBson - badCsv);
    assertThat(rows)
        .containsEntry(0, "bson 0|0")
        .containsEntry(BSON_DOCS - 1, "bson " + (BSON_DOCS - 1) + "|" + (BSON_DOCS - 1) * 3L)
        .containsEntry(
            100_000 + CSV_LINES, "csv " + (100_000 + CSV_LINES) + "|" + (100_000 + CSV_LINES) * 3L)
        .containsEntry(
            200_000 + PARQUET_ROWS - 1,
            "parquet " + (200_000 + PARQUET_ROWS - 1) + "|" + (200_000 + PARQUET_ROWS - 1) * 3L)
        .doesNotContainKey(7)
        .doesNotContainKey(100_011);

    List<String> rejects = Files.readAllLines(dir.resolve("state-hdfs/rejects.jsonl"));
    assertThat(rejects).hasSize(badBson + badCsv);
    assertThat(rejects)
        .allSatisfy(line -> assertThat(line).contains(hdfsRoot + "/data/", "\"offset\":"));

    StringWriter again = new StringWriter();
    assertThat(submit(job, again)).as(again.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(again.toString()).contains("(0 to run as Spark tasks)");
    JsonNode second =
        new ObjectMapper().readTree(dir.resolve("state-hdfs/report.json").toFile()).get("counts");
    assertThat(second.get("rows-written").asLong()).isEqualTo(read - badBson - badCsv);
    assertThat(session.execute("SELECT count(*) FROM people_hdfs").one().getLong(0))
        .isEqualTo(read - badBson - badCsv);
  }
}
