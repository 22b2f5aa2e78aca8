package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.cli.demo.DemoDump;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice plan} infers a mapping and a CREATE TABLE that, applied, take the whole dump. */
@RealCassandra
class PlanIT {

  private static final int DOCUMENTS = 3_000;

  @TempDir Path dir;

  @Test
  void should_infer_a_table_that_takes_the_whole_migration(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    DemoDump.write(dir.resolve("dump"), DOCUMENTS);
    String sources = "  - type: bson\n    path: dump/people.bson\n";
    Path planJob = JobFile.write(dir, "people", keyspace, "people", sources, "");

    CliRun plan =
        CliRun.of(
            "plan",
            planJob.toString(),
            "--sample-records",
            "500",
            "--mapping-out",
            dir.resolve("mapping.yaml").toString(),
            "--cql-out",
            dir.resolve("table.cql").toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("Sampled 500 record(s)")
        .contains("CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".people");
    String cql = Files.readString(dir.resolve("table.cql"));
    session.execute(cql.strip().replaceAll(";$", ""));

    String mapping = Files.readString(dir.resolve("mapping.yaml"));
    Path migrateJob = JobFile.write(dir, "people", keyspace, "people", sources, mapping);
    CliRun migrate = CliRun.of("migrate", migrateJob.toString(), "--max-errors", "0");

    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-people"));
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(session.execute("SELECT count(*) FROM people").one().getLong(0))
        .isEqualTo(DOCUMENTS);
  }

  @Test
  void should_check_an_existing_mapping_against_the_table(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    DemoDump.write(dir.resolve("dump"), 200);
    session.execute(
        "CREATE TABLE IF NOT EXISTS names (id text PRIMARY KEY, given text, tags list<text>)");
    Path job =
        JobFile.write(
            dir,
            "names",
            keyspace,
            "names",
            "  - type: bson\n    path: dump/people.bson\n",
            "mapping:\n  columns:\n    id: _id\n    given: name.given\n    tags: emails\n");

    CliRun plan = CliRun.of("plan", job.toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("200 sampled record(s) give 200 row(s)")
        .contains("Warning: Column tags is a non-frozen list");
  }
}
