package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.snapshot.ExportSnapshot;
import org.apache.hadoop.util.ToolRunner;

/**
 * The snapshots {@link OrdersSnapshot} builds with HBase, built once per build of the module (HBase
 * takes about a minute to start, fill and export them) for every test class that reads them, in
 * whichever test JVM, and the job files that load them.
 */
final class SnapshotFixture {

  /** The mapping of the orders snapshot's cells to columns of blobs, as YAML lines. */
  static final String ORDERS_COLUMNS =
      "    rowkey: rowkey\n"
          + "    name: \"d:name\"\n"
          + "    qty: \"d:qty\"\n"
          + "    temp: \"d:temp\"\n"
          + "    note: \"t:note\"\n"
          + "    gone: \"d:gone\"\n";

  /** How a build's expected cells are recorded for the other test JVMs. */
  private static final ObjectMapper RECORD = new ObjectMapper();

  private static OrdersSnapshot.Export export;

  private SnapshotFixture() {}

  /** The exported snapshots, built the first time a test asks. */
  static synchronized OrdersSnapshot.Export export() throws Exception {
    if (export == null) {
      export = sharedBuild();
    }
    return export;
  }

  /**
   * The snapshots of this build: the test JVMs of one Maven run (its Failsafe forks) share them,
   * the first to take the lock building them and recording what HBase's {@code Get} returned, the
   * others reading that record, since HBase takes about a minute of both cores to start, fill and
   * export them. A later run builds its own (its cells' TTLs are counted from its build).
   */
  private static OrdersSnapshot.Export sharedBuild() throws Exception {
    // The build's start, which Failsafe gives every fork of one Maven run; else this JVM's own.
    String build = System.getProperty("sluice.it.build", "jvm-" + ProcessHandle.current().pid());
    Path dir = itWork().resolve("hbase-snapshots-" + build);
    Path recorded = dir.resolve("expected.json");
    Files.createDirectories(itWork());
    try (FileChannel channel =
            FileChannel.open(
                itWork().resolve("hbase-snapshots.lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      if (Files.exists(recorded)) {
        return RECORD.readValue(recorded.toFile(), OrdersSnapshot.Export.class);
      }
      // A folder left by a build that failed: ExportSnapshot refuses to overwrite a snapshot.
      deleteTree(dir);
      OrdersSnapshot.Export built = OrdersSnapshot.build(Files.createDirectories(dir));
      RECORD.writeValue(recorded.toFile(), built);
      return built;
    }
  }

  /**
   * Copies the orders export with HBase's own {@code ExportSnapshot} to {@code uri}, on the file
   * system {@code conf} reaches (HDFS, S3), as a team copies its export off the cluster.
   */
  static void exportOrdersTo(Configuration conf, String uri) throws Exception {
    Configuration exportConf = new Configuration(conf);
    exportConf.set("mapreduce.framework.name", "local");
    int exitCode =
        ToolRunner.run(
            exportConf,
            new ExportSnapshot(),
            new String[] {
              "-snapshot",
              OrdersSnapshot.SNAPSHOT,
              "-copy-from",
              export().folder().toUri().toString(),
              "-copy-to",
              uri,
              // The local file system's checksums are not those of HDFS or S3: nothing to compare.
              "-no-checksum-verify"
            });
    assertThat(exitCode).as("ExportSnapshot's exit code").isZero();
  }

  /** An empty folder of the test class's own, for its job files and state. */
  static Path workFor(Class<?> test) throws IOException {
    Path work = itWork().resolve(test.getSimpleName());
    deleteTree(work);
    return Files.createDirectories(work);
  }

  /**
   * A job loading the orders snapshot at {@code folder} into {@code table}, with more source
   * options and the mapping's columns as YAML lines.
   */
  static String ordersJob(
      TestKeyspace keyspace,
      Path folder,
      String table,
      String stateDir,
      String options,
      String columns) {
    return ordersJob(keyspace, folder.toString(), table, stateDir, options, columns);
  }

  /** The same, the export named by a path or a URI ({@code hdfs://...}). */
  static String ordersJob(
      TestKeyspace keyspace,
      String folder,
      String table,
      String stateDir,
      String options,
      String columns) {
    return "name: "
        + table
        + "\n"
        + "state-dir: "
        + stateDir
        + "\n"
        + "sources:\n"
        + "  - name: hbase\n"
        + "    type: hbase-snapshot\n"
        + "    path: "
        + folder
        + "\n"
        + "    options:\n"
        + "      snapshot: "
        + OrdersSnapshot.SNAPSHOT
        + "\n"
        + "      row-key: utf8\n"
        + options
        + targetAndMapping(keyspace, table, columns);
  }

  private static Path itWork() {
    return Path.of(System.getProperty("sluice.it.work-dir", "target/it-work"));
  }

  /** Copies a folder and everything under it, for a test that damages the copy. */
  static void copyFolder(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : paths.toList()) {
        Path copy = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(copy);
        } else {
          Files.copy(path, copy);
        }
      }
    }
  }

  /** A job's {@code target:} (the test's node and keyspace) and its mapping's columns, as YAML. */
  static String targetAndMapping(TestKeyspace keyspace, String table, String columns) {
    return "target:\n"
        + "  contact-points: ["
        + keyspace.hostAndPort()
        + "]\n"
        + "  local-datacenter: "
        + keyspace.localDatacenter()
        + "\n"
        + "  keyspace: "
        + keyspace.name()
        + "\n"
        + "  table: "
        + table
        + "\n"
        + "mapping:\n"
        + "  columns:\n"
        + columns;
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
