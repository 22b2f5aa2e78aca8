package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dump with damaged documents: every good document loads, each damaged one is rejected with its
 * byte offset and reason, and the report's counts add up.
 */
@RealCassandra
class DamagedDumpIT {

  private static final int DOCUMENTS = 2_000;

  @TempDir static Path dir;

  /** Byte offset of each damaged document, by the kind of damage. */
  static final Map<String, Long> damaged = new TreeMap<>();

  @BeforeAll
  static void writeDamagedDump(CqlSession session) throws IOException {
    session.execute("CREATE TABLE people (id text PRIMARY KEY, name text, n int)");
    Path file = dir.resolve("people.bson");
    List<Long> offsets = new ArrayList<>();
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int i = 0; i < DOCUMENTS; i++) {
        offsets.add(
            writer.write(
                new Document("_id", String.format("p%05d", i))
                    .append("name", "NAME" + i)
                    .append("n", i)));
      }
    }
    byte[] bytes = Files.readAllBytes(file);
    damaged.put("bad-utf8", corrupt(bytes, offsets.get(100), "NAME100", 0, (byte) 0xC3));
    damaged.put("unknown-type", corrupt(bytes, offsets.get(700), "\u0010n\u0000", 0, (byte) 0x77));
    long terminator = offsets.get(1500) + length(bytes, offsets.get(1500)) - 1;
    bytes[(int) terminator] = 0x05;
    damaged.put("bad-terminator", offsets.get(1500));
    long last = offsets.get(DOCUMENTS - 1);
    damaged.put("truncated", last);
    byte[] truncated = java.util.Arrays.copyOf(bytes, (int) last + 9);
    Files.write(file, truncated);
  }

  private static long corrupt(byte[] file, long docStart, String marker, int shift, byte value) {
    byte[] needle = marker.getBytes(StandardCharsets.UTF_8);
    int end = (int) (docStart + length(file, docStart));
    for (int i = (int) docStart; i < end - needle.length; i++) {
      if (java.util.Arrays.equals(file, i, i + needle.length, needle, 0, needle.length)) {
        file[i + shift] = value;
        return docStart;
      }
    }
    throw new IllegalStateException("marker not found: " + marker);
  }

  private static int length(byte[] file, long docStart) {
    int at = (int) docStart;
    return (file[at] & 0xFF)
        | (file[at + 1] & 0xFF) << 8
        | (file[at + 2] & 0xFF) << 16
        | (file[at + 3] & 0xFF) << 24;
  }

  private static Path job(TestKeyspace keyspace, String name, String maxErrors) throws IOException {
    return JobFile.write(
        dir,
        name,
        keyspace,
        "people",
        "  - type: bson\n    path: people.bson\n    options: {split-size: 16KiB}\n",
        "mapping:\n  columns:\n    id: _id\n    name: name\n    n: n\nmax-errors: "
            + maxErrors
            + "\n");
  }

  @Test
  void should_load_every_good_document_and_reject_each_damaged_one(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    CliRun run = CliRun.of("migrate", job(keyspace, "tolerant", "10").toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    long rows = session.execute("SELECT count(*) FROM people").one().getLong(0);
    assertThat(rows).isEqualTo(DOCUMENTS - damaged.size());
    assertThat(session.execute("SELECT n FROM people WHERE id = 'p00101'").one().getInt(0))
        .isEqualTo(101);

    JsonNode counts = CliRun.report(dir.resolve("state-tolerant"));
    int good = DOCUMENTS - damaged.size();
    Rejects.assertAccounted(counts, DOCUMENTS, good, 0, damaged.size(), 0, good);
    assertThat(counts.get("rows-failed").asLong()).isZero();

    List<JsonNode> rejects = Rejects.read(dir.resolve("state-tolerant"));
    assertThat(rejects)
        .extracting(r -> r.get("offset").asLong())
        .containsExactlyInAnyOrderElementsOf(damaged.values());
    assertThat(rejects)
        .allSatisfy(
            r -> {
              assertThat(r.get("resource").asText()).endsWith("people.bson");
              assertThat(r.get("stage").asText()).isEqualTo("decode");
              assertThat(r.get("reason").asText()).isNotBlank();
            });
    JsonNode badUtf8 =
        rejects.stream()
            .filter(r -> r.get("offset").asLong() == damaged.get("bad-utf8"))
            .findFirst()
            .orElseThrow();
    assertThat(badUtf8.get("id").asText()).isEqualTo("p00100");
    assertThat(badUtf8.get("reason").asText()).containsIgnoringCase("utf-8");
    JsonNode truncated =
        rejects.stream()
            .filter(r -> r.get("offset").asLong() == damaged.get("truncated"))
            .findFirst()
            .orElseThrow();
    assertThat(truncated.get("reason").asText()).containsIgnoringCase("truncated");
  }

  @Test
  void should_stop_when_damage_exceeds_max_errors(TestKeyspace keyspace) throws IOException {
    CliRun run = CliRun.of("migrate", job(keyspace, "strict", "1").toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.out()).contains("more than max-errors 1 allows");
    JsonNode counts = CliRun.report(dir.resolve("state-strict"));
    Rejects.assertCountsAddUp(counts);
  }
}
