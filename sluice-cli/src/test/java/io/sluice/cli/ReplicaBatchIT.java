package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flow.batch: replica} against a real node: records' rows go in batches of up to {@code
 * batch-rows}; a batch holding a row the node refuses (a partition key longer than Cassandra takes,
 * which the driver sends but the node refuses, and with it the whole batch) is sent again row by
 * row, so that the others load and that row alone is rejected, with its line.
 */
@RealCassandra
class ReplicaBatchIT {

  private static final int ROWS = 500;
  private static final int BAD = 250;

  @TempDir Path dir;

  @Test
  void should_load_a_batch_with_one_refused_row_and_reject_that_row_alone(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE batched (id text PRIMARY KEY, n int, note text)");
    StringBuilder csv = new StringBuilder("id,n,note\n");
    for (int i = 0; i < ROWS; i++) {
      String id = i == BAD ? "k".repeat(70_000) : "id-" + i;
      csv.append(id).append(',').append(i).append(",row ").append(i).append('\n');
    }
    Files.writeString(dir.resolve("rows.csv"), csv);
    Path job =
        JobFile.write(
            dir,
            "batched",
            keyspace,
            "batched",
            "  - type: csv\n    path: rows.csv\n",
            "mapping:\n  columns: { id: id, n: n, note: note }\n"
                + "flow: { batch: replica, batch-rows: 16, workers: 1 }\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(session.execute("SELECT count(*) FROM batched").one().getLong(0))
        .isEqualTo(ROWS - 1);
    assertThat(session.execute("SELECT n FROM batched WHERE id = 'id-249'").one().getInt(0))
        .as("a row of the refused row's batch")
        .isEqualTo(249);
    JsonNode counts = CliRun.report(dir.resolve("state-batched"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(ROWS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(ROWS - 1);
    assertThat(counts.get("rows-failed").asLong()).isEqualTo(1);
    List<String> rejects = Files.readAllLines(dir.resolve("state-batched/rejects.jsonl"));
    assertThat(rejects).hasSize(1);
    JsonNode reject = new ObjectMapper().readTree(rejects.get(0));
    assertThat(reject.get("reason").asText())
        .as(reject.toString())
        .startsWith("line " + (BAD + 2) + ": ")
        .containsIgnoringCase("key length");
    JsonNode requests =
        new ObjectMapper()
            .readTree(dir.resolve("state-batched/report.json").toFile())
            .get("flow")
            .get("requests");
    assertThat(requests.asLong())
        .as("batches of up to 16 rows, and the refused one's rows again one by one")
        .isLessThan(ROWS / 8);
  }
}
