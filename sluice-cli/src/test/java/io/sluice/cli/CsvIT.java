package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of CSV files, one plain and one gzip-compressed with CRLF line ends, loads through
 * {@code sluice migrate} into a column of every CQL type the mapper converts text to, plus the
 * typed-column options (JSON, hex, base64, date formats with a zone), quoted delimiters and line
 * breaks, comment lines and null markers. Malformed CSV is covered by {@link CsvDamageIT}.
 */
@RealCassandra
class CsvIT {

  private static final List<String> HEADER =
      List.of(
          "id", "name", "code", "small", "tiny", "big", "huge", "price", "ratio", "f", "flag",
          "born", "seen", "signup", "at", "uid", "tu", "ip", "data", "data64", "tags", "scores",
          "note", "missing");
  private static final UUID UID = UUID.fromString("3b241101-e2bb-4255-8caf-4136c566a962");
  private static final UUID TIME_UUID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

  @TempDir static Path dir;

  static CliRun run;

  @BeforeAll
  static void load(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE csv_types (id int PRIMARY KEY, name text, code ascii, small smallint,"
            + " tiny tinyint, big bigint, huge varint, price decimal, ratio double, f float,"
            + " flag boolean, born date, seen timestamp, signup timestamp, at time, uid uuid,"
            + " tu timeuuid, ip inet, data blob, data64 blob, tags frozen<list<text>>,"
            + " scores map<text, int>, note text, missing text)");
    Files.createDirectories(dir.resolve("export"));
    Files.writeString(
        dir.resolve("export/people-1.csv"),
        "# exported by a test\n"
            + String.join(",", HEADER)
            + "\n"
            + "1,\"Lovelace, Ada\",ADA,-32768,127,9223372036854775807,"
            + "123456789012345678901234567890,12345.678900,0.1,0.5,TRUE,1815-12-10,"
            + "2024-05-01T12:00:00.123Z,01/05/2024 14:00,13:45:30.5,"
            + UID
            + ","
            + TIME_UUID
            + ",192.168.0.1,0xCAFE,AQID,\"[\"\"math\"\",\"\"poetry\"\"]\","
            + "\"{\"\"a\"\":1,\"\"b\"\":2}\",\"line one\nline \"\"two\"\"\",NULL\n"
            + "# a comment between records\n"
            + "2,Grace"
            + ",".repeat(16)
            + "::1"
            + ",".repeat(6)
            + "\n",
        StandardCharsets.UTF_8);
    gzip(
        dir.resolve("export/people-2.csv.gz"),
        (String.join(",", HEADER)
                + "\n"
                + "3,Émile ✓,X,0,-128,-1,-1,-0.5,NaN,-Infinity,false,-0044-03-15,"
                + "1969-07-20T21:17:40.5+01:00,31/12/1999 23:59,00:00,"
                + UID.toString().toUpperCase()
                + ","
                + TIME_UUID
                + ",2001:db8::1,cafe,/+8=,[],{},plain,\n")
            .replace("\n", "\r\n"));
    String sources =
        """
          - type: csv
            path: export
            options:
              comment: "#"
              null-values: ["", "NULL"]
              json-columns: [tags, scores]
              hex-columns: [data]
              base64-columns: [data64]
              date-formats: {signup: "dd/MM/yyyy HH:mm"}
              time-zone: Europe/Paris
        """;
    StringBuilder mapping = new StringBuilder("mapping:\n  columns:\n");
    HEADER.forEach(c -> mapping.append("    ").append(c).append(": ").append(c).append('\n'));
    run =
        CliRun.of(
            "migrate",
            JobFile.write(dir, "people", keyspace, "csv_types", sources, mapping.toString())
                .toString(),
            "--max-errors",
            "0");
  }

  private static void gzip(Path file, String text) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static Row row(CqlSession session, int id) {
    Row row = session.execute("SELECT * FROM csv_types WHERE id = ?", id).one();
    assertThat(row).as("row " + id).isNotNull();
    return row;
  }

  @Test
  void should_load_every_record_of_every_file() throws Exception {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-people"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(3);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(3);
  }

  /** A file without a header has its fields named by position, and loads and validates so. */
  @Test
  void should_load_and_validate_a_file_without_header_by_position(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE csv_plain (k int PRIMARY KEY, v text, w int)");
    Files.createDirectories(dir.resolve("plain"));
    Files.writeString(dir.resolve("plain/data.csv"), "1,one,10\n2,two,20\n3,three,30\n");
    String sources =
        """
          - type: csv
            path: plain
            options: { header: false }
        """;
    Path job =
        JobFile.write(
            dir,
            "plain",
            keyspace,
            "csv_plain",
            sources,
            "mapping:\n  columns: { k: col1, v: col2, w: col3 }\n");

    CliRun plan = CliRun.of("plan", job.toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out()).contains("3 sampled record(s) give 3 row(s); 0 filtered, 0 would be");

    CliRun load = CliRun.of("migrate", job.toString(), "--max-errors", "0");

    assertThat(load.exitCode()).as(load.toString()).isEqualTo(ExitCodes.OK);
    assertThat(CliRun.report(dir.resolve("state-plain")).get("rows-written").asLong()).isEqualTo(3);
    assertThat(session.execute("SELECT v, w FROM csv_plain WHERE k = 2").one().getInt(1))
        .isEqualTo(20);
    CliRun check = CliRun.of("validate", job.toString());
    assertThat(check.exitCode()).as(check.toString()).isEqualTo(ExitCodes.OK);
  }

  @Test
  void should_convert_text_cells_by_column_type(CqlSession session) throws Exception {
    Row ada = row(session, 1);
    assertThat(ada.getString("name")).isEqualTo("Lovelace, Ada");
    assertThat(ada.getString("code")).isEqualTo("ADA");
    assertThat(ada.getShort("small")).isEqualTo((short) -32768);
    assertThat(ada.getByte("tiny")).isEqualTo((byte) 127);
    assertThat(ada.getLong("big")).isEqualTo(Long.MAX_VALUE);
    assertThat(ada.getBigInteger("huge"))
        .isEqualTo(new BigInteger("123456789012345678901234567890"));
    assertThat(ada.getBigDecimal("price")).isEqualTo(new BigDecimal("12345.678900"));
    assertThat(ada.getDouble("ratio")).isEqualTo(0.1);
    assertThat(ada.getFloat("f")).isEqualTo(0.5f);
    assertThat(ada.getBoolean("flag")).isTrue();
    assertThat(ada.getLocalDate("born")).isEqualTo(LocalDate.of(1815, 12, 10));
    assertThat(ada.getInstant("seen")).isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
    assertThat(ada.getLocalTime("at")).isEqualTo(LocalTime.parse("13:45:30.5"));
    assertThat(ada.getUuid("uid")).isEqualTo(UID);
    assertThat(ada.getUuid("tu")).isEqualTo(TIME_UUID);
    assertThat(ada.getInetAddress("ip")).isEqualTo(InetAddress.getByName("192.168.0.1"));

    Row emile = row(session, 3);
    assertThat(emile.getString("name")).isEqualTo("Émile ✓");
    assertThat(emile.getByte("tiny")).isEqualTo((byte) -128);
    assertThat(emile.getBigInteger("huge")).isEqualTo(BigInteger.ONE.negate());
    assertThat(emile.getBigDecimal("price")).isEqualTo(new BigDecimal("-0.5"));
    assertThat(emile.getDouble("ratio")).isNaN();
    assertThat(emile.getFloat("f")).isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(emile.getBoolean("flag")).isFalse();
    assertThat(emile.getLocalDate("born")).isEqualTo(LocalDate.of(-44, 3, 15));
    assertThat(emile.getInstant("seen")).isEqualTo(Instant.parse("1969-07-20T20:17:40.5Z"));
    assertThat(emile.getLocalTime("at")).isEqualTo(LocalTime.MIDNIGHT);
    assertThat(emile.getUuid("uid")).isEqualTo(UID);
    assertThat(emile.getInetAddress("ip")).isEqualTo(InetAddress.getByName("2001:db8::1"));
  }

  @Test
  void should_read_typed_columns_quoted_fields_and_null_markers(CqlSession session)
      throws Exception {
    Row ada = row(session, 1);
    assertThat(ada.getInstant("signup")).isEqualTo(Instant.parse("2024-05-01T12:00:00Z"));
    assertThat(ada.getByteBuffer("data")).isEqualTo(ByteBuffer.wrap(new byte[] {-54, -2}));
    assertThat(ada.getByteBuffer("data64")).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
    assertThat(ada.getList("tags", String.class)).containsExactly("math", "poetry");
    assertThat(ada.getMap("scores", String.class, Integer.class)).isEqualTo(Map.of("a", 1, "b", 2));
    assertThat(ada.getString("note")).isEqualTo("line one\nline \"two\"");
    assertThat(ada.isNull("missing")).isTrue();

    Row grace = row(session, 2);
    assertThat(grace.getString("name")).isEqualTo("Grace");
    assertThat(grace.getInetAddress("ip")).isEqualTo(InetAddress.getByName("::1"));
    for (String column : HEADER.subList(2, 17)) {
      assertThat(grace.isNull(column)).as(column).isTrue();
    }
    for (String column : HEADER.subList(18, 24)) {
      assertThat(grace.isNull(column)).as(column).isTrue();
    }

    Row emile = row(session, 3);
    assertThat(emile.getInstant("signup")).isEqualTo(Instant.parse("1999-12-31T22:59:00Z"));
    assertThat(emile.getByteBuffer("data")).isEqualTo(ByteBuffer.wrap(new byte[] {-54, -2}));
    assertThat(emile.getByteBuffer("data64")).isEqualTo(ByteBuffer.wrap(new byte[] {-1, -17}));
    assertThat(emile.getList("tags", String.class)).isEmpty();
    assertThat(emile.getMap("scores", String.class, Integer.class)).isEmpty();
    assertThat(emile.getString("note")).isEqualTo("plain");
    assertThat(emile.isNull("missing")).isTrue();
  }
}
