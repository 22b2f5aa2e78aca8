package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two dumps of one collection taken months apart overlap on half their documents. Whatever order
 * they are loaded in, the table ends the same, with the newer dump's values where they overlap.
 */
@RealCassandra
class OverlappingDumpsIT {

  private static final String OLD_SOURCE =
      "  - name: january\n    type: bson\n    path: old.bson\n"
          + "    write-timestamp: 2024-01-31T00:00:00Z\n";
  private static final String NEW_SOURCE =
      "  - name: june\n    type: bson\n    path: new.bson\n"
          + "    write-timestamp: 2024-06-30T00:00:00Z\n";
  private static final String MAPPING =
      "mapping:\n  columns:\n    id: _id\n    name: name\n    version: version\n";

  @TempDir static Path dir;

  @BeforeAll
  static void writeDumps(CqlSession session) throws IOException {
    // The old dump holds people 0-999, the new one 500-1499 with changed names.
    try (BsonDumpWriter old = BsonDumpWriter.create(dir.resolve("old.bson"));
        BsonDumpWriter newer = BsonDumpWriter.create(dir.resolve("new.bson"))) {
      for (int i = 0; i < 1_500; i++) {
        String id = String.format("p%04d", i);
        if (i < 1_000) {
          old.write(new Document("_id", id).append("name", "old " + i).append("version", 1));
        }
        if (i >= 500) {
          newer.write(new Document("_id", id).append("name", "new " + i).append("version", 2));
        }
      }
    }
    session.execute("CREATE TABLE people (id text PRIMARY KEY, name text, version int)");
  }

  private static Map<String, String> load(CqlSession session, TestKeyspace keyspace, String... jobs)
      throws IOException {
    session.execute("TRUNCATE people");
    // Each load starts over: the same job files ran before, and a finished job is not redone.
    for (String sources : jobs) {
      String name = "job" + Math.abs(sources.hashCode());
      Path job = JobFile.write(dir, name, keyspace, "people", sources, MAPPING);
      CliRun run = CliRun.of("migrate", job.toString(), "--fresh");
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    }
    Map<String, String> table = new TreeMap<>();
    for (Row row : session.execute("SELECT id, name, version FROM people")) {
      table.put(row.getString("id"), row.getString("name") + "/" + row.getInt("version"));
    }
    return table;
  }

  @Test
  void should_end_the_same_whatever_the_load_order(CqlSession session, TestKeyspace keyspace)
      throws IOException {
    Map<String, String> oldThenNew = load(session, keyspace, OLD_SOURCE, NEW_SOURCE);
    Map<String, String> newThenOld = load(session, keyspace, NEW_SOURCE, OLD_SOURCE);
    Map<String, String> oneJob = load(session, keyspace, OLD_SOURCE + NEW_SOURCE);

    assertThat(oldThenNew).hasSize(1_500);
    assertThat(oldThenNew.get("p0000")).isEqualTo("old 0/1");
    assertThat(oldThenNew.get("p0500")).isEqualTo("new 500/2");
    assertThat(oldThenNew.get("p0999")).isEqualTo("new 999/2");
    assertThat(oldThenNew.get("p1499")).isEqualTo("new 1499/2");
    assertThat(newThenOld).isEqualTo(oldThenNew);
    assertThat(oneJob).isEqualTo(oldThenNew);
  }

  @Test
  void should_let_a_later_source_without_timestamp_win_within_one_job(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    String oldUnstamped = "  - name: a\n    type: bson\n    path: old.bson\n";
    String newUnstamped = "  - name: b\n    type: bson\n    path: new.bson\n";

    Map<String, String> table = load(session, keyspace, oldUnstamped + newUnstamped);

    assertThat(table).hasSize(1_500);
    assertThat(table.get("p0750")).isEqualTo("new 750/2");
    assertThat(table.get("p0250")).isEqualTo("old 250/1");
  }

  @Test
  void should_refuse_a_job_whose_newer_source_has_an_older_timestamp(TestKeyspace keyspace)
      throws IOException {
    Path job =
        JobFile.write(dir, "backwards", keyspace, "people", NEW_SOURCE + OLD_SOURCE, MAPPING);

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.err()).contains("Source 'january' must have a write-timestamp later than");
  }
}
