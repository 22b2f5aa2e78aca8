package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The orders snapshot exported by HBase's own {@code ExportSnapshot} to S3 (a real S3 server on
 * loopback, {@link LoopbackS3}) and read there as docs/hbase.md says, the connector's two jars
 * added to the plugin folder: by the CLI as a process (the endpoint and key pair in {@code
 * HADOOP_CONF_DIR}'s {@code core-site.xml}), and on Spark {@code local[2]} (as the submission's
 * {@code spark.hadoop.*} settings). Every cell as HBase's {@code Get} returned it at snapshot time;
 * no restore folder left in the bucket; the secret key nowhere in what the run prints or saves.
 * Without the connector, the run stops before reading, naming the jars.
 */
@RealCassandra
@ExtendWith(TtlLeft.class)
class HBaseS3IT {

  private static final String EXPORT = "s3a://exports/orders";

  private static Path work;
  private static OrdersSnapshot.Export export;
  private static LoopbackS3 s3;
  private static Path hadoopConf;

  @BeforeAll
  static void exportToS3() throws Exception {
    work = SnapshotFixture.workFor(HBaseS3IT.class);
    export = SnapshotFixture.export();
    s3 = LoopbackS3.start(work.resolve("s3"), "exports");
    Configuration conf = new Configuration();
    s3.hadoopSettings().forEach(conf::set);
    SnapshotFixture.exportOrdersTo(conf, EXPORT);
    // As a machine set up for Hadoop has it: the store's endpoint and keys in core-site.xml.
    hadoopConf = Files.createDirectories(work.resolve("hadoop-conf"));
    Files.writeString(
        hadoopConf.resolve("core-site.xml"),
        s3.hadoopSettings().entrySet().stream()
            .map(
                setting ->
                    "  <property><name>"
                        + setting.getKey()
                        + "</name><value>"
                        + setting.getValue()
                        + "</value></property>\n")
            .collect(Collectors.joining("", "<configuration>\n", "</configuration>\n")));
  }

  @AfterAll
  static void stopS3() {
    if (s3 != null) {
      s3.close();
    }
  }

  @Test
  void should_load_the_snapshot_from_s3_with_the_connector_in_the_plugin_folder(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_s3");
    Path jobFile = job(keyspace, "orders_s3");

    CliProcess migrate =
        CliProcess.start(
            work,
            pluginsWithConnector(),
            Map.of("HADOOP_CONF_DIR", hadoopConf.toString()),
            "migrate",
            jobFile.toString());
    int exit = migrate.waitFor(300);

    assertThat(exit).as(migrate.output()).isZero();
    assertThat(migrate.stdout()).contains("2 split(s)");
    // Nothing on standard error: the S3 connector's libraries log as the CLI does.
    assertThat(migrate.stderr()).isBlank();
    JsonNode counts =
        new ObjectMapper()
            .readTree(work.resolve("state-orders_s3/report.json").toFile())
            .get("counts");
    assertThat(counts.get("records-read").asLong()).isEqualTo(export.rows().size());
    assertThat(counts.get("rows-written").asLong()).isEqualTo(export.rows().size());
    OrdersColumnChecks.assertEveryCell(session, "orders_s3", export.rows());
    // The snapshot was restored in the bucket (the server keeps the folder its files were in),
    // not in the process's local temporary folder, and nothing of the restore is left.
    assertThat(work.resolve("s3/buckets/exports/tmp")).isDirectory();
    assertThat(work.resolve("tmp")).isEmptyDirectory();
    assertThat(restoreFoldersInBucket()).as("restore folders left in s3a://exports/tmp").isEmpty();
    assertThat(migrate.output()).doesNotContain(s3.secretKey());
    assertThat(filesHolding(work.resolve("state-orders_s3"), s3.secretKey())).isEmpty();
  }

  /**
   * On Spark ({@code local[2]}) the store's settings come as the submission's {@code
   * spark.hadoop.*}, as Spark's own S3 reading takes them, and the same plugin folder.
   */
  @Test
  void should_load_the_snapshot_from_s3_on_spark_with_the_submissions_settings(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_s3_spark");
    Path jobFile = job(keyspace, "orders_s3_spark");
    List<String> settings =
        s3.hadoopSettings().entrySet().stream()
            .map(setting -> "spark.hadoop." + setting.getKey() + "=" + setting.getValue())
            .toList();
    Path sparkWork = Files.createDirectories(work.resolve("spark"));

    SparkProcess.Finished spark =
        SparkProcess.run(
            sparkWork, 300, pluginsWithConnector(), settings, "migrate", jobFile.toString());

    assertThat(spark.exitCode()).as(spark.output()).isZero();
    assertThat(spark.output()).contains("2 split(s)").doesNotContain(s3.secretKey());
    OrdersColumnChecks.assertEveryCell(session, "orders_s3_spark", export.rows());
    assertThat(filesHolding(work.resolve("state-orders_s3_spark"), s3.secretKey())).isEmpty();
    assertThat(restoreFoldersInBucket()).as("restore folders left in s3a://exports/tmp").isEmpty();
  }

  @Test
  void should_name_the_connector_jars_when_the_plugin_folder_lacks_them(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    OrdersColumnChecks.createTable(session, "orders_s3_refused");
    Path jobFile = job(keyspace, "orders_s3_refused");

    CliProcess migrate =
        CliProcess.start(
            work, Map.of("HADOOP_CONF_DIR", hadoopConf.toString()), "migrate", jobFile.toString());
    int exit = migrate.waitFor(300);

    assertThat(exit).as(migrate.output()).isNotZero();
    assertThat(migrate.stderr())
        .contains("s3a://")
        .contains("hadoop-aws-3.3.5.jar")
        .contains("aws-java-sdk-bundle")
        .doesNotContain(s3.secretKey());
    assertThat(session.execute("SELECT count(*) FROM orders_s3_refused").one().getLong(0)).isZero();
  }

  /** A job loading the export in S3 into {@code table}, its state in {@code state-TABLE}. */
  private static Path job(TestKeyspace keyspace, String table) throws IOException {
    return Files.writeString(
        work.resolve(table + ".yaml"),
        SnapshotFixture.ordersJob(
            keyspace, EXPORT, table, "state-" + table, "", SnapshotFixture.ORDERS_COLUMNS));
  }

  /**
   * A plugins root whose {@code hbase-snapshot} folder holds the plugin's jars and the S3
   * connector's two, as a user's does after adding them (links here, to copy nothing).
   */
  private static Path pluginsWithConnector() throws IOException {
    Path root = work.resolve("plugins-s3");
    Path folder = Files.createDirectories(root.resolve("hbase-snapshot"));
    List<Path> jars =
        Stream.concat(
                jarsIn(Path.of(System.getProperty("sluice.plugins"), "hbase-snapshot")).stream(),
                jarsIn(Path.of(System.getProperty("sluice.it.s3a-connector"))).stream())
            .toList();
    for (Path jar : jars) {
      Path link = folder.resolve(jar.getFileName());
      if (!Files.exists(link)) {
        Files.createSymbolicLink(link, jar.toAbsolutePath());
      }
    }
    return root;
  }

  private static List<Path> jarsIn(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(file -> file.toString().endsWith(".jar")).toList();
    }
  }

  /** The restore folders under the bucket's {@code /tmp}, where the CLI restores by default. */
  private static List<FileStatus> restoreFoldersInBucket() throws IOException {
    Configuration conf = new Configuration();
    s3.hadoopSettings().forEach(conf::set);
    org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path("s3a://exports/tmp");
    FileSystem fs = tmp.getFileSystem(conf);
    // S3 has no folders: once the last restore folder is gone, so is /tmp.
    if (!fs.exists(tmp)) {
      return List.of();
    }
    return Arrays.stream(fs.listStatus(tmp))
        .filter(status -> status.getPath().getName().startsWith("sluice-hbase-restore-"))
        .toList();
  }

  private static List<Path> filesHolding(Path dir, String text) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(Files::isRegularFile)
          .filter(
              file -> {
                try {
                  return new String(Files.readAllBytes(file), StandardCharsets.UTF_8)
                      .contains(text);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .toList();
    }
  }
}
