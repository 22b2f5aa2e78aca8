package io.sluice.formats.parquet;

import static io.sluice.formats.parquet.ParquetValues.bytes;
import static io.sluice.formats.parquet.ParquetValues.int96;
import static io.sluice.formats.parquet.ParquetValues.interval;
import static io.sluice.formats.parquet.ParquetValues.micros;
import static io.sluice.formats.parquet.ParquetValues.nanos;
import static io.sluice.formats.parquet.ParquetValues.uuid;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.value.BinaryValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every primitive and logical type, written by Apache Parquet and read back into Sluice values. */
class ParquetTypesTest {

  static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          """
          message all_types {
            required boolean bool;
            required int32 int8 (INTEGER(8,true));
            required int32 int16 (INTEGER(16,true));
            required int32 int32 (INTEGER(32,true));
            required int32 uint8 (INTEGER(8,false));
            required int32 uint16 (INTEGER(16,false));
            required int32 uint32 (INTEGER(32,false));
            required int64 int64 (INTEGER(64,true));
            required int64 uint64 (INTEGER(64,false));
            required int32 plain_int32;
            required int64 plain_int64;
            required float float;
            required double double;
            required fixed_len_byte_array(2) float16 (FLOAT16);
            required int32 decimal_int32 (DECIMAL(9,2));
            required int64 decimal_int64 (DECIMAL(18,4));
            required binary decimal_binary (DECIMAL(40,10));
            required fixed_len_byte_array(9) decimal_fixed (DECIMAL(20,3));
            required int32 date (DATE);
            required int32 time_millis (TIME(MILLIS,true));
            required int64 time_micros (TIME(MICROS,true));
            required int64 time_nanos (TIME(NANOS,false));
            required int64 ts_millis_utc (TIMESTAMP(MILLIS,true));
            required int64 ts_micros_utc (TIMESTAMP(MICROS,true));
            required int64 ts_nanos_utc (TIMESTAMP(NANOS,true));
            required int64 ts_millis_local (TIMESTAMP(MILLIS,false));
            required int64 ts_micros_local (TIMESTAMP(MICROS,false));
            required int64 ts_nanos_local (TIMESTAMP(NANOS,false));
            required int96 int96;
            required fixed_len_byte_array(16) uuid (UUID);
            required binary string (STRING);
            required binary enum (ENUM);
            required binary json (JSON);
            required binary bson (BSON);
            required binary binary;
            required fixed_len_byte_array(4) fixed;
            required fixed_len_byte_array(12) interval (INTERVAL);
            required binary geometry (GEOMETRY);
            optional binary null_string (STRING);
            optional int32 null_int;
          }
          """);

  static final Instant MILLIS_TS = Instant.parse("2024-05-01T12:00:00.123Z");
  static final Instant MICROS_TS = Instant.parse("2024-05-01T12:00:00.123456Z");
  static final Instant NANOS_TS = Instant.parse("2024-05-01T12:00:00.123456789Z");
  static final Instant INT96_TS = Instant.parse("2001-09-09T01:46:40.123456789Z");
  static final UUID AN_UUID = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

  /** POINT (1 2) as little-endian well-known binary. */
  static final byte[] POINT_WKB =
      java.util.HexFormat.of().parseHex("0101000000000000000000f03f0000000000000040");

  static final BigDecimal BIG = new BigDecimal("-123456789012345678901234567890.0123456789");

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}, dictionary {1}")
  @CsvSource({"PARQUET_1_0, true", "PARQUET_1_0, false", "PARQUET_2_0, true", "PARQUET_2_0, false"})
  void should_read_every_type_into_the_value_model(WriterVersion version, boolean dictionary)
      throws IOException {
    Path file = dir.resolve("types.parquet");
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(
            file, SCHEMA, CompressionCodecName.UNCOMPRESSED, version, dictionary)) {
      writer.write(firstRow(writer.newRow()));
      writer.write(secondRow(writer.newRow()));
    }

    List<Map<String, Object>> rows = Reads.rows(file);

    assertThat(rows).hasSize(2);
    Map<String, Object> row = rows.get(0);
    assertThat(row.keySet())
        .containsExactlyElementsOf(
            SCHEMA.getFields().stream().map(org.apache.parquet.schema.Type::getName).toList());
    assertThat(row.get("bool")).isEqualTo(true);
    assertThat(row.get("int8")).isEqualTo(-128);
    assertThat(row.get("int16")).isEqualTo(-32768);
    assertThat(row.get("int32")).isEqualTo(Integer.MIN_VALUE);
    assertThat(row.get("uint8")).isEqualTo(255);
    assertThat(row.get("uint16")).isEqualTo(65535);
    assertThat(row.get("uint32")).isEqualTo(4294967295L);
    assertThat(row.get("int64")).isEqualTo(Long.MIN_VALUE);
    assertThat(row.get("uint64")).isEqualTo(new BigDecimal("18446744073709551615"));
    assertThat(row.get("plain_int32")).isEqualTo(42);
    assertThat(row.get("plain_int64")).isEqualTo(42L);
    assertThat(row.get("float")).isEqualTo((double) 0.1f);
    assertThat(row.get("double")).isEqualTo(0.1);
    assertThat(row.get("float16")).isEqualTo(1.5);
    assertThat(row.get("decimal_int32")).isEqualTo(new BigDecimal("123.45"));
    assertThat(row.get("decimal_int64")).isEqualTo(new BigDecimal("-98765.4321"));
    assertThat(row.get("decimal_binary")).isEqualTo(BIG);
    assertThat(row.get("decimal_fixed")).isEqualTo(new BigDecimal("-1234567.890"));
    assertThat(row.get("date")).isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(row.get("time_millis")).isEqualTo(LocalTime.parse("13:45:30.123"));
    assertThat(row.get("time_micros")).isEqualTo(LocalTime.parse("13:45:30.123456"));
    assertThat(row.get("time_nanos")).isEqualTo(LocalTime.parse("23:59:59.999999999"));
    assertThat(row.get("ts_millis_utc")).isEqualTo(MILLIS_TS);
    assertThat(row.get("ts_micros_utc")).isEqualTo(MICROS_TS);
    assertThat(row.get("ts_nanos_utc")).isEqualTo(NANOS_TS);
    assertThat(row.get("ts_millis_local")).isEqualTo(MILLIS_TS);
    assertThat(row.get("ts_micros_local")).isEqualTo(MICROS_TS);
    assertThat(row.get("ts_nanos_local")).isEqualTo(NANOS_TS);
    assertThat(row.get("int96")).isEqualTo(INT96_TS);
    assertThat(row.get("uuid")).isEqualTo(AN_UUID);
    assertThat(row.get("string")).isEqualTo("héllo wörld ✓");
    assertThat(row.get("enum")).isEqualTo("RED");
    assertThat(row.get("json")).isEqualTo("{\"a\":[1,2]}");
    assertThat(row.get("bson")).isEqualTo(new BinaryValue((byte) 0, new byte[] {5, 0, 0, 0, 0}));
    assertThat(row.get("binary")).isEqualTo(new BinaryValue((byte) 0, new byte[] {0, 1, -1}));
    assertThat(row.get("fixed")).isEqualTo(new BinaryValue((byte) 0, new byte[] {9, 8, 7, 6}));
    assertThat(row.get("interval"))
        .isEqualTo(Map.of("months", 14L, "days", 3L, "milliseconds", 5000L));
    assertThat(row.get("geometry")).isEqualTo(new BinaryValue((byte) 0, POINT_WKB));
    assertThat(row.get("null_string")).isNull();
    assertThat(row.get("null_int")).isNull();

    Map<String, Object> second = rows.get(1);
    assertThat(second.get("uint64")).isEqualTo(new BigDecimal("42"));
    assertThat(second.get("float")).isEqualTo(Double.NaN);
    assertThat(second.get("float16")).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(second.get("date")).isEqualTo(LocalDate.of(1969, 7, 20));
    assertThat(second.get("ts_micros_utc")).isEqualTo(Instant.parse("1969-12-31T23:59:59.999999Z"));
    assertThat(second.get("ts_nanos_utc")).isEqualTo(Instant.EPOCH.minusNanos(1));
    assertThat(second.get("int96")).isEqualTo(Instant.parse("1900-01-01T00:00:00Z"));
    assertThat(second.get("decimal_binary")).isEqualTo(BIG.negate());
    assertThat(second.get("null_string")).isEqualTo("");
    assertThat(second.get("null_int")).isEqualTo(0);
  }

  private static Group firstRow(Group row) {
    return row.append("bool", true)
        .append("int8", -128)
        .append("int16", -32768)
        .append("int32", Integer.MIN_VALUE)
        .append("uint8", 255)
        .append("uint16", 65535)
        .append("uint32", -1)
        .append("int64", Long.MIN_VALUE)
        .append("uint64", -1L)
        .append("plain_int32", 42)
        .append("plain_int64", 42L)
        .append("float", 0.1f)
        .append("double", 0.1)
        .append("float16", bytes(0x00, 0x3E))
        .append("decimal_int32", 12345)
        .append("decimal_int64", -987654321L)
        .append("decimal_binary", Binary.fromConstantByteArray(BIG.unscaledValue().toByteArray()))
        .append("decimal_fixed", fixedDecimal(-1234567890L, 9))
        .append("date", (int) LocalDate.of(2024, 2, 29).toEpochDay())
        .append("time_millis", (int) (LocalTime.parse("13:45:30.123").toNanoOfDay() / 1_000_000))
        .append("time_micros", LocalTime.parse("13:45:30.123456").toNanoOfDay() / 1_000)
        .append("time_nanos", LocalTime.parse("23:59:59.999999999").toNanoOfDay())
        .append("ts_millis_utc", MILLIS_TS.toEpochMilli())
        .append("ts_micros_utc", micros(MICROS_TS))
        .append("ts_nanos_utc", nanos(NANOS_TS))
        .append("ts_millis_local", MILLIS_TS.toEpochMilli())
        .append("ts_micros_local", micros(MICROS_TS))
        .append("ts_nanos_local", nanos(NANOS_TS))
        .append("int96", int96(INT96_TS))
        .append("uuid", uuid(AN_UUID))
        .append("string", "héllo wörld ✓")
        .append("enum", "RED")
        .append("json", "{\"a\":[1,2]}")
        .append("bson", bytes(5, 0, 0, 0, 0))
        .append("binary", bytes(0, 1, 0xFF))
        .append("fixed", bytes(9, 8, 7, 6))
        .append("interval", interval(14, 3, 5000))
        .append("geometry", Binary.fromConstantByteArray(POINT_WKB));
  }

  private static Group secondRow(Group row) {
    return row.append("bool", false)
        .append("int8", 127)
        .append("int16", 32767)
        .append("int32", Integer.MAX_VALUE)
        .append("uint8", 0)
        .append("uint16", 0)
        .append("uint32", 0)
        .append("int64", Long.MAX_VALUE)
        .append("uint64", 42L)
        .append("plain_int32", -1)
        .append("plain_int64", -1L)
        .append("float", Float.NaN)
        .append("double", -0.0)
        .append("float16", bytes(0x00, 0xFC))
        .append("decimal_int32", -1)
        .append("decimal_int64", 0L)
        .append(
            "decimal_binary",
            Binary.fromConstantByteArray(BIG.negate().unscaledValue().toByteArray()))
        .append("decimal_fixed", fixedDecimal(1L, 9))
        .append("date", (int) LocalDate.of(1969, 7, 20).toEpochDay())
        .append("time_millis", 0)
        .append("time_micros", 0L)
        .append("time_nanos", 0L)
        .append("ts_millis_utc", -1L)
        .append("ts_micros_utc", -1L)
        .append("ts_nanos_utc", -1L)
        .append("ts_millis_local", 0L)
        .append("ts_micros_local", 0L)
        .append("ts_nanos_local", 0L)
        .append("int96", int96(Instant.parse("1900-01-01T00:00:00Z")))
        .append("uuid", uuid(new UUID(0, 0)))
        .append("string", "")
        .append("enum", "GREEN")
        .append("json", "null")
        .append("bson", bytes(5, 0, 0, 0, 0))
        .append("binary", bytes())
        .append("fixed", bytes(0, 0, 0, 0))
        .append("interval", interval(0, 0, 0))
        .append("geometry", Binary.fromConstantByteArray(POINT_WKB))
        .append("null_string", "")
        .append("null_int", 0);
  }

  static Binary fixedDecimal(long unscaled, int length) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, (byte) (unscaled < 0 ? 0xFF : 0));
    byte[] value = BigDecimal.valueOf(unscaled).unscaledValue().toByteArray();
    System.arraycopy(value, 0, bytes, length - value.length, value.length);
    return Binary.fromConstantByteArray(bytes);
  }
}
