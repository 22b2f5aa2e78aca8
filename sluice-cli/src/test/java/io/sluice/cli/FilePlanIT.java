package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.parquet.ParquetFixtureWriter;
import io.sluice.formats.parquet.ParquetValues;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice plan} on CSV, NDJSON and Parquet files infers a mapping and a CREATE TABLE with
 * typed columns (CSV by what its text reads as) that, applied, take the whole migration.
 */
@RealCassandra
class FilePlanIT {

  private static final int ROWS = 300;
  private static final Instant START = Instant.parse("2024-05-01T12:00:00.125Z");

  @TempDir Path dir;

  /** Plans {@code sources}, applies the CREATE TABLE, migrates with the inferred mapping. */
  private CliRun planAndMigrate(
      CqlSession session, TestKeyspace keyspace, String table, String sources, String... columns)
      throws Exception {
    Path planJob = JobFile.write(dir, table, keyspace, table, sources, "");
    CliRun plan =
        CliRun.of(
            "plan",
            planJob.toString(),
            "--sample-records",
            "100",
            "--mapping-out",
            dir.resolve("mapping.yaml").toString(),
            "--cql-out",
            dir.resolve("table.cql").toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("Sampled 100 record(s)")
        .contains("CREATE TABLE IF NOT EXISTS " + keyspace.name() + "." + table + " (\n");
    for (String column : columns) {
      assertThat(plan.out()).as(plan.toString()).contains("\n  " + column + ",\n");
    }
    session.execute(Files.readString(dir.resolve("table.cql")).strip().replaceAll(";$", ""));

    String mapping = Files.readString(dir.resolve("mapping.yaml"));
    Path job = JobFile.write(dir, table, keyspace, table, sources, mapping);
    CliRun migrate = CliRun.of("migrate", job.toString(), "--max-errors", "0");

    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-" + table));
    assertThat(counts.get("rows-written").asLong()).isEqualTo(ROWS);
    assertThat(session.execute("SELECT count(*) FROM " + table).one().getLong(0)).isEqualTo(ROWS);
    return plan;
  }

  @Test
  void should_type_csv_columns_by_their_text(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    StringBuilder csv = new StringBuilder("id,name,zip,qty,price,flag,uid,at,day,note\n");
    for (int i = 0; i < ROWS; i++) {
      csv.append(i)
          .append(",name ")
          .append(i)
          .append(',')
          .append(String.format("%05d", i * 37))
          .append(',')
          .append(i % 2 == 0 ? -i : i * 1000)
          .append(',')
          .append(i)
          .append(".25,")
          .append(i % 3 == 0)
          .append(',')
          .append(UUID.nameUUIDFromBytes(new byte[] {(byte) i}))
          .append(',')
          .append(START.plusSeconds(i))
          .append(',')
          .append(LocalDate.of(2024, 1, 1).plusDays(i))
          .append(',')
          .append(i % 7 == 0 ? "" : "note " + i)
          .append('\n');
    }
    Files.writeString(dir.resolve("rows.csv"), csv);

    CliRun plan =
        planAndMigrate(
            session,
            keyspace,
            "csv_plan",
            "  - type: csv\n    path: rows.csv\n",
            "id int",
            "name text",
            "zip text",
            "qty int",
            "price decimal",
            "flag boolean",
            "uid uuid",
            "at timestamp",
            "day date",
            "note text");

    assertThat(plan.out()).contains("No sampled record holds a number or a boolean");
    Row row = session.execute("SELECT * FROM csv_plan WHERE id = 299").one();
    assertThat(row.getString("zip")).isEqualTo("11063");
    assertThat(row.getBigDecimal("price")).isEqualTo(new BigDecimal("299.25"));
    assertThat(row.getInstant("at")).isEqualTo(START.plusSeconds(299));
    assertThat(row.getLocalDate("day")).isEqualTo(LocalDate.of(2024, 1, 1).plusDays(299));
    assertThat(session.execute("SELECT zip FROM csv_plan WHERE id = 1").one().getString(0))
        .isEqualTo("00037");
  }

  @Test
  void should_type_ndjson_columns_by_their_json(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    StringBuilder ndjson = new StringBuilder();
    for (int i = 0; i < ROWS; i++) {
      ndjson
          .append(
              String.format(
                  "{\"_id\":\"p%04d\",\"n\":%d,\"big\":%d,\"d\":%s,",
                  i, i, i * 10_000_000_000L, i + 0.5))
          .append("\"at\":{\"$date\":\"")
          .append(START.plusSeconds(i))
          .append("\"},\"tags\":[\"t")
          .append(i)
          .append("\"],\"address\":{\"city\":\"c")
          .append(i)
          .append("\"},\"zip\":\"")
          .append(String.format("%05d", i))
          .append("\"}\n");
    }
    Files.writeString(dir.resolve("rows.ndjson"), ndjson);

    planAndMigrate(
        session,
        keyspace,
        "ndjson_plan",
        "  - type: ndjson\n    path: rows.ndjson\n",
        "id text",
        "n int",
        "big bigint",
        "d double",
        "at timestamp",
        "tags frozen<list<text>>",
        "address text",
        "zip text");

    Row row = session.execute("SELECT * FROM ndjson_plan WHERE id = 'p0299'").one();
    assertThat(row.getLong("big")).isEqualTo(2_990_000_000_000L);
    assertThat(row.getDouble("d")).isEqualTo(299.5);
    assertThat(row.getList("tags", String.class)).containsExactly("t299");
    assertThat(row.getString("address")).isEqualTo("{\"city\":\"c299\"}");
  }

  @Test
  void should_type_parquet_columns_by_their_logical_types(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            """
            message rows {
              required binary id (STRING);
              required int32 n;
              required int32 amount (DECIMAL(9,2));
              required int32 day (DATE);
              required int64 t (TIME(MICROS,true));
              required int64 ts_ms (TIMESTAMP(MILLIS,true));
              required int64 ts_us (TIMESTAMP(MICROS,true));
              optional group tags (LIST) { repeated group list { required binary element (STRING); } }
              optional group spot { required double x; required double y; }
            }
            """);
    try (ParquetFixtureWriter file =
        ParquetFixtureWriter.create(dir.resolve("rows.parquet"), schema)) {
      for (int i = 0; i < ROWS; i++) {
        Instant at = START.plusSeconds(i);
        Group row =
            file.newRow()
                .append("id", "r" + i)
                .append("n", i)
                .append("amount", i * 100 + 25)
                .append("day", (int) LocalDate.of(2024, 1, 1).plusDays(i).toEpochDay())
                .append("t", LocalTime.of(12, 0).plusNanos(i * 1_000L).toNanoOfDay() / 1_000)
                .append("ts_ms", at.toEpochMilli())
                .append("ts_us", ParquetValues.micros(at.plusNanos(1_000)));
        row.addGroup("tags").addGroup("list").append("element", "t" + i);
        row.addGroup("spot").append("x", i + 0.5).append("y", -1.0);
        file.write(row);
        if (i % 100 == 99) {
          file.endRowGroup();
        }
      }
    }

    CliRun plan =
        planAndMigrate(
            session,
            keyspace,
            "parquet_plan",
            "  - type: parquet\n    path: rows.parquet\n",
            "id text",
            "n int",
            "amount decimal",
            "day date",
            "t time",
            "ts_ms timestamp",
            "ts_us text",
            "tags frozen<list<text>>",
            "spot text");

    assertThat(plan.out()).contains("'truncate: millis'");
    Row row = session.execute("SELECT * FROM parquet_plan WHERE id = 'r299'").one();
    assertThat(row.getBigDecimal("amount")).isEqualTo(new BigDecimal("299.25"));
    assertThat(row.getLocalDate("day")).isEqualTo(LocalDate.of(2024, 1, 1).plusDays(299));
    assertThat(row.getLocalTime("t")).isEqualTo(LocalTime.parse("12:00:00.000299"));
    assertThat(row.getInstant("ts_ms")).isEqualTo(START.plusSeconds(299));
    assertThat(row.getString("ts_us")).isEqualTo("2024-05-01T12:04:59.125001Z");
    assertThat(row.getList("tags", String.class)).isEqualTo(List.of("t299"));
    assertThat(row.getString("spot")).isEqualTo("{\"x\":299.5,\"y\":-1.0}");
  }

  @Test
  void should_infer_from_the_schema_of_a_parquet_file_without_rows(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            """
            message rows {
              required binary id (STRING);
              required int32 day (DATE);
              required int64 ts_ms (TIMESTAMP(MILLIS,true));
              required int64 ts_us (TIMESTAMP(MICROS,true));
              optional group tags (LIST) { repeated group list { required binary element (STRING); } }
            }
            """);
    try (ParquetFixtureWriter file =
        ParquetFixtureWriter.create(dir.resolve("empty.parquet"), schema)) {
      // The file holds its schema and no row, as an export of an empty table does.
    }
    Path job =
        JobFile.write(
            dir,
            "empty",
            keyspace,
            "empty_plan",
            "  - type: parquet\n    path: empty.parquet\n",
            "");

    CliRun plan = CliRun.of("plan", job.toString(), "--cql-out", dir.resolve("t.cql").toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("Sampled 0 record(s)")
        .contains("the mapping is inferred from their schemas")
        .contains("\n  id text,\n")
        .contains("\n  day date,\n")
        .contains("\n  ts_ms timestamp,\n")
        .contains("\n  ts_us text,\n")
        .contains("\n  tags frozen<list<text>>,\n");
    session.execute(Files.readString(dir.resolve("t.cql")).strip().replaceAll(";$", ""));
    assertThat(session.execute("SELECT * FROM empty_plan").all()).isEmpty();
  }
}
