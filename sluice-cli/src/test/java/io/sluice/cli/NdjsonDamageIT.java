package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed NDJSON through {@code sluice migrate}: each bad line is rejected with its byte offset
 * and a reason giving its line number, a value that does not fit its column is rejected at mapping,
 * blank lines are skipped, the good lines load, and the report's counts add up.
 */
@RealCassandra
class NdjsonDamageIT {

  @TempDir Path dir;

  @Test
  void should_reject_each_malformed_line_with_its_position_and_reason(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE damaged (id text PRIMARY KEY, n int, at timestamp)");
    byte[] badUtf8 = "{\"_id\":\"g7\",\"n\":7,\"s\":\"x?\"}".getBytes(StandardCharsets.UTF_8);
    badUtf8[badUtf8.length - 3] = (byte) 0xC3;
    TextLines ndjson =
        new TextLines()
            .add("{\"_id\":\"g1\",\"n\":1,\"at\":{\"$date\":\"2024-05-01T12:00:00Z\"}}")
            .add("{\"_id\":\"g2\",\"n\":")
            .add("   ")
            .add("[\"not\",\"an\",\"object\"]")
            .add("{\"_id\":\"g3\",\"n\":3,\"n\":4}")
            .add("{\"_id\":\"g4\",\"at\":{\"$date\":true}}")
            .add("{\"_id\":\"g5\",\"n\":\"abc\"}")
            .add("{\"_id\":\"g6\",\"n\":6,\"skip\":true}")
            .add(badUtf8)
            .add("{\"_id\":\"g8\",\"n\":8}");
    ndjson.writeTo(dir.resolve("damaged.ndjson"));
    Path job =
        JobFile.write(
            dir,
            "damaged",
            keyspace,
            "damaged",
            "  - type: ndjson\n    path: damaged.ndjson\n",
            "mapping:\n  columns:\n    id: _id\n    n: n\n    at: at\n"
                + "  filter:\n    - { field: skip, exists: false }\nmax-errors: 10\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode counts = CliRun.report(dir.resolve("state-damaged"));
    Rejects.assertAccounted(counts, 9, 2, 1, 5, 1, 2);
    assertThat(session.execute("SELECT id FROM damaged").all()).hasSize(2);
    assertThat(session.execute("SELECT n FROM damaged WHERE id = 'g8'").one().getInt(0))
        .isEqualTo(8);

    List<JsonNode> rejects = Rejects.read(dir.resolve("state-damaged"));
    assertThat(rejects).hasSize(6);
    assertThat(rejects)
        .allSatisfy(r -> assertThat(r.get("resource").asText()).isEqualTo("damaged.ndjson"));
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(2)))
        .startsWith("line 2: ")
        .contains("not valid JSON");
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(4)))
        .startsWith("line 4: ")
        .contains("not a JSON object");
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(5)))
        .isEqualTo("line 5: field 'n' appears twice");
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(6)))
        .startsWith("line 6: field 'at': invalid Extended JSON: $date must be");
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(9)))
        .startsWith("line 9: ")
        .contains("not valid UTF-8");
    JsonNode notANumber = Rejects.at(rejects, ndjson.offsetOfLine(7));
    assertThat(notANumber.get("stage").asText()).isEqualTo("mapping");
    assertThat(notANumber.get("id").asText()).isEqualTo("g5");
    assertThat(notANumber.get("reason").asText())
        .isEqualTo(
            "line 7: Column 'n' (field 'n'): cannot convert string to int, not an integer (value"
                + " \"abc\").");
  }

  /**
   * Text that UTF-8 cannot encode, as JSON escapes (a lone surrogate in a value and in an object
   * key) and as raw bytes (an encoded surrogate, a code point past U+10FFFF): each such line is
   * rejected with its position, and the run goes on to load the others.
   */
  @Test
  void should_reject_text_that_utf_8_cannot_encode_and_go_on(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE unencodable (id text PRIMARY KEY, name text, doc text)");
    TextLines ndjson =
        new TextLines()
            .add("{\"_id\":\"u1\",\"name\":\"Ada\"}")
            .add("{\"_id\":\"u2\",\"name\":\"\\uDFAA\"}")
            .add("{\"_id\":\"u3\",\"name\":\"Bo\",\"doc\":{\"\\uDFAA\":1}}")
            .add(withBytes("{\"_id\":\"u4\",\"name\":\"", 0xED, 0xA0, 0x80))
            .add(withBytes("{\"_id\":\"u5\",\"name\":\"", 0xF4, 0xBF, 0xBF, 0xBF))
            .add("{\"_id\":\"u6\",\"name\":\"Cy\"}");
    ndjson.writeTo(dir.resolve("unencodable.ndjson"));
    Path job =
        JobFile.write(
            dir,
            "unencodable",
            keyspace,
            "unencodable",
            "  - type: ndjson\n    path: unencodable.ndjson\n",
            "mapping:\n  columns:\n    id: _id\n    name: name\n    doc: doc\nmax-errors: 10\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode counts = CliRun.report(dir.resolve("state-unencodable"));
    Rejects.assertAccounted(counts, 6, 2, 0, 2, 2, 2);
    assertThat(session.execute("SELECT id FROM unencodable").all())
        .extracting(row -> row.getString(0))
        .containsExactlyInAnyOrder("u1", "u6");
    List<JsonNode> rejects = Rejects.read(dir.resolve("state-unencodable"));
    assertThat(Rejects.at(rejects, ndjson.offsetOfLine(2)).get("reason").asText())
        .contains("Column 'name'", "half a surrogate pair");
    assertThat(Rejects.at(rejects, ndjson.offsetOfLine(3)).get("reason").asText())
        .contains("Column 'doc'", "half a surrogate pair");
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(4))).contains("not valid UTF-8");
    assertThat(decodeReason(rejects, ndjson.offsetOfLine(5))).contains("not valid UTF-8");
  }

  private static byte[] withBytes(String head, int... bad) {
    byte[] start = head.getBytes(StandardCharsets.UTF_8);
    byte[] end = "\"}".getBytes(StandardCharsets.UTF_8);
    byte[] line = java.util.Arrays.copyOf(start, start.length + bad.length + end.length);
    for (int i = 0; i < bad.length; i++) {
      line[start.length + i] = (byte) bad[i];
    }
    System.arraycopy(end, 0, line, start.length + bad.length, end.length);
    return line;
  }

  private static String decodeReason(List<JsonNode> rejects, long offset) {
    JsonNode reject = Rejects.at(rejects, offset);
    assertThat(reject.get("stage").asText()).isEqualTo("decode");
    return reject.get("reason").asText();
  }
}
