package io.sluice.cli;

import static io.sluice.formats.parquet.ParquetValues.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.parquet.ParquetFixtureWriter;
import io.sluice.formats.parquet.ParquetValues;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet file written by Apache Parquet's writer, with every primitive and logical type and
 * nested lists, maps and structs, round-trips through {@code sluice migrate} into Cassandra
 * columns; sub-millisecond times go exactly into bigint columns and, when the column says so,
 * truncated into timestamp columns. Damaged files are covered by {@link ParquetDamageIT}.
 */
@RealCassandra
class ParquetIT {

  static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          """
          message export {
            required binary id (STRING);
            required boolean flag;
            required int32 i8 (INTEGER(8,true));
            required int32 i16 (INTEGER(16,true));
            required int32 i32;
            required int32 u32 (INTEGER(32,false));
            required int64 i64;
            required int64 u64 (INTEGER(64,false));
            required float f;
            required double d;
            required fixed_len_byte_array(2) half (FLOAT16);
            required int32 dec32 (DECIMAL(9,2));
            required int64 dec64 (DECIMAL(18,4));
            required binary dec_bin (DECIMAL(40,10));
            required fixed_len_byte_array(9) dec_fixed (DECIMAL(20,3));
            required int32 day (DATE);
            required int32 t_millis (TIME(MILLIS,true));
            required int64 t_micros (TIME(MICROS,true));
            required int64 t_nanos (TIME(NANOS,true));
            required int64 ts_millis (TIMESTAMP(MILLIS,true));
            required int64 ts_micros (TIMESTAMP(MICROS,true));
            required int64 ts_nanos (TIMESTAMP(NANOS,true));
            required int64 ts_local (TIMESTAMP(MICROS,false));
            required int96 legacy;
            required fixed_len_byte_array(16) uid (UUID);
            required binary s (STRING);
            required binary e (ENUM);
            required binary j (JSON);
            required binary raw;
            required fixed_len_byte_array(4) fixed;
            required binary bson (BSON);
            required fixed_len_byte_array(12) span (INTERVAL);
            optional group nums (LIST) { repeated group list { required int32 element; } }
            optional group matrix (LIST) {
              repeated group list {
                required group element (LIST) { repeated group list { required int32 element; } }
              }
            }
            optional group attrs (MAP) {
              repeated group key_value { required binary key (STRING); required int64 value; }
            }
            optional group by_id (MAP) {
              repeated group key_value { required int32 key; required binary value (STRING); }
            }
            optional group spot { required double x; required double y; optional binary label (STRING); }
            optional group points (LIST) {
              repeated group list {
                required group element {
                  required double x; required double y; optional binary label (STRING);
                }
              }
            }
            optional binary nothing (STRING);
          }
          """);

  static final BigDecimal BIG = new BigDecimal("-123456789012345678901234567890.0123456789");
  static final UUID UID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  static final Instant MILLIS = Instant.parse("2024-05-01T12:00:00.123Z");
  static final Instant MICROS = Instant.parse("2024-05-01T12:00:00.123456Z");
  static final Instant NANOS = Instant.parse("2024-05-01T12:00:00.123456789Z");
  static final Instant LOCAL = Instant.parse("2024-05-01T12:00:00.654321Z");
  static final Instant LEGACY = Instant.parse("2001-09-09T01:46:40.123456789Z");

  @TempDir static Path dir;

  static CliRun run;

  @BeforeAll
  static void load(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TYPE point (x double, y double, label text)");
    session.execute(
        "CREATE TABLE parquet_types (id text PRIMARY KEY, flag boolean, i8 tinyint, i16 smallint,"
            + " i32 int, u32 bigint, i64 bigint, u64 varint, f float, d double, half float,"
            + " dec32 decimal, dec64 decimal, dec_bin decimal, dec_fixed decimal, day date,"
            + " t_millis time, t_micros time, t_nanos time, ts_millis timestamp,"
            + " ts_micros timestamp, ts_micros_exact bigint, ts_nanos timestamp,"
            + " ts_nanos_exact bigint, ts_local timestamp, legacy timestamp, legacy_exact bigint,"
            + " uid uuid, s text, e text, j text, raw blob, fixed blob, bson blob,"
            + " span map<text, bigint>, nums frozen<list<int>>,"
            + " matrix frozen<list<frozen<list<int>>>>, attrs map<text, bigint>,"
            + " by_id map<int, text>, spot frozen<point>, spot_json text,"
            + " points frozen<list<frozen<point>>>, nothing text)");
    try (ParquetFixtureWriter file =
        ParquetFixtureWriter.create(dir.resolve("types.parquet"), SCHEMA)) {
      file.write(full(file.newRow()));
      file.endRowGroup();
      file.write(edges(file.newRow()));
    }
    StringBuilder mapping = new StringBuilder("mapping:\n  columns:\n");
    String sameName =
        "id flag i8 i16 i32 u32 i64 u64 f d half dec32 dec64 dec_bin dec_fixed day t_millis"
            + " t_micros t_nanos ts_millis uid s e j raw fixed bson span nums matrix attrs by_id"
            + " spot points nothing";
    for (String column : sameName.split(" ")) {
      mapping.append("    ").append(column).append(": ").append(column).append('\n');
    }
    mapping
        .append("    ts_micros: { field: ts_micros, truncate: millis }\n")
        .append("    ts_micros_exact: { field: ts_micros, epoch-unit: micros }\n")
        .append("    ts_nanos: { field: ts_nanos, truncate: millis }\n")
        .append("    ts_nanos_exact: { field: ts_nanos, epoch-unit: nanos }\n")
        .append("    ts_local: { field: ts_local, truncate: millis }\n")
        .append("    legacy: { field: legacy, truncate: millis }\n")
        .append("    legacy_exact: { field: legacy, epoch-unit: nanos }\n")
        .append("    spot_json: spot\n");
    String sources = "  - type: parquet\n    path: types.parquet\n";
    run =
        CliRun.of(
            "migrate",
            JobFile.write(dir, "types", keyspace, "parquet_types", sources, mapping.toString())
                .toString(),
            "--max-errors",
            "0");
  }

  private static Group full(Group row) {
    row.append("id", "r1")
        .append("flag", true)
        .append("i8", -128)
        .append("i16", -32768)
        .append("i32", Integer.MIN_VALUE)
        .append("u32", -1)
        .append("i64", Long.MIN_VALUE)
        .append("u64", -1L)
        .append("f", 0.1f)
        .append("d", 0.1)
        .append("half", bytes(0x00, 0x3E))
        .append("dec32", 12345)
        .append("dec64", -987654321L)
        .append("dec_bin", Binary.fromConstantByteArray(BIG.unscaledValue().toByteArray()))
        .append("dec_fixed", fixedDecimal(-1234567890L))
        .append("day", (int) LocalDate.of(2024, 2, 29).toEpochDay())
        .append("t_millis", (int) (LocalTime.parse("13:45:30.123").toNanoOfDay() / 1_000_000))
        .append("t_micros", LocalTime.parse("13:45:30.123456").toNanoOfDay() / 1_000)
        .append("t_nanos", LocalTime.parse("23:59:59.999999999").toNanoOfDay())
        .append("ts_millis", MILLIS.toEpochMilli())
        .append("ts_micros", ParquetValues.micros(MICROS))
        .append("ts_nanos", ParquetValues.nanos(NANOS))
        .append("ts_local", ParquetValues.micros(LOCAL))
        .append("legacy", ParquetValues.int96(LEGACY))
        .append("uid", ParquetValues.uuid(UID))
        .append("s", "héllo wörld ✓")
        .append("e", "RED")
        .append("j", "{\"a\":[1,2]}")
        .append("raw", bytes(0, 1, 0xFF))
        .append("fixed", bytes(9, 8, 7, 6))
        .append("bson", bytes(5, 0, 0, 0, 0))
        .append("span", ParquetValues.interval(14, 3, 5000));
    Group nums = row.addGroup("nums");
    for (int n : new int[] {1, 2, 3}) {
      nums.addGroup("list").append("element", n);
    }
    Group matrix = row.addGroup("matrix");
    Group first = matrix.addGroup("list").addGroup("element");
    first.addGroup("list").append("element", 1);
    first.addGroup("list").append("element", 2);
    matrix.addGroup("list").addGroup("element");
    matrix.addGroup("list").addGroup("element").addGroup("list").append("element", 3);
    Group attrs = row.addGroup("attrs");
    attrs.addGroup("key_value").append("key", "z").append("value", 1L);
    attrs.addGroup("key_value").append("key", "a").append("value", 2L);
    Group byId = row.addGroup("by_id");
    byId.addGroup("key_value").append("key", -5).append("value", "minus five");
    byId.addGroup("key_value").append("key", 7).append("value", "seven");
    row.addGroup("spot").append("x", 1.5).append("y", -2.0).append("label", "home");
    Group points = row.addGroup("points");
    points.addGroup("list").addGroup("element").append("x", 0.0).append("y", 0.0);
    points
        .addGroup("list")
        .addGroup("element")
        .append("x", 1.0)
        .append("y", 1.0)
        .append("label", "b");
    return row;
  }

  private static Group edges(Group row) {
    row.append("id", "r2")
        .append("flag", false)
        .append("i8", 127)
        .append("i16", 32767)
        .append("i32", Integer.MAX_VALUE)
        .append("u32", 0)
        .append("i64", Long.MAX_VALUE)
        .append("u64", 42L)
        .append("f", Float.NaN)
        .append("d", -0.0)
        .append("half", bytes(0x00, 0xFC))
        .append("dec32", -1)
        .append("dec64", 0L)
        .append("dec_bin", Binary.fromConstantByteArray(BIG.negate().unscaledValue().toByteArray()))
        .append("dec_fixed", fixedDecimal(1L))
        .append("day", (int) LocalDate.of(1969, 7, 20).toEpochDay())
        .append("t_millis", 0)
        .append("t_micros", 0L)
        .append("t_nanos", 0L)
        .append("ts_millis", -1L)
        .append("ts_micros", -1L)
        .append("ts_nanos", -1L)
        .append("ts_local", 0L)
        .append("legacy", ParquetValues.int96(Instant.parse("1900-01-01T00:00:00Z")))
        .append("uid", ParquetValues.uuid(new UUID(0, 0)))
        .append("s", "")
        .append("e", "GREEN")
        .append("j", "null")
        .append("raw", bytes())
        .append("fixed", bytes(0, 0, 0, 0))
        .append("bson", bytes(5, 0, 0, 0, 0))
        .append("span", ParquetValues.interval(0, 0, 0));
    row.addGroup("matrix");
    return row;
  }

  /** A DECIMAL in nine big-endian two's-complement bytes. */
  private static Binary fixedDecimal(long unscaled) {
    byte[] bytes = new byte[9];
    java.util.Arrays.fill(bytes, (byte) (unscaled < 0 ? 0xFF : 0));
    byte[] value = BigInteger.valueOf(unscaled).toByteArray();
    System.arraycopy(value, 0, bytes, bytes.length - value.length, value.length);
    return Binary.fromConstantByteArray(bytes);
  }

  private static Row row(CqlSession session, String id) {
    Row row = session.execute("SELECT * FROM parquet_types WHERE id = ?", id).one();
    assertThat(row).as("row " + id).isNotNull();
    return row;
  }

  @Test
  void should_load_every_row_without_a_reject() throws Exception {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-types"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(2);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(2);
    assertThat(counts.get("rejected-decode").asLong()).isZero();
    assertThat(counts.get("rejected-mapping").asLong()).isZero();
  }

  @Test
  void should_keep_integers_floats_and_decimals_exact(CqlSession session) {
    Row full = row(session, "r1");
    assertThat(full.getBoolean("flag")).isTrue();
    assertThat(full.getByte("i8")).isEqualTo((byte) -128);
    assertThat(full.getShort("i16")).isEqualTo((short) -32768);
    assertThat(full.getInt("i32")).isEqualTo(Integer.MIN_VALUE);
    assertThat(full.getLong("u32")).isEqualTo(4294967295L);
    assertThat(full.getLong("i64")).isEqualTo(Long.MIN_VALUE);
    assertThat(full.getBigInteger("u64")).isEqualTo(new BigInteger("18446744073709551615"));
    assertThat(full.getFloat("f")).isEqualTo(0.1f);
    assertThat(full.getDouble("d")).isEqualTo(0.1);
    assertThat(full.getFloat("half")).isEqualTo(1.5f);
    assertThat(full.getBigDecimal("dec32")).isEqualTo(new BigDecimal("123.45"));
    assertThat(full.getBigDecimal("dec64")).isEqualTo(new BigDecimal("-98765.4321"));
    assertThat(full.getBigDecimal("dec_bin")).isEqualTo(BIG);
    assertThat(full.getBigDecimal("dec_fixed")).isEqualTo(new BigDecimal("-1234567.890"));

    Row edges = row(session, "r2");
    assertThat(edges.getBoolean("flag")).isFalse();
    assertThat(edges.getByte("i8")).isEqualTo((byte) 127);
    assertThat(edges.getShort("i16")).isEqualTo((short) 32767);
    assertThat(edges.getInt("i32")).isEqualTo(Integer.MAX_VALUE);
    assertThat(edges.getLong("u32")).isZero();
    assertThat(edges.getLong("i64")).isEqualTo(Long.MAX_VALUE);
    assertThat(edges.getBigInteger("u64")).isEqualTo(BigInteger.valueOf(42));
    assertThat(edges.getFloat("f")).isNaN();
    assertThat(Double.doubleToRawLongBits(edges.getDouble("d")))
        .isEqualTo(Double.doubleToRawLongBits(-0.0));
    assertThat(edges.getFloat("half")).isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(edges.getBigDecimal("dec32")).isEqualTo(new BigDecimal("-0.01"));
    assertThat(edges.getBigDecimal("dec64")).isEqualTo(new BigDecimal("0.0000"));
    assertThat(edges.getBigDecimal("dec_bin")).isEqualTo(BIG.negate());
    assertThat(edges.getBigDecimal("dec_fixed")).isEqualTo(new BigDecimal("0.001"));
  }

  @Test
  void should_keep_dates_times_and_timestamps_at_the_precision_each_column_holds(
      CqlSession session) {
    Row full = row(session, "r1");
    assertThat(full.getLocalDate("day")).isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(full.getLocalTime("t_millis")).isEqualTo(LocalTime.parse("13:45:30.123"));
    assertThat(full.getLocalTime("t_micros")).isEqualTo(LocalTime.parse("13:45:30.123456"));
    assertThat(full.getLocalTime("t_nanos")).isEqualTo(LocalTime.parse("23:59:59.999999999"));
    assertThat(full.getInstant("ts_millis")).isEqualTo(MILLIS);
    assertThat(full.getInstant("ts_micros")).isEqualTo(MILLIS);
    assertThat(full.getLong("ts_micros_exact")).isEqualTo(1714564800123456L);
    assertThat(full.getInstant("ts_nanos")).isEqualTo(MILLIS);
    assertThat(full.getLong("ts_nanos_exact")).isEqualTo(1714564800123456789L);
    assertThat(full.getInstant("ts_local")).isEqualTo(Instant.parse("2024-05-01T12:00:00.654Z"));
    assertThat(full.getInstant("legacy")).isEqualTo(Instant.parse("2001-09-09T01:46:40.123Z"));
    assertThat(full.getLong("legacy_exact")).isEqualTo(1000000000123456789L);

    Row edges = row(session, "r2");
    Instant lastMilliBefore1970 = Instant.parse("1969-12-31T23:59:59.999Z");
    assertThat(edges.getLocalDate("day")).isEqualTo(LocalDate.of(1969, 7, 20));
    assertThat(edges.getLocalTime("t_nanos")).isEqualTo(LocalTime.MIDNIGHT);
    assertThat(edges.getInstant("ts_millis")).isEqualTo(lastMilliBefore1970);
    assertThat(edges.getInstant("ts_micros")).isEqualTo(lastMilliBefore1970);
    assertThat(edges.getLong("ts_micros_exact")).isEqualTo(-1L);
    assertThat(edges.getInstant("ts_nanos")).isEqualTo(lastMilliBefore1970);
    assertThat(edges.getLong("ts_nanos_exact")).isEqualTo(-1L);
    assertThat(edges.getInstant("ts_local")).isEqualTo(Instant.EPOCH);
    assertThat(edges.getInstant("legacy")).isEqualTo(Instant.parse("1900-01-01T00:00:00Z"));
    assertThat(edges.getLong("legacy_exact")).isEqualTo(-2208988800L * 1_000_000_000L);
  }

  @Test
  void should_keep_identifiers_text_and_bytes(CqlSession session) {
    Row full = row(session, "r1");
    assertThat(full.getUuid("uid")).isEqualTo(UID);
    assertThat(full.getString("s")).isEqualTo("héllo wörld ✓");
    assertThat(full.getString("e")).isEqualTo("RED");
    assertThat(full.getString("j")).isEqualTo("{\"a\":[1,2]}");
    assertThat(full.getByteBuffer("raw")).isEqualTo(ByteBuffer.wrap(new byte[] {0, 1, -1}));
    assertThat(full.getByteBuffer("fixed")).isEqualTo(ByteBuffer.wrap(new byte[] {9, 8, 7, 6}));
    assertThat(full.getByteBuffer("bson")).isEqualTo(ByteBuffer.wrap(new byte[] {5, 0, 0, 0, 0}));
    assertThat(full.getMap("span", String.class, Long.class))
        .isEqualTo(Map.of("months", 14L, "days", 3L, "milliseconds", 5000L));
    assertThat(full.getString("nothing")).isNull();

    Row edges = row(session, "r2");
    assertThat(edges.getUuid("uid")).isEqualTo(new UUID(0, 0));
    assertThat(edges.getString("s")).isEmpty();
    assertThat(edges.getString("j")).isEqualTo("null");
    assertThat(edges.getByteBuffer("raw")).isEqualTo(ByteBuffer.allocate(0));
  }

  @Test
  void should_load_nested_lists_maps_and_structs(CqlSession session) {
    Row full = row(session, "r1");
    assertThat(full.getList("nums", Integer.class)).containsExactly(1, 2, 3);
    assertThat(full.get("matrix", GenericType.listOf(GenericType.listOf(Integer.class))))
        .containsExactly(List.of(1, 2), List.of(), List.of(3));
    assertThat(full.getMap("attrs", String.class, Long.class)).isEqualTo(Map.of("z", 1L, "a", 2L));
    assertThat(full.getMap("by_id", Integer.class, String.class))
        .isEqualTo(Map.of(-5, "minus five", 7, "seven"));
    UdtValue spot = full.getUdtValue("spot");
    assertThat(spot.getDouble("x")).isEqualTo(1.5);
    assertThat(spot.getDouble("y")).isEqualTo(-2.0);
    assertThat(spot.getString("label")).isEqualTo("home");
    assertThat(full.getString("spot_json")).isEqualTo("{\"x\":1.5,\"y\":-2.0,\"label\":\"home\"}");
    List<UdtValue> points = full.getList("points", UdtValue.class);
    assertThat(points).hasSize(2);
    assertThat(points.get(0).getString("label")).isNull();
    assertThat(points.get(1).getDouble("x")).isEqualTo(1.0);
    assertThat(points.get(1).getString("label")).isEqualTo("b");

    Row edges = row(session, "r2");
    assertThat(edges.isNull("nums")).isTrue();
    assertThat(edges.get("matrix", GenericType.listOf(GenericType.listOf(Integer.class))))
        .isEmpty();
    assertThat(edges.isNull("spot")).isTrue();
    assertThat(edges.getMap("attrs", String.class, Long.class)).isEmpty();
  }
}
