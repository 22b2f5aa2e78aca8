package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LoopbackHdfs;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.StandaloneSpark;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The orders snapshot exported by HBase's own {@code ExportSnapshot} to HDFS (Hadoop's
 * MiniDFSCluster: a real namenode and datanode on loopback) and read there, with no copy to the
 * local disk: by the CLI as a process (the namenode named by {@code HADOOP_CONF_DIR}'s site file),
 * and on a Spark standalone cluster (named in the path). Every cell as HBase's {@code Get} returned
 * it at snapshot time, at its own write time and TTL; the folders the snapshot was restored into
 * (on HDFS, beside the export) are gone when the run ends.
 */
@RealCassandra
@ExtendWith(TtlLeft.class)
class HBaseHdfsIT {

  private static Path work;
  private static OrdersSnapshot.Export export;
  private static MiniDFSCluster hdfs;
  private static String exportUri;

  @BeforeAll
  static void exportToHdfs() throws Exception {
    work = SnapshotFixture.workFor(HBaseHdfsIT.class);
    export = SnapshotFixture.export();
    Configuration conf = new Configuration();
    LoopbackHdfs.settings(work.resolve("hdfs")).forEach(conf::set);
    hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    hdfs.waitActive();
    exportUri = hdfs.getURI() + "/exports/orders";
    Configuration exportConf = new Configuration(conf);
    exportConf.set("fs.defaultFS", hdfs.getURI().toString());
    SnapshotFixture.exportOrdersTo(exportConf, exportUri);
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.shutdown();
    }
  }

  @Test
  void should_load_the_snapshot_from_hdfs_with_the_cli(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    OrdersColumnChecks.createTable(session, "orders_hdfs");
    // As on a machine set up for Hadoop: the namenode from HADOOP_CONF_DIR, not from the path.
    Path confDir = Files.createDirectories(work.resolve("hadoop-conf"));
    Files.writeString(
        confDir.resolve("core-site.xml"),
        "<configuration><property><name>fs.defaultFS</name><value>"
            + hdfs.getURI()
            + "</value></property></configuration>\n");
    Path jobFile = work.resolve("orders-hdfs.yaml");
    Files.writeString(
        jobFile,
        SnapshotFixture.ordersJob(
            keyspace,
            "hdfs:///exports/orders",
            "orders_hdfs",
            "state-cli",
            "",
            SnapshotFixture.ORDERS_COLUMNS));

    CliProcess migrate =
        CliProcess.start(
            work, Map.of("HADOOP_CONF_DIR", confDir.toString()), "migrate", jobFile.toString());
    int exit = migrate.waitFor(300);

    assertThat(exit).as(migrate.output()).isZero();
    assertThat(migrate.stdout()).contains("2 split(s)");
    JsonNode counts =
        new ObjectMapper().readTree(work.resolve("state-cli/report.json").toFile()).get("counts");
    assertThat(counts.get("records-read").asLong()).isEqualTo(export.rows().size());
    assertThat(counts.get("rows-written").asLong()).isEqualTo(export.rows().size());
    OrdersColumnChecks.assertEveryCell(session, "orders_hdfs", export.rows());
    assertThat(restoreFolders()).as("restore folders left in hdfs:///tmp").isEmpty();
  }

  /**
   * Spark's own standalone cluster on loopback (a master and two workers, the tasks in executor
   * JVMs apart from the driver, which share no folder of the test but HDFS): each executor restores
   * the snapshot on HDFS and removes its folder when the cluster stops it.
   */
  @Test
  void should_load_the_snapshot_from_hdfs_on_a_spark_cluster(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_hdfs_spark");
    Path jobFile = work.resolve("orders-hdfs-spark.yaml");
    Files.writeString(jobFile, job(keyspace, "orders_hdfs_spark", "state-spark"));
    List<Path> sparkJars =
        StandaloneSpark.jarsListedIn(Path.of(System.getProperty("sluice.spark.classpath")));

    try (StandaloneSpark spark = StandaloneSpark.start(work.resolve("spark"), 2, sparkJars)) {
      Process driver =
          spark.submit(
              "migrate",
              List.of("-Dsluice.plugins=" + System.getProperty("sluice.plugins")),
              Path.of(System.getProperty("sluice.spark.jar")),
              "io.sluice.spark.SluiceSpark",
              "migrate",
              jobFile.toString());
      assertThat(driver.waitFor(300, TimeUnit.SECONDS)).as(spark.log("migrate")).isTrue();

      assertThat(driver.exitValue()).as(spark.log("migrate")).isZero();
      assertThat(spark.log("migrate")).contains("2 split(s) (2 to run as Spark tasks)");
      OrdersColumnChecks.assertEveryCell(session, "orders_hdfs_spark", export.rows());
      Await.until(
          "the executors' restore folders removed from hdfs:///tmp",
          Duration.ofMinutes(2),
          () -> restoreFolders().isEmpty(),
          () -> restoreFolders().toString());
    }
  }

  /** A restore-dir on another file system than the export's is refused, naming both. */
  @Test
  void should_refuse_a_restore_dir_off_the_exports_file_system(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_refused");
    Path jobFile = work.resolve("orders-local-restore.yaml");
    Path local = work.resolve("restore");
    Files.writeString(
        jobFile,
        SnapshotFixture.ordersJob(
            keyspace,
            exportUri,
            "orders_refused",
            "state-local-restore",
            "      restore-dir: " + local + "\n",
            SnapshotFixture.ORDERS_COLUMNS));

    CliProcess migrate = CliProcess.start(work, "migrate", jobFile.toString());
    int exit = migrate.waitFor(300);

    assertThat(exit).as(migrate.output()).isNotZero();
    assertThat(migrate.stderr())
        .contains("restore-dir file:" + local)
        .contains("and the export on " + hdfs.getURI());
    assertThat(session.execute("SELECT count(*) FROM orders_refused").one().getLong(0)).isZero();
    assertThat(local).doesNotExist();
  }

  /**
   * The restore folders left in HDFS's {@code /tmp}, which nothing but a restore makes here: that
   * it exists shows the snapshot was restored on HDFS.
   */
  private static List<FileStatus> restoreFolders() {
    try {
      return restoreFoldersIn(hdfs.getFileSystem());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<FileStatus> restoreFoldersIn(FileSystem fs) throws IOException {
    org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path("/tmp");
    assertThat(fs.exists(tmp)).as("hdfs:///tmp, made by the restore").isTrue();
    return Arrays.stream(fs.listStatus(tmp))
        .filter(status -> status.getPath().getName().startsWith("sluice-hbase-restore-"))
        .toList();
  }

  private static String job(TestKeyspace keyspace, String table, String stateDir) {
    return SnapshotFixture.ordersJob(
        keyspace, exportUri, table, stateDir, "", SnapshotFixture.ORDERS_COLUMNS);
  }
}
