package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dump of more than 200 MB is split, read in parallel, and every row arrives exactly once. */
@RealCassandra
class LargeDumpIT {

  private static final int DOCUMENTS = 50_000;
  private static final int PAYLOAD_CHARS = 4_200;

  @TempDir Path dir;

  @Test
  void should_split_a_large_dump_and_load_every_document_once(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    Path dump = dir.resolve("big.bson");
    Random random = new Random(42);
    try (BsonDumpWriter writer = BsonDumpWriter.create(dump)) {
      char[] payload = new char[PAYLOAD_CHARS];
      for (int i = 0; i < DOCUMENTS; i++) {
        for (int c = 0; c < payload.length; c++) {
          payload[c] = (char) ('a' + random.nextInt(26));
        }
        writer.write(
            new Document("_id", String.format("doc-%06d", i))
                .append("n", i)
                .append("payload", new String(payload)));
      }
    }
    assertThat(Files.size(dump)).isGreaterThan(200_000_000L);
    session.execute("CREATE TABLE docs (id text PRIMARY KEY, n int, payload_length int)");
    Path job =
        JobFile.write(
            dir,
            "large",
            keyspace,
            "docs",
            "  - type: bson\n    path: big.bson\n    options: {split-size: 16MiB}\n",
            "mapping:\n  columns:\n    id: _id\n    n: n\n    payload_length: {size: payload}\n"
                + "flow:\n  workers: 2\nmax-errors: 0\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    Matcher splits = Pattern.compile("(\\d+) split\\(s\\)").matcher(run.out());
    assertThat(splits.find()).isTrue();
    assertThat(Integer.parseInt(splits.group(1))).isGreaterThanOrEqualTo(12);
    JsonNode counts = CliRun.report(dir.resolve("state-large"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("bytes-read").asLong()).isEqualTo(Files.size(dump));

    Set<Integer> seen = new HashSet<>();
    for (Row row :
        session.execute(
            SimpleStatement.newInstance("SELECT n, payload_length FROM docs")
                .setPageSize(5_000)
                .setTimeout(Duration.ofMinutes(2)))) {
      assertThat(seen.add(row.getInt("n"))).isTrue();
      assertThat(row.getInt("payload_length")).isEqualTo(PAYLOAD_CHARS);
    }
    assertThat(seen).hasSize(DOCUMENTS);
  }
}
