package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table source that cannot be read as asked is refused before the first write, in one sentence,
 * and nothing is written.
 */
@RealCassandra
class TableSourceRefusalIT {

  @TempDir Path dir;

  @BeforeAll
  static void createTables(CqlSession session) {
    session.execute("CREATE TABLE people (id int PRIMARY KEY, name text)");
    session.execute("CREATE TABLE people_copy (id int PRIMARY KEY, name text)");
    session.execute("CREATE TABLE visits (id int PRIMARY KEY, hits counter)");
    session.execute("INSERT INTO people (id, name) VALUES (1, 'Ada')");
  }

  private Path job(TestKeyspace keyspace, String contactPoint, String options) throws Exception {
    String sources =
        "  - name: old\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + "      contact-points: ["
            + contactPoint
            + "]\n"
            + "      keyspace: "
            + keyspace.name()
            + "\n"
            + options;
    return JobFile.write(
        dir,
        "refused",
        keyspace,
        "people_copy",
        sources,
        "mapping:\n  columns: { id: id, name: name }\n");
  }

  private static void assertNothingWritten(CqlSession session) {
    assertThat(session.execute("SELECT count(*) FROM people_copy").one().getLong(0)).isZero();
  }

  @Test
  void should_name_the_tables_there_are_when_the_table_is_missing(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String err = CliRun.refusal(job(keyspace, keyspace.hostAndPort(), "      table: peple\n"));

    assertThat(err)
        .contains("source 'old': table '" + keyspace.name() + ".peple' does not exist")
        .contains("its tables are [")
        .contains("people, people_copy")
        .contains("visits]");
    assertNothingWritten(session);
  }

  @Test
  void should_refuse_a_counter_table(CqlSession session, TestKeyspace keyspace) throws Exception {
    String err = CliRun.refusal(job(keyspace, keyspace.hostAndPort(), "      table: visits\n"));

    assertThat(err).contains("counter columns [hits] cannot be copied");
    assertNothingWritten(session);
  }

  /** The plan's mapping copies every column by name: one the target table lacks is named. */
  @Test
  void should_name_a_column_the_target_lacks(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    String sources = TableSourceYaml.of("old", keyspace, "people");
    Path job =
        JobFile.write(
            dir,
            "lacking",
            keyspace,
            "people_copy",
            sources,
            "mapping:\n  columns: { id: id, name: name, nickname: name }\n");

    String err = CliRun.refusal(job);

    assertThat(err).contains("nickname");
    assertNothingWritten(session);
  }

  @Test
  void should_name_columns_the_table_lacks(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    String err =
        CliRun.refusal(
            job(
                keyspace,
                keyspace.hostAndPort(),
                "      table: people\n      columns: [name, age]\n"));

    assertThat(err).contains("table people has no columns [age]");
    assertNothingWritten(session);
  }

  @Test
  void should_say_nothing_answers_when_the_source_cluster_is_down(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    String err = CliRun.refusal(job(keyspace, "127.0.0.1:" + closedPort, "      table: people\n"));

    assertThat(err).contains("Nothing answers at 127.0.0.1:" + closedPort);
    assertNothingWritten(session);
  }

  @Test
  void should_refuse_an_unknown_option_and_name_the_known_ones(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String err =
        CliRun.refusal(
            job(keyspace, keyspace.hostAndPort(), "      table: people\n      fetchsize: 10\n"));

    assertThat(err)
        .contains("source 'old' options: unknown setting 'fetchsize'")
        .contains("fetch-size");
    assertNothingWritten(session);
  }

  /** Not a refusal: a partial copy reads exactly the partitions whose token is in the range. */
  @Test
  void should_copy_only_the_token_range_asked_for(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute("CREATE TABLE ranged (id int PRIMARY KEY, name text)");
    session.execute("CREATE TABLE ranged_copy (id int PRIMARY KEY, name text)");
    for (int id = 0; id < 300; id++) {
      session.execute("INSERT INTO ranged (id, name) VALUES (?, ?)", id, "n" + id);
    }
    long from = -(1L << 62);
    long to = 1L << 62;
    String sources =
        TableSourceYaml.of("old", keyspace, "ranged", "token-range: [" + from + ", " + to + "]");
    Path job =
        JobFile.write(
            dir,
            "ranged",
            keyspace,
            "ranged_copy",
            sources,
            "mapping:\n  columns: { id: id, name: name }\nmax-errors: 0\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    long inRange =
        session
            .execute("SELECT count(*) FROM ranged WHERE token(id) > ? AND token(id) <= ?", from, to)
            .one()
            .getLong(0);
    assertThat(inRange).isBetween(1L, 299L);
    assertThat(session.execute("SELECT count(*) FROM ranged_copy").one().getLong(0))
        .isEqualTo(inRange);
    assertThat(
            session
                .execute(
                    "SELECT count(*) FROM ranged_copy WHERE token(id) <= ? ALLOW FILTERING", from)
                .one()
                .getLong(0))
        .isZero();
  }
}
