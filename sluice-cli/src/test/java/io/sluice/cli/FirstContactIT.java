package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mistakes a new user makes in a first job file, each refused before the first write in one
 * sentence that says what to do, with no driver class or stack trace, and all of a job's mistakes
 * in one run. (A wrong password is in {@link PasswordLoginIT}, TLS mistakes in {@link TlsIT}.)
 */
@RealCassandra
class FirstContactIT {

  @TempDir Path dir;
  private TestKeyspace keyspace;

  @BeforeEach
  void createTable(CqlSession session, TestKeyspace keyspace) throws IOException {
    this.keyspace = keyspace;
    session.execute("CREATE TABLE IF NOT EXISTS people (id text PRIMARY KEY, name text)");
    session.execute("TRUNCATE people");
    Files.writeString(dir.resolve("people.csv"), "id,name\np1,Ada\n");
  }

  /** A job reading {@code file}, writing to {@code contactPoint} in {@code datacenter}. */
  private Path job(String file, String contactPoint, String datacenter, String column)
      throws IOException {
    String yaml =
        "name: first\n"
            + "sources:\n  - type: csv\n    path: "
            + file
            + "\n"
            + "target:\n  contact-points: ["
            + contactPoint
            + "]\n  local-datacenter: "
            + datacenter
            + "\n  keyspace: "
            + keyspace.name()
            + "\n  table: people\n"
            + "mapping:\n  columns:\n    id: id\n    "
            + column
            + ": name\n";
    return Files.writeString(dir.resolve("first.yaml"), yaml);
  }

  private Path job(String file, String datacenter, String column) throws IOException {
    return job(file, keyspace.hostAndPort(), datacenter, column);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static String refused(Path job) {
    String err = CliRun.refusal(job);
    assertThat(err).doesNotContain("Exception", "com.datastax", "\tat ");
    return err;
  }

  @Test
  void should_say_that_nothing_answers_at_the_contact_point(CqlSession session) throws IOException {
    String nowhere = "127.0.0.1:" + freePort();

    String err = refused(job("people.csv", nowhere, keyspace.localDatacenter(), "name"));

    assertThat(err)
        .startsWith(
            "Error: Nothing answers at "
                + nowhere
                + " (connection refused): start the cluster (for the local node: sluice cassandra"
                + " start), or correct target.contact-points (an address and its CQL port, 9042 by"
                + " default).");
    assertThat(session.execute("SELECT id FROM people").all()).isEmpty();
  }

  @Test
  void should_name_the_datacenters_the_cluster_has(CqlSession session) throws IOException {
    String err = refused(job("people.csv", "dc9", "name"));

    assertThat(err)
        .startsWith(
            "Error: The cluster at "
                + keyspace.hostAndPort()
                + " has no datacenter 'dc9'; its datacenters are "
                + keyspace.localDatacenter()
                + ": set target.local-datacenter to one of them.");
    assertThat(session.execute("SELECT id FROM people").all()).isEmpty();
  }

  @Test
  void should_name_a_mapped_column_the_table_lacks(CqlSession session) throws IOException {
    String err = refused(job("people.csv", keyspace.localDatacenter(), "nickname"));

    assertThat(err)
        .startsWith(
            "Error: Column 'nickname' is not in table "
                + keyspace.name()
                + ".people, whose columns are id, name.");
    assertThat(session.execute("SELECT id FROM people").all()).isEmpty();
  }

  @Test
  void should_report_every_mistake_of_a_job_in_one_run(CqlSession session) throws IOException {
    String err = refused(job("nosuch.csv", "dc9", "nickname"));

    assertThat(err).startsWith("Error: 3 problems stop job 'first':\n  - ");
    assertThat(err.lines().filter(line -> line.startsWith("  - ")))
        .hasSize(3)
        .anySatisfy(line -> assertThat(line).contains("nosuch.csv"))
        .anySatisfy(line -> assertThat(line).contains("has no datacenter 'dc9'"))
        .anySatisfy(line -> assertThat(line).contains("Column 'nickname' is not in table"));
    assertThat(session.execute("SELECT id FROM people").all()).isEmpty();
  }

  @Test
  void should_report_every_mistake_of_a_job_in_one_plan() throws IOException {
    CliRun run = CliRun.of("plan", job("nosuch.csv", "dc9", "nickname").toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.err()).startsWith("Error: 3 problems stop job 'first':\n  - ");
    assertThat(run.err()).doesNotContain("Exception", "com.datastax");
  }
}
