package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed CSV through {@code sluice migrate}: each bad record is rejected with its byte offset
 * and a reason giving its line, a record whose cell does not fit its column is rejected at mapping,
 * the good records around them load, and the report's counts add up.
 */
@RealCassandra
class CsvDamageIT {

  @TempDir Path dir;

  @Test
  void should_reject_each_malformed_record_with_its_position_and_reason(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE damaged (id int PRIMARY KEY, n int, note text)");
    TextLines csv =
        new TextLines()
            .add("id,n,note")
            .add("1,10,ok")
            .add("2,20")
            .add("3,abc,not a number")
            .add("4,40,\"quoted\"then text")
            .add(new byte[] {'5', ',', '5', '0', ',', 'n', (byte) 0xC3, '(', 'x'})
            .add("6,60,skip")
            .add("7,70,\"a quoted, \"\"fine\"\" note\"")
            .add("8,80,\"a quote never closed");
    csv.writeTo(dir.resolve("damaged.csv"));
    Path job =
        JobFile.write(
            dir,
            "damaged",
            keyspace,
            "damaged",
            "  - type: csv\n    path: damaged.csv\n",
            "mapping:\n  columns:\n    id: id\n    n: n\n    note: note\n"
                + "  filter:\n    - { field: note, not-equals: skip }\nmax-errors: 10\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode counts = CliRun.report(dir.resolve("state-damaged"));
    Rejects.assertAccounted(counts, 8, 2, 1, 4, 1, 2);
    assertThat(session.execute("SELECT id FROM damaged").all()).hasSize(2);
    assertThat(session.execute("SELECT note FROM damaged WHERE id = 7").one().getString(0))
        .isEqualTo("a quoted, \"fine\" note");

    List<JsonNode> rejects = Rejects.read(dir.resolve("state-damaged"));
    assertThat(rejects).hasSize(5);
    assertThat(rejects)
        .allSatisfy(r -> assertThat(r.get("resource").asText()).isEqualTo("damaged.csv"));
    assertDecodeReject(rejects, csv.offsetOfLine(3), "line 3: expected 3 fields, found 2");
    assertDecodeReject(
        rejects,
        csv.offsetOfLine(5),
        "line 5: a closing quote is followed by text before the delimiter");
    assertDecodeReject(rejects, csv.offsetOfLine(6), "line 6: the record is not valid UTF-8");
    assertDecodeReject(
        rejects,
        csv.offsetOfLine(9),
        "line 9: a quoted field is not closed before the end of the file");
    JsonNode notANumber = Rejects.at(rejects, csv.offsetOfLine(4));
    assertThat(notANumber.get("stage").asText()).isEqualTo("mapping");
    assertThat(notANumber.get("reason").asText())
        .isEqualTo(
            "line 4: Column 'n' (field 'n'): cannot convert string to int, not an integer (value"
                + " \"abc\").");
  }

  private static void assertDecodeReject(List<JsonNode> rejects, long offset, String reason) {
    JsonNode reject = Rejects.at(rejects, offset);
    assertThat(reject.get("stage").asText()).isEqualTo("decode");
    assertThat(reject.get("reason").asText()).isEqualTo(reason);
  }
}
