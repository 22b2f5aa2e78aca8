package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice doctor} against the shared real node: OK on a healthy keyspace and table; a WARN
 * with its fix for a leveled-compaction table and an uncompressed one; a FAIL with its fix for a
 * keyspace whose replicas the job's consistency needs but one node cannot hold, which also stops
 * {@code migrate} before its first write unless {@code --force} (whose writes then fail as said),
 * and only a WARN for the same keyspace at consistency ONE. Decisions a single node cannot show (a
 * node down, schema disagreement, a datacenter gone) are {@code ChecksTest}'s.
 */
@RealCassandra
class DoctorIT {

  private static final String THREE_REPLICAS = "doctor_three_replicas";

  @TempDir static Path dir;
  static TestKeyspace keyspace;
  static CqlSession session;

  @BeforeAll
  static void tables(CqlSession cql, TestKeyspace testKeyspace) throws Exception {
    session = cql;
    keyspace = testKeyspace;
    cql.execute("CREATE TABLE healthy (id int PRIMARY KEY, name text)");
    cql.execute(
        "CREATE TABLE leveled (id int PRIMARY KEY, name text) WITH compaction ="
            + " {'class': 'LeveledCompactionStrategy'}");
    cql.execute(
        "CREATE TABLE uncompressed (id int PRIMARY KEY, name text) WITH compression ="
            + " {'enabled': false}");
    cql.execute(
        "CREATE KEYSPACE IF NOT EXISTS "
            + THREE_REPLICAS
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    for (String table : new String[] {"people", "people_at_one"}) {
      cql.execute(
          "CREATE TABLE IF NOT EXISTS "
              + THREE_REPLICAS
              + "."
              + table
              + " (id int PRIMARY KEY, name text)");
    }
    Files.writeString(dir.resolve("people.csv"), "id,name\n1,Ada\n2,Grace\n");
  }

  @AfterAll
  static void dropKeyspace() {
    session.execute("DROP KEYSPACE IF EXISTS " + THREE_REPLICAS);
  }

  private static Path job(String name, TestKeyspace where, String table, String target)
      throws Exception {
    // No retries: a write the cluster cannot take fails at once rather than after backoffs.
    return JobFile.write(
        dir,
        name,
        where,
        table,
        target,
        "  - type: csv\n    path: people.csv\n",
        "mapping:\n  columns:\n    id: id\n    name: name\nflow: { max-retries: 0 }\n");
  }

  private static TestKeyspace threeReplicas() {
    return new TestKeyspace(keyspace.contactPoints(), keyspace.localDatacenter(), THREE_REPLICAS);
  }

  @Test
  void should_find_the_healthy_node_ok() throws Exception {
    CliRun doctor = CliRun.of("doctor", job("healthy", keyspace, "healthy", "").toString());

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.OK);
    List<String> lines = doctor.out().lines().filter(line -> line.startsWith("  ")).toList();
    assertThat(lines)
        .extracting(line -> line.trim().split("\\s+")[1])
        .containsSubsequence(
            "nodes", "schema", "replication", "table", "protocol", "rate-limit", "flow-signals");
    // The read-ahead line is about this machine's disk, OK or not: ChecksTest covers its rule.
    for (String line : lines) {
      if (!line.contains("readahead")) {
        assertThat(line.trim()).as(line).startsWith("OK ");
      }
    }
    assertThat(doctor.out())
        .containsPattern(
            "OK    nodes        1 node\\(s\\) up \\(1 in datacenter1\\), version [0-9.]+\\.")
        .contains("OK    table        " + keyspace.name() + ".healthy: ");
  }

  @Test
  void should_warn_of_leveled_compaction_and_no_compression_with_the_fix() throws Exception {
    CliRun leveled = CliRun.of("doctor", job("leveled", keyspace, "leveled", "").toString());
    CliRun uncompressed =
        CliRun.of("doctor", job("uncompressed", keyspace, "uncompressed", "").toString());

    assertThat(leveled.exitCode()).as(leveled.toString()).isEqualTo(ExitCodes.OK);
    assertThat(leveled.out())
        .contains(
            "WARN  compaction   "
                + keyspace.name()
                + ".leveled uses LeveledCompactionStrategy: under a bulk load")
        .contains(
            "Fix: load with UnifiedCompactionStrategy (or SizeTieredCompactionStrategy) and switch"
                + " back after: ALTER TABLE "
                + keyspace.name()
                + ".leveled WITH compaction = {'class': 'UnifiedCompactionStrategy'}.");
    assertThat(uncompressed.out())
        .contains("WARN  compression  " + keyspace.name() + ".uncompressed is not compressed")
        .contains("Fix: ALTER TABLE " + keyspace.name() + ".uncompressed WITH compression");
  }

  @Test
  void should_fail_on_replicas_the_consistency_needs_and_stop_migrate_unless_forced()
      throws Exception {
    Path job = job("three", threeReplicas(), "people", "");

    CliRun doctor = CliRun.of("doctor", job.toString());
    CliRun refused = CliRun.of("migrate", job.toString());

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(doctor.out())
        .contains(
            "FAIL  replication  keyspace "
                + THREE_REPLICAS
                + " wants 3 replicas in the cluster, which has 1 node(s): LOCAL_QUORUM needs 2"
                + " replica(s) in the cluster, which can hold 1, so every write of the load fails."
                + " Fix: ALTER KEYSPACE "
                + THREE_REPLICAS
                + " WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1},"
                + " add nodes, or lower the job's consistency.");
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(refused.out()).contains("Doctor: FAIL  replication  keyspace " + THREE_REPLICAS);
    assertThat(refused.err())
        .contains("The doctor found 1 problem(s) that would fail the load (FAIL above)")
        .contains("--force");
    assertThat(rows("people")).isZero();

    // Forced, the load runs and its writes fail as the doctor said.
    CliRun forced = CliRun.of("migrate", job.toString(), "--force");

    assertThat(forced.exitCode()).as(forced.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(CliRun.report(dir.resolve("state-three")).get("rows-failed").asLong()).isEqualTo(2);
    assertThat(rows("people")).isZero();
  }

  @Test
  void should_only_warn_of_extra_replicas_when_the_consistency_is_met() throws Exception {
    Path job = job("three-at-one", threeReplicas(), "people_at_one", "  consistency: ONE\n");

    CliRun doctor = CliRun.of("doctor", job.toString());
    CliRun loaded = CliRun.of("migrate", job.toString());

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.OK);
    assertThat(doctor.out())
        .contains(
            "WARN  replication  keyspace "
                + THREE_REPLICAS
                + " wants 3 replicas in the cluster, which has 1 node(s): the replicas beyond"
                + " them are never written.");
    assertThat(loaded.exitCode()).as(loaded.toString()).isEqualTo(ExitCodes.OK);
    assertThat(loaded.out()).contains("Doctor: WARN  replication");
    assertThat(rows("people_at_one")).isEqualTo(2);
  }

  private static long rows(String table) {
    return session.execute("SELECT count(*) FROM " + THREE_REPLICAS + "." + table).one().getLong(0);
  }

  @Test
  void should_check_a_cluster_named_by_contact_points_alone() {
    CliRun doctor =
        CliRun.of(
            "doctor", "--contact-points", keyspace.hostAndPort(), "--keyspace", THREE_REPLICAS);

    assertThat(doctor.exitCode()).as(doctor.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(doctor.out())
        .contains("Cluster (" + keyspace.hostAndPort() + ", local datacenter datacenter1)")
        .contains(
            "FAIL  replication  keyspace " + THREE_REPLICAS + " wants 3 replicas in the cluster");
  }
}
