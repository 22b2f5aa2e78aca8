package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice plan} for a whole keyspace ({@code tables:}): the target's schema printed once, the
 * keyspace at the job's replication, each user type once before the types that nest it, each table
 * with its index, and the counter table named as not copied; the statements, applied as they are,
 * create a schema that one {@code migrate} then fills.
 */
@RealCassandra
class KeyspacePlanIT {

  @TempDir Path dir;

  private CqlSession session;
  private String planned;

  @AfterEach
  void dropPlannedKeyspace() {
    if (session != null) {
      session.execute(schema("DROP KEYSPACE IF EXISTS " + planned));
    }
  }

  @Test
  void should_print_the_keyspace_schema_once_and_create_it_as_printed(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    this.session = session;
    this.planned = keyspace.name() + "_planned";
    session.execute(schema("CREATE TYPE point (x int, y int)"));
    session.execute(schema("CREATE TYPE place (name text, at frozen<point>)"));
    session.execute(
        schema(
            "CREATE TABLE readings (sensor text, at int, score double, spot frozen<point>,"
                + " PRIMARY KEY (sensor, at)) WITH CLUSTERING ORDER BY (at DESC)"));
    session.execute(schema("CREATE INDEX readings_by_score ON readings (score)"));
    session.execute(
        schema(
            "CREATE TABLE venues (id int PRIMARY KEY, place frozen<place>, tags set<text>)"
                + " WITH default_time_to_live = 86400 AND gc_grace_seconds = 3600"));
    session.execute(schema("CREATE TABLE hits (page text PRIMARY KEY, n counter)"));
    for (int i = 0; i < 30; i++) {
      session.execute(
          "INSERT INTO readings (sensor, at, score, spot) VALUES (?, ?, ?, {x: ?, y: 2})",
          "s" + i % 3,
          i,
          i / 2.0,
          i);
      session.execute(
          "INSERT INTO venues (id, place, tags) VALUES (?, {name: ?, at: {x: 1, y: ?}}, {'a'})",
          i,
          "v" + i,
          i);
    }
    Path job = job(keyspace);

    SluiceProcess.Ended plan =
        SluiceProcess.run(dir, 300, "plan", job.toString(), "--cql-out", "schema.cql");

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    String out = plan.stdout();
    assertThat(occurrences(out, "CREATE KEYSPACE IF NOT EXISTS " + planned)).as(out).isEqualTo(1);
    assertThat(out)
        .contains(
            "CREATE KEYSPACE IF NOT EXISTS "
                + planned
                + " WITH replication = {'class': 'NetworkTopologyStrategy', '"
                + keyspace.localDatacenter()
                + "': 1};");
    assertThat(occurrences(out, "CREATE TYPE IF NOT EXISTS " + planned + ".point (")).isEqualTo(1);
    assertThat(out.indexOf("CREATE TYPE IF NOT EXISTS " + planned + ".point ("))
        .as("a type comes before the type that nests it")
        .isLessThan(out.indexOf("CREATE TYPE IF NOT EXISTS " + planned + ".place ("));
    assertThat(out)
        .contains("CREATE TABLE IF NOT EXISTS " + planned + ".readings_v2 (")
        .contains("CREATE TABLE IF NOT EXISTS " + planned + ".venues (")
        .contains("ON " + planned + ".readings_v2 (score);")
        .doesNotContain(planned + ".hits");
    assertThat(out.substring(out.indexOf("Not copied:"))).contains("hits").contains("counter");
    String alter =
        "ALTER TABLE "
            + planned
            + ".venues WITH default_time_to_live = 86400 AND gc_grace_seconds = 3600;";
    assertThat(out.substring(out.indexOf("Not copied:")))
        .contains("table options of venues: not copied")
        .contains(alter);

    for (String statement : Files.readString(dir.resolve("schema.cql")).split(";\\s*\\n")) {
      if (!statement.isBlank()) {
        session.execute(schema(statement.strip()));
      }
    }
    session.refreshSchema();
    KeyspaceMetadata created = session.getMetadata().getKeyspace(planned).orElseThrow();
    assertThat(created.getUserDefinedTypes()).hasSize(2);
    assertThat(created.getTables().keySet())
        .extracting(name -> name.asInternal())
        .containsExactlyInAnyOrder("readings_v2", "venues");
    assertThat(created.getTable("readings_v2").orElseThrow().getIndexes()).hasSize(1);

    SluiceProcess.Ended migrate = SluiceProcess.run(dir, 300, "migrate", job.toString());

    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(ExitCodes.OK);
    assertThat(count(planned + ".readings_v2")).isEqualTo(30);
    assertThat(count(planned + ".venues")).isEqualTo(30);
    session.execute(schema(alter.substring(0, alter.length() - 1)));
    session.refreshSchema();
    assertThat(
            session
                .getMetadata()
                .getKeyspace(planned)
                .flatMap(ks -> ks.getTable("venues"))
                .orElseThrow()
                .getOptions()
                .get(
                    com.datastax.oss.driver.api.core.CqlIdentifier.fromInternal(
                        "default_time_to_live")))
        .as("the printed ALTER TABLE runs as printed")
        .isEqualTo(86400);
  }

  private long count(String table) {
    return session.execute("SELECT count(*) FROM " + table).one().getLong(0);
  }

  private static int occurrences(String text, String part) {
    Matcher matcher = Pattern.compile(Pattern.quote(part)).matcher(text);
    int found = 0;
    while (matcher.find()) {
      found++;
    }
    return found;
  }

  private Path job(TestKeyspace keyspace) throws Exception {
    String yaml =
        "name: planned\n"
            + "state-dir: state-planned\n"
            + "sources:\n"
            + "  - name: shop\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + JobFile.cluster(keyspace, "      ")
            + "      keyspace: "
            + keyspace.name()
            + "\n"
            + "      tables: [\"*\"]\n"
            + "target:\n"
            + JobFile.cluster(keyspace, "  ")
            + "  keyspace: "
            + planned
            + "\n"
            + "  replication: { "
            + keyspace.localDatacenter()
            + ": 1 }\n"
            + "per-table:\n"
            + "  readings: { table: readings_v2 }\n";
    Path file = dir.resolve("planned.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static SimpleStatement schema(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
  }
}
