package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.parquet.ParquetFixtureWriter;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed midway and resumed says how much of the work is done, counted in each source's own
 * units: compressed bytes of a {@code .gz} file (whose record positions are offsets in the text),
 * bytes of Parquet row groups (whose positions are row numbers). The figure matches the share of
 * records done, and the resumed run ends at 100%.
 */
@RealCassandra
class ResumedProgressIT {

  private static final int GZIP_ROWS = 100_000;
  private static final int PARQUET_ROWS = 25_000;
  private static final int PARQUET_GROUPS = 40;

  /**
   * How far a gzip reader reads ahead of the records it returned: its input buffer of compressed
   * bytes and a window of text. What it consumed counts as done once a record is.
   */
  private static final long GZIP_READ_AHEAD = 512 * 1024;

  private static final String MAPPING =
      "mapping:\n  columns:\n    id: id\n    n: n\n    note: note\nmax-errors: 0\n";

  /**
   * The runs' rates: each run lasts several checkpoint intervals ({@code
   * JobRun.CHECKPOINT_INTERVAL}, 2 s), so that one is saved between 30% and the end, on as few rows
   * as that allows.
   */
  private static final int GZIP_ROWS_PER_SECOND = 8_000;

  private static final int PARQUET_ROWS_PER_SECOND = 4_000;
  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message rows { required binary id (STRING); required int32 n;"
              + " required binary note (STRING); }");
  private static final Pattern RESUMED = Pattern.compile("([0-9.]+)% of the work\\)");

  @TempDir static Path dir;

  @BeforeAll
  static void createTables(CqlSession session) {
    session.execute("CREATE TABLE from_gzip (id text PRIMARY KEY, n int, note text)");
    session.execute("CREATE TABLE from_parquet (id text PRIMARY KEY, n int, note text)");
  }

  /** A note that compresses about as well as real data, between two and three to one. */
  private static String note(int i) {
    return "customer record number "
        + i
        + " "
        + HexFormat.of().toHexDigits(i * 0x9E3779B97F4A7C15L)
        + " "
        + HexFormat.of().toHexDigits(i * 0xC2B2AE3D27D4EB4FL);
  }

  @Test
  void should_count_a_gzip_files_progress_in_compressed_bytes(TestKeyspace keyspace)
      throws Exception {
    Path file = dir.resolve("rows.csv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file));
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      writer.write("id,n,note\n");
      for (int i = 0; i < GZIP_ROWS; i++) {
        writer.write("r" + i + "," + i + "," + note(i) + "\n");
      }
    }
    // One split, read from the start. Its records' positions are offsets in the text, two to three
    // times the compressed bytes: counted as work, they would say two to three times the truth.
    double readAhead = 100.0 * GZIP_READ_AHEAD / Files.size(file);
    assertResumedShareMatches(
        keyspace,
        "gzip",
        "from_gzip",
        "  - type: csv\n    path: rows.csv.gz\n",
        GZIP_ROWS_PER_SECOND,
        GZIP_ROWS,
        readAhead);
  }

  @Test
  void should_count_a_parquet_files_progress_in_row_group_bytes(TestKeyspace keyspace)
      throws Exception {
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(dir.resolve("rows.parquet"), SCHEMA)) {
      for (int i = 0; i < PARQUET_ROWS; i++) {
        writer.write(writer.newRow().append("id", "r" + i).append("n", i).append("note", note(i)));
        if ((i + 1) % (PARQUET_ROWS / PARQUET_GROUPS) == 0) {
          writer.endRowGroup();
        }
      }
    }
    // One split per row group: the figure may be off by at most one split's share.
    assertResumedShareMatches(
        keyspace,
        "parquet",
        "from_parquet",
        "  - type: parquet\n    path: rows.parquet\n",
        PARQUET_ROWS_PER_SECOND,
        PARQUET_ROWS,
        100.0 / PARQUET_GROUPS);
  }

  private static void assertResumedShareMatches(
      TestKeyspace keyspace,
      String name,
      String table,
      String source,
      int rowsPerSecond,
      int rows,
      double tolerance)
      throws Exception {
    Path job =
        JobFile.write(
            dir,
            name,
            keyspace,
            table,
            source,
            MAPPING + "flow: { workers: 2, rows-per-second: " + rowsPerSecond + " }\n");
    Path checkpoint = dir.resolve("state-" + name).resolve("checkpoint.json");
    SluiceProcess first = SluiceProcess.start(dir, "migrate", job.toString());
    long atLeast = rows * 3L / 10;
    long done = awaitRecordsDone(checkpoint, first, atLeast);
    first.kill();
    assertThat(done)
        .as("records done before the kill\n%s", first.output())
        .isBetween(atLeast, rows - 1L);

    CliRun resumed = CliRun.of("migrate", job.toString());

    assertThat(resumed.exitCode()).as(resumed.toString()).isEqualTo(ExitCodes.OK);
    Matcher percent = RESUMED.matcher(resumed.out());
    assertThat(percent.find()).as(resumed.out()).isTrue();
    assertThat(Double.parseDouble(percent.group(1)))
        .as("percent said on resuming, against %,d of %,d records done", done, rows)
        .isCloseTo(100.0 * done / rows, Offset.offset(tolerance));
    List<String> progress =
        resumed.out().lines().filter(line -> line.startsWith("Progress: ")).toList();
    assertThat(progress).as(resumed.out()).isNotEmpty();
    assertThat(progress.get(progress.size() - 1)).startsWith("Progress: 100.0% read");
    assertThat(CliRun.report(dir.resolve("state-" + name)).get("rows-written").asLong())
        .isEqualTo(rows);
  }

  /**
   * Waits until the run's checkpoint holds at least {@code atLeast} records done, so that it is
   * killed well inside its work whatever the machine's speed; returns the records it holds.
   */
  private static long awaitRecordsDone(Path checkpoint, SluiceProcess sluice, long atLeast) {
    long[] done = {0};
    Await.until(
        atLeast + " records saved as done",
        Duration.ofMinutes(5),
        () -> {
          done[0] = recordsDone(checkpoint);
          return done[0] >= atLeast || !sluice.isAlive();
        },
        sluice::output);
    return done[0];
  }

  private static long recordsDone(Path checkpoint) {
    try {
      return Files.exists(checkpoint)
          ? new ObjectMapper()
              .readTree(checkpoint.toFile())
              .get("counts")
              .get("records-read")
              .asLong()
          : 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
