package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new data model: each person's phones become clustering rows of one partition, written as
 * unlogged batches per partition, with a derived key and a filter.
 */
@RealCassandra
class ExplodeIT {

  @TempDir Path dir;

  @Test
  void should_explode_arrays_into_clustering_rows(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < 300; i++) {
        List<Document> phones =
            List.of(
                new Document("type", "mobile").append("number", "+1 555 " + i),
                new Document("type", "home").append("number", "+1 666 " + i));
        writer.write(
            new Document("_id", "p" + i)
                .append("country", i % 2 == 0 ? "PT" : "KE")
                .append("status", i % 3 == 0 ? "deleted" : "active")
                .append("phones", i % 10 == 0 ? List.of() : phones));
      }
    }
    session.execute(
        "CREATE TABLE phones (person_key text, idx int, kind text, number text,"
            + " PRIMARY KEY (person_key, idx))");
    Path job =
        JobFile.write(
            dir,
            "phones",
            keyspace,
            "phones",
            "  - type: bson\n    path: people.bson\n",
            """
            mapping:
              columns:
                person_key: { concat: [country, _id] }
                kind: phone.type
                number: phone.number
              explode: { field: phones, as: phone, index-column: idx }
              filter:
                - { field: status, equals: active }
            flow: { batch: partition }
            """);

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    long activeWithPhones =
        java.util.stream.IntStream.range(0, 300).filter(i -> i % 3 != 0 && i % 10 != 0).count();
    assertThat(run.out()).contains("filtered 100");
    List<Row> rows = session.execute("SELECT * FROM phones").all();
    assertThat(rows).hasSize((int) activeWithPhones * 2);
    Row home =
        session
            .execute("SELECT kind, number FROM phones WHERE person_key = 'KE:p7' AND idx = 1")
            .one();
    assertThat(home.getString("kind")).isEqualTo("home");
    assertThat(home.getString("number")).isEqualTo("+1 666 7");
  }
}
