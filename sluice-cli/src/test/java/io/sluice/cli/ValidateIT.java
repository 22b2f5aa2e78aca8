package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Validate and repair: a migrated table is damaged with CQL (rows deleted at the source's own
 * timestamp, rows never written, columns changed at that timestamp with values that win the tie,
 * extra rows, one live write); validation names exactly those keys and columns, repairs fix them,
 * and a last validation finds no difference. The steps run in order on one table.
 */
@RealCassandra
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ValidateIT {

  private static final int DOCUMENTS = 2_000;
  private static final long T = 1_719_705_600_000_000L; // 2024-06-30T00:00:00Z in microseconds
  private static final String SOURCE =
      "  - name: dump\n    type: bson\n    path: people.bson\n"
          + "    write-timestamp: 2024-06-30T00:00:00Z\n    options: {split-size: 16KiB}\n";
  private static final String MAPPING =
      "mapping:\n  columns:\n    id: _id\n    name: name\n    n: n\n    tags: tags\n";

  @TempDir static Path dir;
  private static Path check;

  @BeforeAll
  static void migrateAndDamage(CqlSession session, TestKeyspace keyspace) throws IOException {
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        Document person =
            new Document("_id", id(i))
                .append("name", "Person " + i)
                .append("n", i)
                .append("tags", List.of("t" + i % 7, "all"));
        if (i == 60 || i == 70) {
          person.append("skip", true);
        }
        writer.write(person);
      }
    }
    session.execute(
        "CREATE TABLE people (id text PRIMARY KEY, name text, n int, tags frozen<list<text>>)");
    // The migration skips two records, so their rows are never written.
    Path load =
        JobFile.write(
            dir,
            "load",
            keyspace,
            "people",
            SOURCE,
            MAPPING + "  filter:\n    - { field: skip, exists: false }\n");
    CliRun migrated = CliRun.of("migrate", load.toString());
    assertThat(migrated.exitCode()).as(migrated.toString()).isEqualTo(ExitCodes.OK);
    check = JobFile.write(dir, "check", keyspace, "people", SOURCE, MAPPING);

    session.execute("DELETE FROM people USING TIMESTAMP " + T + " WHERE id IN ('p0010', 'p0020')");
    session.execute("UPDATE people USING TIMESTAMP " + T + " SET name = 'zzzz' WHERE id = 'p0030'");
    session.execute(
        "UPDATE people USING TIMESTAMP " + T + " SET n = 2147483647 WHERE id = 'p0040'");
    session.execute("INSERT INTO people (id, name, n) VALUES ('x0001', 'extra', 1)");
    session.execute("INSERT INTO people (id, name, n) VALUES ('x0002', 'extra', 2)");
    session.execute("UPDATE people SET name = 'live' WHERE id = 'p0050'");
  }

  private static String id(int i) {
    return String.format("p%04d", i);
  }

  private static CliRun validate(String... flags) {
    String[] args = new String[flags.length + 2];
    args[0] = "validate";
    args[1] = check.toString();
    System.arraycopy(flags, 0, args, 2, flags.length);
    return CliRun.of(args);
  }

  private static JsonNode summary() throws IOException {
    return new ObjectMapper()
        .readTree(dir.resolve("state-check/validate/validation.json").toFile());
  }

  /** The keys of the findings of one kind, each with whether it was repaired. */
  private static Map<String, Boolean> findings(JsonNode summary, String kind) {
    Map<String, Boolean> keys = new TreeMap<>();
    for (JsonNode finding : summary.get("findings")) {
      if (finding.get("kind").asText().equals(kind)) {
        keys.put(finding.get("key").asText(), finding.get("repaired").asBoolean());
      }
    }
    return keys;
  }

  private static Map<String, JsonNode> columns(JsonNode summary, String kind) {
    Map<String, JsonNode> byKey = new HashMap<>();
    for (JsonNode finding : summary.get("findings")) {
      if (finding.get("kind").asText().equals(kind)) {
        byKey.put(finding.get("key").asText(), finding.get("columns"));
      }
    }
    return byKey;
  }

  private static Set<String> ids(CqlSession session) {
    Set<String> ids = new TreeSet<>();
    session.execute("SELECT id FROM people").forEach(row -> ids.add(row.getString("id")));
    return ids;
  }

  @Test
  @Order(1)
  void should_report_exactly_the_damaged_keys_and_columns() throws IOException {
    CliRun run = validate("--extra");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(run.out()).contains("differences found", "Missing           4");
    JsonNode summary = summary();
    JsonNode totals = summary.get("totals");
    assertThat(totals.get("rows-checked").asLong()).isEqualTo(DOCUMENTS);
    assertThat(totals.get("matching").asLong()).isEqualTo(DOCUMENTS - 7);
    assertThat(totals.get("differences").asLong()).isEqualTo(8);
    assertThat(findings(summary, "missing"))
        .containsOnlyKeys("id='p0010'", "id='p0020'", "id='p0060'", "id='p0070'");
    assertThat(findings(summary, "extra")).containsOnlyKeys("id='x0001'", "id='x0002'");
    Map<String, JsonNode> mismatched = columns(summary, "mismatch");
    assertThat(mismatched).containsOnlyKeys("id='p0030'", "id='p0040'");
    assertThat(mismatched.get("id='p0030'")).hasSize(1);
    assertThat(mismatched.get("id='p0030'").get(0).get("column").asText()).isEqualTo("name");
    assertThat(mismatched.get("id='p0030'").get(0).get("source").asText()).isEqualTo("'Person 30'");
    assertThat(mismatched.get("id='p0030'").get(0).get("target").asText()).isEqualTo("'zzzz'");
    assertThat(mismatched.get("id='p0040'").get(0).get("column").asText()).isEqualTo("n");
    assertThat(mismatched.get("id='p0040'").get(0).get("source").asText()).isEqualTo("40");
    assertThat(mismatched.get("id='p0040'").get(0).get("target").asText()).isEqualTo("2147483647");
    Map<String, JsonNode> changed = columns(summary, "changed-since");
    assertThat(changed).containsOnlyKeys("id='p0050'");
    assertThat(changed.get("id='p0050'").get(0).get("target").asText()).isEqualTo("'live'");
    assertThat(changed.get("id='p0050'").get(0).get("target-writetime").asLong()).isGreaterThan(T);
    assertThat(Files.readAllLines(dir.resolve("state-check/validate/differences.jsonl")))
        .hasSize(9);
  }

  @Test
  @Order(2)
  void should_repair_at_the_source_timestamp_what_that_timestamp_can_fix(CqlSession session)
      throws IOException {
    CliRun run = validate("--extra", "--repair", "--delete-extra");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode summary = summary();
    assertThat(summary.at("/totals/repaired").asLong()).isEqualTo(4);
    assertThat(findings(summary, "missing"))
        .containsEntry("id='p0060'", true)
        .containsEntry("id='p0070'", true)
        .containsEntry("id='p0010'", false)
        .containsEntry("id='p0020'", false);
    assertThat(findings(summary, "mismatch")).containsValues(false, false);
    assertThat(findings(summary, "extra")).containsValues(true, true);
    assertThat(findings(summary, "changed-since")).containsOnlyKeys("id='p0050'");
    assertThat(ids(session))
        .contains("p0060", "p0070")
        .doesNotContain("p0010", "p0020", "x0001", "x0002");
  }

  @Test
  @Order(3)
  void should_repair_at_the_current_time_what_won_at_the_source_timestamp(CqlSession session)
      throws IOException {
    CliRun run = validate("--repair", "--repair-timestamp", "now");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode summary = summary();
    assertThat(findings(summary, "missing"))
        .containsOnlyKeys("id='p0010'", "id='p0020'")
        .containsValues(true, true);
    assertThat(findings(summary, "mismatch"))
        .containsOnlyKeys("id='p0030'", "id='p0040'")
        .containsValues(true, true);
    assertThat(findings(summary, "changed-since")).containsOnlyKeys("id='p0050'");
    assertThat(ids(session)).contains("p0010", "p0020").hasSize(DOCUMENTS);
    assertThat(
            session.execute("SELECT name FROM people WHERE id = 'p0050'").one().getString("name"))
        .isEqualTo("live");
  }

  @Test
  @Order(4)
  void should_find_no_difference_after_repair_but_still_the_live_write() throws IOException {
    CliRun run = validate("--extra");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("the target matches the source");
    JsonNode summary = summary();
    assertThat(summary.at("/totals/differences").asLong()).isZero();
    assertThat(summary.at("/totals/changed-since").asLong()).isEqualTo(1);
    assertThat(summary.at("/totals/matching").asLong()).isEqualTo(DOCUMENTS - 1);
    assertThat(summary.at("/runs").asInt()).isEqualTo(1);
  }

  @Test
  @Order(5)
  void should_check_about_the_share_of_rows_a_sample_asks_for() throws IOException {
    CliRun run = validate("--sample", "10");

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    JsonNode totals = summary().get("totals");
    long checked = totals.get("rows-checked").asLong();
    assertThat(checked).isBetween(130L, 270L);
    assertThat(totals.get("records-filtered-or-not-sampled").asLong())
        .isEqualTo(DOCUMENTS - checked);
  }

  @Test
  @Order(6)
  void should_refuse_extra_rows_in_a_sampled_run() {
    CliRun run = validate("--sample", "10", "--extra");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).contains("Extra rows can only be found by a full run");
  }
}
