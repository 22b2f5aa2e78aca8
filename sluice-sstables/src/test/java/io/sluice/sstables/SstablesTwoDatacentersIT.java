package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.Targets;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.TestSessions;
import io.sluice.testinfra.TwoDatacenters;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster of two local nodes in two datacenters, {@code dc1} and {@code dc2}, and a keyspace
 * replicated to both: SSTables streamed with {@code datacenters: [dc2]} put every row on the dc2
 * node and nothing on the dc1 node, each read through its own datacenter at {@code LOCAL_ONE}.
 */
class SstablesTwoDatacentersIT {

  private static final int DOCS = 500;
  private static final long WRITTEN_AT = 1_719_705_600_000_000L;

  @TempDir static Path dir;
  private static TwoDatacenters cluster;
  private static InetSocketAddress dc1;
  private static InetSocketAddress dc2;

  @BeforeAll
  static void startTwoDatacenters() throws Exception {
    cluster = TwoDatacenters.start("sstables-", "dc1", "dc2");
    dc1 = cluster.first();
    dc2 = cluster.second();
    try (CqlSession session = TestSessions.connect(dc1, "dc1")) {
      session.execute(
          "CREATE KEYSPACE both WITH replication ="
              + " {'class': 'NetworkTopologyStrategy', 'dc1': 1, 'dc2': 1}");
      session.execute("CREATE TABLE both.people (id int PRIMARY KEY, name text)");
      session.execute(
          "CREATE KEYSPACE spread WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE spread.people (id int PRIMARY KEY, name text)");
      session.execute(
          "CREATE KEYSPACE direct WITH replication ="
              + " {'class': 'NetworkTopologyStrategy', 'dc1': 1, 'dc2': 1}");
      session.execute("CREATE TABLE direct.people (id int PRIMARY KEY, name text)");
    }
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int id = 0; id < DOCS; id++) {
        writer.write(new Document("id", id).append("name", "person " + id));
      }
    }
  }

  @AfterAll
  static void stopNodes() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static Path writeJob(String name, String datacenters) throws Exception {
    return writeJob(name, "both", datacenters, "8KiB", "");
  }

  private static Path writeJob(
      String name, String keyspace, String datacenters, String splitSize, String moreOptions)
      throws Exception {
    String yaml =
        "name: "
            + name
            + "\nstate-dir: state-"
            + name
            + "\nsources:\n  - type: bson\n    path: people.bson\n"
            + "    write-timestamp: 2024-06-30T00:00:00Z\n    options: {split-size: "
            + splitSize
            + "}\n"
            + "target:\n  type: sstables\n  contact-points: [127.0.0.1:"
            + dc1.getPort()
            + "]\n  local-datacenter: dc1\n  keyspace: "
            + keyspace
            + "\n  table: people\n"
            + "  options: {directory: sstables-"
            + name
            + ", datacenters: "
            + datacenters
            + moreOptions
            + "}\nmapping:\n  columns:\n    id: id\n    name: name\n";
    return Files.writeString(dir.resolve(name + ".yaml"), yaml);
  }

  private static RunReport migrate(JobSpec job) {
    try (Target target = Targets.connect(job.target(), job.baseDir())) {
      return Migration.prepare(job, target, Clock.systemUTC(), true).run();
    }
  }

  private static long count(InetSocketAddress node, String datacenter) {
    return count(node, datacenter, "both");
  }

  private static long count(InetSocketAddress node, String datacenter, String keyspace) {
    try (CqlSession session = TestSessions.connect(node, datacenter)) {
      return session
          .execute(
              SimpleStatement.newInstance("SELECT count(*) FROM " + keyspace + ".people")
                  .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_ONE))
          .one()
          .getLong(0);
    }
  }

  @Test
  void should_stream_every_row_to_the_datacenter_named_and_none_to_the_other() throws Exception {
    JobSpec job = JobFiles.load(writeJob("dc2only", "[dc2]"));
    RunReport report = migrate(job);
    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(DOCS);

    StringWriter out = new StringWriter();
    SstableStream.Result streamed = SstableStream.run(job, new PrintWriter(out, true));

    assertThat(streamed.loads()).as(out.toString()).isPositive();
    assertThat(out.toString()).contains("into datacenter(s) [dc2]");
    assertThat(count(dc2, "dc2")).isEqualTo(DOCS);
    assertThat(count(dc1, "dc1")).as("rows on the dc1 node").isZero();
    try (CqlSession session = TestSessions.connect(dc2, "dc2")) {
      var row =
          session
              .execute(
                  SimpleStatement.newInstance(
                          "SELECT name, writetime(name) FROM both.people WHERE id = 42")
                      .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_ONE))
              .one();
      assertThat(row.getString(0)).isEqualTo("person 42");
      assertThat(row.getLong(1)).isEqualTo(WRITTEN_AT);
    }
  }

  @Test
  void should_cut_the_files_where_the_replicas_change_and_load_every_row() throws Exception {
    // One replica in all, on either node: the ring's ranges alternate between the two.
    JobSpec job = JobFiles.load(writeJob("spread", "spread", "[dc1, dc2]", "1MiB", ""));
    RunReport report = migrate(job);
    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(DOCS);
    Path segments = dir.resolve("sstables-spread").resolve("segments");
    assertThat(DataFiles.namesUnder(segments))
        .as("one split, one segment, a file per range with rows")
        .hasSizeGreaterThan(1);

    StringWriter out = new StringWriter();
    SstableStream.run(job, new PrintWriter(out, true));

    try (CqlSession session = TestSessions.connect(dc1, "dc1")) {
      long rows =
          session
              .execute(
                  SimpleStatement.newInstance("SELECT count(*) FROM spread.people")
                      .setConsistencyLevel(DefaultConsistencyLevel.ONE))
              .one()
              .getLong(0);
      assertThat(rows).as(out.toString()).isEqualTo(DOCS);
      assertThat(
              session
                  .execute(
                      SimpleStatement.newInstance("SELECT name FROM spread.people WHERE id = 7")
                          .setConsistencyLevel(DefaultConsistencyLevel.ONE))
                  .one()
                  .getString(0))
          .isEqualTo("person 7");
    }
  }

  @Test
  void should_stream_right_after_migrate_through_the_writer_into_the_datacenter_named_only()
      throws Exception {
    JobSpec job =
        JobFiles.load(
            writeJob("direct", "direct", "[dc2]", "8KiB", ", stream-after-migrate: true"));
    StringWriter out = new StringWriter();
    try (Target target = Targets.connect(job.target(), job.baseDir())) {
      RunReport report = Migration.prepare(job, target, Clock.systemUTC(), true).run();
      assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
      target.afterMigration(job, true, new PrintWriter(out, true));
    }

    assertThat(out.toString()).contains("into datacenter(s) [dc2]", "Streamed");
    assertThat(count(dc2, "dc2", "direct")).as(out.toString()).isEqualTo(DOCS);
    assertThat(count(dc1, "dc1", "direct")).as("rows on the dc1 node").isZero();
    assertThat(DataFiles.namesUnder(dir.resolve("sstables-direct")))
        .as("every segment is loaded and removed")
        .isEmpty();
  }

  @Test
  void should_refuse_a_datacenter_the_cluster_lacks_before_loading_anything() throws Exception {
    JobSpec job = JobFiles.load(writeJob("dc3", "[dc3]"));

    assertThatThrownBy(() -> SstableStream.run(job, new PrintWriter(new StringWriter(), true)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dc3")
        .hasMessageContaining("[dc1, dc2]");
  }
}
