package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.parquet.ParquetFixtureWriter;
import io.sluice.formats.parquet.ParquetValues;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged Parquet input through {@code sluice migrate}: a row group whose page checksum fails is
 * rejected as one record with its first row and the reason, a row with an invalid value alone, a
 * row that does not fit its column at mapping, and the report's counts add up. A time finer than a
 * millisecond is rejected by default, with a reason naming the setting that would take it.
 */
@RealCassandra
class ParquetDamageIT {

  private static final MessageType ROWS =
      MessageTypeParser.parseMessageType(
          "message rows { required binary id (STRING); required int32 n;"
              + " required binary note (STRING); }");
  private static final int GROUP = 10;

  @TempDir Path dir;

  /**
   * Thirty rows in three groups: row 5 is too big for tinyint, row 7 filtered, row 25 not UTF-8.
   */
  private List<Long> writeRows(Path file) throws IOException {
    try (ParquetFixtureWriter writer = ParquetFixtureWriter.create(file, ROWS)) {
      for (int i = 0; i < 3 * GROUP; i++) {
        Group row = writer.newRow().append("id", "r" + i).append("n", i == 5 ? 300 : i);
        if (i == 25) {
          row.append("note", ParquetValues.bytes(0x6E, 0xC3, 0x28));
        } else {
          row.append("note", i == 7 ? "skip" : "note " + i);
        }
        writer.write(row);
        if ((i + 1) % GROUP == 0) {
          writer.endRowGroup();
        }
      }
      return writer.groupEnds();
    }
  }

  @Test
  void should_reject_damaged_groups_and_rows_with_their_position_and_reason(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE damaged (id text PRIMARY KEY, n tinyint, note text)");
    Path file = dir.resolve("damaged.parquet");
    List<Long> groupEnds = writeRows(file);
    flipByte(file, groupEnds.get(1) - 1); // the last page of group 1: its checksum fails
    Path job =
        JobFile.write(
            dir,
            "damaged",
            keyspace,
            "damaged",
            "  - type: parquet\n    path: damaged.parquet\n",
            "mapping:\n  columns:\n    id: id\n    n: n\n    note: note\n"
                + "  filter:\n    - { field: note, not-equals: skip }\nmax-errors: 10\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode counts = CliRun.report(dir.resolve("state-damaged"));
    // 20 rows and one unreadable row group
    Rejects.assertAccounted(counts, 21, 17, 1, 2, 1, 17);
    assertThat(session.execute("SELECT count(*) FROM damaged").one().getLong(0)).isEqualTo(17);
    assertThat(session.execute("SELECT note FROM damaged WHERE id = 'r29'").one().getString(0))
        .isEqualTo("note 29");

    List<JsonNode> rejects = Rejects.read(dir.resolve("state-damaged"));
    assertThat(rejects).hasSize(3);
    assertThat(rejects)
        .allSatisfy(r -> assertThat(r.get("resource").asText()).isEqualTo("damaged.parquet"));
    JsonNode group = Rejects.at(rejects, 10);
    assertThat(group.get("stage").asText()).isEqualTo("decode");
    assertThat(group.get("reason").asText())
        .startsWith("row group 1 (rows 10 to 19) cannot be decoded: ")
        .contains("CRC");
    JsonNode utf8 = Rejects.at(rejects, 25);
    assertThat(utf8.get("stage").asText()).isEqualTo("decode");
    assertThat(utf8.get("reason").asText()).isEqualTo("row 25: field 'note' is not valid UTF-8");
    JsonNode tooBig = Rejects.at(rejects, 5);
    assertThat(tooBig.get("stage").asText()).isEqualTo("mapping");
    assertThat(tooBig.get("reason").asText())
        .isEqualTo(
            "Column 'n' (field 'n'): cannot convert int32 to tinyint, out of range (value 300).");
  }

  @Test
  void should_reject_times_finer_than_a_millisecond_unless_the_column_truncates(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE events (id text PRIMARY KEY, at timestamp)");
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message events { required binary id (STRING);"
                + " required int64 at (TIMESTAMP(MICROS,true)); }");
    try (ParquetFixtureWriter file =
        ParquetFixtureWriter.create(dir.resolve("events.parquet"), schema)) {
      file.write(file.newRow().append("id", "whole").append("at", 1714564800123000L));
      file.write(file.newRow().append("id", "fine").append("at", 1714564800123456L));
    }
    String sources = "  - type: parquet\n    path: events.parquet\n";

    CliRun strict =
        CliRun.of(
            "migrate",
            JobFile.write(
                    dir,
                    "strict",
                    keyspace,
                    "events",
                    sources,
                    "mapping:\n  columns:\n" + "    id: id\n    at: at\nmax-errors: 5\n")
                .toString());
    assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(session.execute("SELECT id FROM events").all()).hasSize(1);
    JsonNode fine = Rejects.read(dir.resolve("state-strict")).get(0);
    assertThat(fine.get("offset").asLong()).isEqualTo(1);
    assertThat(fine.get("reason").asText())
        .isEqualTo(
            "Column 'at' (field 'at'): cannot convert date to timestamp, it is finer than a"
                + " millisecond (set 'truncate: millis' on the column to drop the finer part)"
                + " (value 2024-05-01T12:00:00.123456Z).");

    CliRun truncating =
        CliRun.of(
            "migrate",
            JobFile.write(
                    dir,
                    "truncating",
                    keyspace,
                    "events",
                    sources,
                    "mapping:\n  columns:\n"
                        + "    id: id\n    at: { field: at, truncate: millis }\n")
                .toString(),
            "--max-errors",
            "0");
    assertThat(truncating.exitCode()).as(truncating.toString()).isEqualTo(ExitCodes.OK);
    assertThat(session.execute("SELECT at FROM events WHERE id = 'fine'").one().getInstant("at"))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
  }

  private static void flipByte(Path file, long position) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      channel.read(one, position);
      one.put(0, (byte) (one.get(0) ^ 0x5A)).rewind();
      channel.write(one, position);
    }
  }
}
