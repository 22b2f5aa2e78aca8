package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code target.schema: create}: a table copy into a keyspace that does not exist yet creates the
 * keyspace (at the replication the job gives), the user type and the table as the source defines
 * them, then copies every row; {@code plan} creates nothing; a target table that exists with
 * another definition stops the run before its first write, naming the difference.
 */
@RealCassandra
class SchemaCreateIT {

  private static final int ROWS = 300;

  @TempDir Path dir;

  private CqlSession session;
  private String created;

  private void createSource(CqlSession session, TestKeyspace keyspace) {
    this.session = session;
    this.created = keyspace.name() + "_created";
    session.execute("CREATE TYPE IF NOT EXISTS point (x int, y int)");
    session.execute(
        "CREATE TABLE IF NOT EXISTS readings (sensor text, at int, score double, spot"
            + " frozen<point>, PRIMARY KEY (sensor, at)) WITH CLUSTERING ORDER BY (at DESC)");
    session.execute("CREATE INDEX IF NOT EXISTS readings_by_score ON readings (score)");
    session.execute(
        "CREATE CUSTOM INDEX IF NOT EXISTS readings_by_at ON readings (at) USING"
            + " 'StorageAttachedIndex'");
    for (int i = 0; i < ROWS; i++) {
      session.execute(
          "INSERT INTO readings (sensor, at, score, spot) VALUES (?, ?, ?, {x: 1, y: 2})",
          "s" + i % 7,
          i,
          i / 4.0);
    }
  }

  @AfterEach
  void dropCreatedKeyspace() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + created);
    }
  }

  private Path job(TestKeyspace keyspace) throws Exception {
    String yaml =
        "name: create\n"
            + "state-dir: state-create\n"
            + "sources:\n"
            + JobFile.tableSource(keyspace, "readings", 5000)
            + "target:\n"
            + JobFile.cluster(keyspace, "  ")
            + "  keyspace: "
            + created
            + "\n"
            + "  table: copied\n"
            + "  schema: create\n"
            + "  replication: { "
            + keyspace.localDatacenter()
            + ": 1 }\n";
    Path file = dir.resolve("create.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static Map<String, String> columns(TableMetadata table) {
    Map<String, String> columns = new TreeMap<>();
    for (ColumnMetadata column : table.getColumns().values()) {
      // A user type is named with its keyspace: the same type in each table's own keyspace.
      columns.put(
          column.getName().asInternal(),
          column.getType().asCql(true, true).replace(table.getKeyspace().asCql(true) + ".", ""));
    }
    return columns;
  }

  @Test
  void should_create_the_keyspace_type_and_table_then_copy_every_row(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    createSource(session, keyspace);
    Path job = job(keyspace);

    CliRun plan = CliRun.of("plan", job.toString());
    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains(
            "target.schema is create: migrate creates what of this is missing, and keyspace "
                + created
                + " if it is, with replicas {"
                + keyspace.localDatacenter()
                + "=1}; plan creates nothing.");
    assertThat(plan.out())
        .contains("CREATE INDEX IF NOT EXISTS readings_by_score ON " + created + ".copied (score);")
        .contains(
            "CREATE CUSTOM INDEX IF NOT EXISTS readings_by_at ON "
                + created
                + ".copied (at) USING 'StorageAttachedIndex';");
    session.refreshSchema();
    assertThat(session.getMetadata().getKeyspace(created)).as("plan creates nothing").isEmpty();

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    String replication =
        session
            .execute(
                "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", created)
            .one()
            .getMap(0, String.class, String.class)
            .toString();
    assertThat(replication)
        .contains("NetworkTopologyStrategy")
        .contains(keyspace.localDatacenter() + "=1");
    session.refreshSchema();
    TableMetadata source =
        session.getMetadata().getKeyspace(keyspace.name()).orElseThrow().getTable("readings").get();
    TableMetadata copy =
        session.getMetadata().getKeyspace(created).orElseThrow().getTable("copied").orElseThrow();
    assertThat(columns(copy)).isEqualTo(columns(source));
    assertThat(copy.getPartitionKey())
        .extracting(c -> c.getName().asInternal())
        .containsExactly("sensor");
    assertThat(copy.getClusteringColumns().values())
        .containsExactlyElementsOf(source.getClusteringColumns().values());
    assertThat(session.getMetadata().getKeyspace(created).orElseThrow().getUserDefinedType("point"))
        .isPresent();
    assertThat(session.execute("SELECT count(*) FROM " + created + ".copied").one().getLong(0))
        .isEqualTo(ROWS);
    assertThat(copy.getIndexes().keySet())
        .extracting(CqlIdentifier::asInternal)
        .containsExactlyInAnyOrder("readings_by_score", "readings_by_at");
    assertThat(
            session
                .execute("SELECT count(*) FROM " + created + ".copied WHERE score = 2.0")
                .one()
                .getLong(0))
        .as("the copied index answers")
        .isEqualTo(1);

    CliRun again = CliRun.of("migrate", "--fresh", job.toString());
    assertThat(again.exitCode())
        .as("the table it created fits the copy: " + again)
        .isEqualTo(ExitCodes.OK);
  }

  @Test
  void should_refuse_a_table_that_exists_with_another_definition_before_writing(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    createSource(session, keyspace);
    session.execute(
        "CREATE KEYSPACE "
            + created
            + " WITH replication = {'class': 'NetworkTopologyStrategy', '"
            + keyspace.localDatacenter()
            + "': 1}");
    session.execute("CREATE TYPE " + created + ".point (x int, y int)");
    session.execute(
        "CREATE TABLE "
            + created
            + ".copied (sensor text, at int, score int, spot frozen<point>, PRIMARY KEY (sensor,"
            + " at)) WITH CLUSTERING ORDER BY (at DESC)");

    String refusal = CliRun.refusal(job(keyspace));

    assertThat(refusal).contains("exists with another definition").contains("'score double'");
    assertThat(session.execute("SELECT count(*) FROM " + created + ".copied").one().getLong(0))
        .isZero();
  }
}
