package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An NDJSON file into {@code duration} and {@code vector} columns: durations as CQL writes them
 * (units or ISO-8601), vectors as JSON arrays of numbers; an array of another length, an element
 * that is no number or a duration CQL would not read is a reject with its reason.
 */
@RealCassandra
class NdjsonDurationsVectorsIT {

  @TempDir Path dir;

  @Test
  void should_load_durations_and_vectors_and_reject_what_does_not_fit(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE embeddings (id text PRIMARY KEY, span duration, v vector<float, 3>)");
    Files.writeString(
        dir.resolve("embeddings.ndjson"),
        """
        {"id":"units","span":"1h30m","v":[0.1,-2,1e-3]}
        {"id":"iso","span":"P1Y2M3DT4H","v":[1.5,2.5,3.5]}
        {"id":"short","span":"1h","v":[1,2]}
        {"id":"word","span":"1h","v":[1,"two",3]}
        {"id":"hours","span":"90 minutes","v":[1,2,3]}
        """);
    String mapping = "mapping:\n  columns: { id: id, span: span, v: v }\n";
    CliRun run =
        CliRun.of(
            "migrate",
            JobFile.write(
                    dir,
                    "embeddings",
                    keyspace,
                    "embeddings",
                    "  - type: ndjson\n    path: embeddings.ndjson\n",
                    mapping)
                .toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode counts = CliRun.report(dir.resolve("state-embeddings"));
    assertThat(counts.get("rows-written").asLong()).isEqualTo(2);
    assertThat(counts.get("rejected-mapping").asLong()).isEqualTo(3);
    Row units = session.execute("SELECT span, v FROM embeddings WHERE id = 'units'").one();
    assertThat(units.getObject(0)).isEqualTo(CqlDuration.from("1h30m"));
    assertThat(units.getObject(1)).isEqualTo(CqlVector.newInstance(0.1f, -2f, 0.001f));
    Row iso = session.execute("SELECT span FROM embeddings WHERE id = 'iso'").one();
    assertThat(iso.getObject(0)).isEqualTo(CqlDuration.newInstance(14, 3, 4 * 3_600_000_000_000L));
    List<String> rejects = Files.readAllLines(dir.resolve("state-embeddings/rejects.jsonl"));
    assertThat(rejects)
        .hasSize(3)
        .anySatisfy(line -> assertThat(line).contains("it has 2 elements, not 3"))
        .anySatisfy(line -> assertThat(line).contains("element 1: cannot convert string to float"))
        .anySatisfy(line -> assertThat(line).contains("not a duration like 1h30m"));
  }
}
