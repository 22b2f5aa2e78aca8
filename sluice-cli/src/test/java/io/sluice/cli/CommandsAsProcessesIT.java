package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands no other test runs as a process, run as a user runs them: {@code java -jar}, its
 * standard output and error apart, its exit code. What each prints must reach the terminal before
 * the process exits (a command that printed through a buffer and exited printed nothing), errors go
 * to standard error, and exit codes are the documented ones.
 */
@RealCassandra
class CommandsAsProcessesIT {

  private static final int ROWS = 50;

  @TempDir Path dir;

  @Test
  void should_print_version_and_help_and_refuse_an_unknown_command_on_stderr() throws Exception {
    SluiceProcess.Ended version = SluiceProcess.run(dir, 120, "--version");
    SluiceProcess.Ended help = SluiceProcess.run(dir, 120, "help", "migrate");
    SluiceProcess.Ended unknown = SluiceProcess.run(dir, 120, "migrat", "job.yaml");

    assertThat(version.exitCode()).as(version.toString()).isZero();
    assertThat(version.stdout()).as(version.toString()).containsPattern("\\d+\\.\\d+");
    assertThat(version.stderr()).as(version.toString()).isEmpty();
    assertThat(help.exitCode()).as(help.toString()).isZero();
    assertThat(help.stdout()).as(help.toString()).contains("Usage: sluice migrate");
    assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(unknown.stdout()).as(unknown.toString()).isEmpty();
    assertThat(unknown.stderr()).as(unknown.toString()).contains("migrat");
  }

  @Test
  void should_plan_load_report_examine_and_validate_a_job(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    session.execute("CREATE TABLE people (id int PRIMARY KEY, name text)");
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < ROWS; i++) {
      csv.append(i).append(",person ").append(i).append('\n');
    }
    Files.writeString(dir.resolve("people.csv"), csv);
    Path job =
        JobFile.write(
            dir,
            "people",
            keyspace,
            "people",
            "  - type: csv\n    path: people.csv\n",
            "mapping:\n  columns:\n    id: id\n    name: name\nmax-errors: 0\n");
    String table = keyspace.name() + ".people";

    SluiceProcess.Ended plan = SluiceProcess.run(dir, 300, "plan", job.toString());
    SluiceProcess.Ended sampled =
        SluiceProcess.run(dir, 300, "plan", job.toString(), "--sample-records", "20");
    SluiceProcess.Ended migrate = SluiceProcess.run(dir, 300, "migrate", job.toString());
    SluiceProcess.Ended report = SluiceProcess.run(dir, 300, "report", job.toString());
    SluiceProcess.Ended doctor = SluiceProcess.run(dir, 300, "doctor", job.toString());
    SluiceProcess.Ended validate = SluiceProcess.run(dir, 300, "validate", job.toString());
    SluiceProcess.Ended misused =
        SluiceProcess.run(dir, 300, "validate", job.toString(), "--repair-timestamp", "now");
    SluiceProcess.Ended status =
        SluiceProcess.run(
            dir, 120, "cassandra", "status", "--folder", dir.resolve("no-node").toString());

    assertThat(plan.exitCode()).as(plan.toString()).isZero();
    assertThat(plan.stdout())
        .as(plan.toString())
        .contains("Mapping into " + table + ": " + ROWS + " sampled record(s) give " + ROWS);
    assertThat(sampled.exitCode()).as(sampled.toString()).isZero();
    assertThat(sampled.stdout())
        .as(sampled.toString())
        .contains("Mapping into " + table + ": 20 sampled record(s) give 20");
    assertThat(migrate.exitCode()).as(migrate.toString()).isZero();
    assertThat(migrate.stdout())
        .as(migrate.toString())
        .contains("Rows written      " + ROWS + " of " + ROWS);
    assertThat(session.execute("SELECT count(*) FROM people").one().getLong(0)).isEqualTo(ROWS);
    assertThat(report.exitCode()).as(report.toString()).isZero();
    assertThat(report.stdout()).as(report.toString()).contains("Migration report: ");
    assertThat(doctor.exitCode()).as(doctor.toString()).isZero();
    assertThat(doctor.stdout())
        .as(doctor.toString())
        .contains("Target cluster (" + keyspace.hostAndPort());
    assertThat(validate.exitCode()).as(validate.toString()).isZero();
    assertThat(validate.stdout())
        .as(validate.toString())
        .contains("Matching          " + ROWS)
        .contains("Missing           0");
    assertThat(misused.exitCode()).as(misused.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(misused.stdout()).as(misused.toString()).isEmpty();
    assertThat(misused.stderr())
        .as(misused.toString())
        .contains("Error: --repair-timestamp needs --repair.", "See 'sluice validate --help'.");
    assertThat(status.exitCode()).as(status.toString()).isZero();
    assertThat(status.stdout()).as(status.toString()).contains("No node in ");
    for (SluiceProcess.Ended ended :
        new SluiceProcess.Ended[] {plan, sampled, migrate, report, validate}) {
      assertThat(ended.stderr()).as(ended.toString()).doesNotContain("Error");
    }
  }
}
