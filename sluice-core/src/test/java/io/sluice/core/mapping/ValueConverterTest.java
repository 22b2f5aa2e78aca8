package io.sluice.core.mapping;

import static io.sluice.core.mapping.TestRecords.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.CqlTypeParser;
import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.OplogTimestampValue;
import io.sluice.core.value.RegexValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValueConverterTest {

  private static final ObjectIdValue OID = new ObjectIdValue("5f1d7a3c9b1e8a0012345678");
  private static final UUID V1 = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
  private static final UUID V4 = UUID.fromString("3f2504e0-4f89-41d3-9a0c-0305e82c3301");
  private static final Instant MOON = Instant.parse("1969-07-20T20:17:40Z");

  static Stream<Arguments> conversions() throws Exception {
    return Stream.of(
        // text: every value has a text form
        arguments("text", "abc", "abc"),
        arguments(
            "text",
            "a surrogate pair \uD83D\uDE00 is fine",
            "a surrogate pair \uD83D\uDE00 is fine"),
        arguments("varchar", 42, "42"),
        arguments("text", Long.MAX_VALUE, "9223372036854775807"),
        arguments("text", 1.5, "1.5"),
        arguments("text", Double.NaN, "NaN"),
        arguments("text", new BigDecimal("1.10"), "1.10"),
        arguments("text", true, "true"),
        arguments("text", V4, V4.toString()),
        arguments("text", MOON, "1969-07-20T20:17:40Z"),
        arguments("text", OID, "5f1d7a3c9b1e8a0012345678"),
        arguments("text", new RegexValue("a.*", "i"), "/a.*/i"),
        arguments("text", new JavaScriptValue("f()", null), "f()"),
        arguments("text", BoundaryKey.MAX_KEY, "maxKey"),
        arguments(
            "text",
            doc("_id", OID, "at", MOON, "n", List.of(1, 2.5), "s", "q\""),
            "{\"_id\":{\"$oid\":\"5f1d7a3c9b1e8a0012345678\"},"
                + "\"at\":{\"$date\":\"1969-07-20T20:17:40Z\"},\"n\":[1,2.5],\"s\":\"q\\\"\"}"),
        arguments(
            "text",
            new BinaryValue((byte) 0x80, new byte[] {1, 2}),
            "{\"$binary\":\"AQI=\",\"$type\":\"80\"}"),
        arguments("text", new OplogTimestampValue(1, 2), "{\"$timestamp\":{\"t\":1,\"i\":2}}"),
        arguments(
            "text",
            List.of(new BigDecimal("1.5"), Double.NEGATIVE_INFINITY, V4, BoundaryKey.MIN_KEY),
            "[{\"$numberDecimal\":\"1.5\"},{\"$numberDouble\":\"-Infinity\"},{\"$uuid\":\""
                + V4
                + "\"},{\"$minKey\":1}]"),
        arguments("ascii", "plain", "plain"),
        // integers: only when integral and in range
        arguments("int", Integer.MIN_VALUE, Integer.MIN_VALUE),
        arguments("int", 7L, 7),
        arguments("int", 3.0, 3),
        arguments("int", new BigDecimal("12.000"), 12),
        arguments("int", "-2147483648", Integer.MIN_VALUE),
        arguments("smallint", 32767, (short) 32767),
        arguments("tinyint", -128L, (byte) -128),
        arguments("bigint", Long.MAX_VALUE, Long.MAX_VALUE),
        arguments("bigint", 5, 5L),
        arguments("bigint", -0x1p63, Long.MIN_VALUE),
        arguments("bigint", "9223372036854775807", Long.MAX_VALUE),
        arguments("bigint", Instant.parse("1969-12-31T23:59:59.999Z"), -1L),
        arguments("bigint", new OplogTimestampValue(1, 2), 4294967298L),
        arguments("counter", 3, 3L),
        arguments("varint", Long.MAX_VALUE, BigInteger.valueOf(Long.MAX_VALUE)),
        arguments("varint", 1e20, new BigInteger("100000000000000000000")),
        arguments(
            "varint",
            "-123456789012345678901234567890",
            new BigInteger("-123456789012345678901234567890")),
        // decimal, double, float
        arguments("decimal", 0.1, new BigDecimal("0.1")),
        arguments("decimal", Long.MIN_VALUE, BigDecimal.valueOf(Long.MIN_VALUE)),
        arguments("decimal", "1.5e3", new BigDecimal("1.5e3")),
        arguments("double", Double.NaN, Double.NaN),
        arguments("double", Integer.MIN_VALUE, -2147483648.0),
        arguments("double", 9007199254740992L, 9007199254740992.0),
        arguments("double", Long.MIN_VALUE, -0x1p63),
        arguments("double", new BigDecimal("0.1"), 0.1),
        arguments("double", "-Infinity", Double.NEGATIVE_INFINITY),
        arguments("float", 0.5, 0.5f),
        arguments("float", Double.NaN, Float.NaN),
        arguments("float", Double.POSITIVE_INFINITY, Float.POSITIVE_INFINITY),
        arguments("float", 16777216L, 16777216f),
        arguments("float", "0.1", 0.1f),
        // boolean
        arguments("boolean", true, true),
        arguments("boolean", "FALSE", false),
        // time
        arguments("timestamp", MOON, MOON),
        arguments(
            "timestamp",
            Instant.parse("-200000000-01-01T00:00:00Z"),
            Instant.parse("-200000000-01-01T00:00:00Z")),
        arguments(
            "timestamp",
            Instant.parse("+200000000-12-31T23:59:59.999Z"),
            Instant.parse("+200000000-12-31T23:59:59.999Z")),
        arguments("timestamp", -1L, Instant.parse("1969-12-31T23:59:59.999Z")),
        arguments(
            "timestamp", "1969-07-20T21:17:40.5+01:00", Instant.parse("1969-07-20T20:17:40.5Z")),
        arguments("timestamp", new OplogTimestampValue(-1, 0), Instant.ofEpochSecond(4294967295L)),
        arguments("date", Instant.parse("1900-01-01T00:00:00Z"), LocalDate.of(1900, 1, 1)),
        arguments("date", "-5000-03-01", LocalDate.of(-5000, 3, 1)),
        arguments("time", "13:45:00.5", LocalTime.of(13, 45, 0, 500_000_000)),
        // identifiers, bytes, addresses
        arguments("uuid", V4, V4),
        arguments("uuid", V4.toString().toUpperCase(), V4),
        arguments("uuid", new BinaryValue((byte) 4, bytes(V4)), V4),
        arguments("timeuuid", V1.toString(), V1),
        arguments(
            "blob", new BinaryValue((byte) 0, new byte[] {9}), ByteBuffer.wrap(new byte[] {9})),
        arguments("blob", OID, ByteBuffer.wrap(OID.bytes())),
        arguments("blob", V4, ByteBuffer.wrap(bytes(V4))),
        arguments("inet", "192.168.0.1", InetAddress.getByName("192.168.0.1")),
        arguments("inet", "::1", InetAddress.getByName("::1")),
        // collections
        arguments("list<int>", List.of(1, 2L), List.of(1, 2)),
        arguments("frozen<set<text>>", List.of("b", "a"), new LinkedHashSet<>(List.of("b", "a"))),
        arguments("map<text, bigint>", doc("x", 1, "y", 2L), map("x", 1L, "y", 2L)),
        arguments("map<int, text>", doc("1", "a"), map(1, "a")),
        arguments("tuple<int, text>", Arrays.asList(1, null), Arrays.asList(1, null)),
        arguments(
            "list<frozen<list<bigint>>>",
            List.of(List.of(1), List.of()),
            List.of(List.of(1L), List.of())));
  }

  @ParameterizedTest(name = "{0} from {1}")
  @MethodSource("conversions")
  void should_convert_faithfully(String type, Object input, Object expected) throws Exception {
    Object actual = ValueConverter.forType(CqlTypeParser.parse(type)).convert(input);

    assertThat(actual).isEqualTo(expected);
    if (!(expected instanceof java.util.Collection)) {
      assertThat(actual).isInstanceOf(expected.getClass());
    }
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        arguments("int", 2147483648L, "cannot convert int64 to int, out of range"),
        arguments("int", 1.5, "cannot convert double to int, it has a fraction"),
        arguments("int", Double.NaN, "not a finite number"),
        arguments("int", "12a", "cannot convert string to int, not an integer"),
        arguments("int", " 12", "not an integer"),
        arguments("int", true, "cannot convert boolean to int"),
        arguments("int", BoundaryKey.MAX_KEY, "cannot convert maxKey to int"),
        arguments("bigint", 0x1p63, "cannot convert double to bigint, out of range"),
        arguments("bigint", "9223372036854775808", "out of range"),
        arguments(
            "bigint", Instant.parse("2024-01-01T00:00:00.000001Z"), "finer than a millisecond"),
        arguments("smallint", 32768, "out of range"),
        arguments("tinyint", 128L, "out of range"),
        arguments("varint", 0.5, "it has a fraction"),
        arguments("decimal", Double.NaN, "cannot convert double to decimal, decimal has no NaN"),
        arguments("decimal", Double.POSITIVE_INFINITY, "decimal has no NaN or Infinity"),
        arguments("decimal", "abc", "not a number"),
        arguments("double", 9007199254740993L, "cannot convert int64 to double, not exactly"),
        arguments("double", new BigDecimal("0.1000000000000000000001"), "more digits"),
        arguments("double", "1e400", "out of range"),
        arguments("float", 0.1, "cannot convert double to float, not exactly representable"),
        arguments("float", 16777217, "not exactly representable"),
        arguments("float", Long.MAX_VALUE, "not exactly representable"),
        arguments("timestamp", Instant.MAX, "out of the range of a CQL timestamp"),
        arguments("timestamp", Instant.parse("-300000000-01-01T00:00:00Z"), "out of the range"),
        arguments("timestamp", "2024-01-01T00:00:00", "not an ISO-8601 time with offset"),
        arguments("timestamp", 1.5, "cannot convert double to timestamp"),
        arguments("timestamp", OID, "cannot convert objectId to timestamp"),
        arguments("date", Instant.parse("2024-01-01T00:00:01Z"), "not at midnight UTC"),
        arguments("date", "2024-02-30", "not an ISO-8601 date"),
        arguments(
            "date", Instant.parse("+10000000-01-01T00:00:00Z"), "out of the range of a CQL date"),
        arguments("time", "25:00", "not an ISO-8601 time"),
        arguments("uuid", "123e4567e89b12d3a456426614174000", "not a UUID"),
        arguments("uuid", "1-1-1-1-1", "not a UUID"),
        arguments("uuid", new BinaryValue((byte) 3, new byte[16]), "legacy UUIDs"),
        arguments("timeuuid", V4, "cannot convert uuid to timeuuid, it is a version 4 UUID"),
        arguments("boolean", 1, "cannot convert int32 to boolean"),
        arguments("boolean", "yes", "not true or false"),
        arguments("blob", "abc", "cannot convert string to blob"),
        arguments("inet", "localhost", "not an IPv4 or IPv6 address"),
        arguments("inet", "256.1.1.1", "not an IPv4 or IPv6 address"),
        arguments("ascii", "café", "non-ASCII"),
        arguments(
            "text", "lone \uDFAA low surrogate", "half a surrogate pair (\\uDFAA at character 5)"),
        arguments("text", "ends in a high \uD83D", "half a surrogate pair"),
        arguments("text", doc("key\uDFAA", 1), "half a surrogate pair"),
        arguments("map<text, int>", doc("key\uDFAA", 1), "key 'key"),
        arguments("list<int>", "abc", "cannot convert string to list<int>"),
        arguments("list<int>", Arrays.asList(1, null), "element 1 is null"),
        arguments("list<int>", List.of(1, "x"), "element 1: cannot convert string to int"),
        arguments("set<int>", List.of(1, 1L), "element 1 repeats an earlier one"),
        arguments("map<int, text>", doc("a", "x"), "key 'a': cannot convert string to int"),
        arguments("map<text, int>", doc("a", null), "key 'a': map<text, int> cannot hold null"),
        arguments("map<int, text>", doc("1", "x", "01", "y"), "key '01' repeats an earlier key"),
        arguments("tuple<int, int>", List.of(1), "it has 1 elements, not 2"));
  }

  @ParameterizedTest(name = "{0} from {1}")
  @MethodSource("failures")
  void should_fail_when_conversion_is_not_faithful(String type, Object input, String message) {
    ValueConverter converter = ValueConverter.forType(CqlTypeParser.parse(type));

    assertThatThrownBy(() -> converter.convert(input))
        .isInstanceOf(ConversionException.class)
        .hasMessageContaining(message);
  }

  @Test
  void should_fail_when_int64_does_not_fit_int() {
    assertThatThrownBy(() -> ValueConverter.forType(CqlTypeParser.parse("int")).convert(1L << 40))
        .isInstanceOf(ConversionException.class)
        .hasMessage("cannot convert int64 to int, out of range");
  }

  @Test
  void should_convert_null_to_null_for_every_type() throws Exception {
    for (String type : List.of("int", "text", "list<int>", "map<text, int>", "tuple<int>")) {
      assertThat(ValueConverter.forType(CqlTypeParser.parse(type)).convert(null)).isNull();
    }
  }

  @Test
  void should_fill_udt_fields_by_name_or_column_name() throws Exception {
    ValueConverter converter = ValueConverter.forType(address(), false);

    Object value = converter.convert(doc("street", "Main St", "zipCode", 12345L));

    assertThat(value).isEqualTo(map("street", "Main St", "zip_code", 12345));
  }

  @Test
  void should_fail_when_document_has_key_without_udt_field() {
    ValueConverter converter = ValueConverter.forType(address(), false);

    assertThatThrownBy(() -> converter.convert(doc("street", "x", "colour", "red")))
        .isInstanceOf(ConversionException.class)
        .hasMessage("key 'colour' has no field in frozen<address> (fields [street, zip_code])");
  }

  @Test
  void should_drop_unknown_udt_keys_when_told_to() throws Exception {
    ValueConverter converter = ValueConverter.forType(address(), true);

    assertThat(converter.convert(doc("street", "x", "colour", "red")))
        .isEqualTo(map("street", "x"));
  }

  @Test
  void should_refuse_udt_without_known_fields() {
    assertThatThrownBy(() -> ValueConverter.forType(CqlTypeParser.parse("address")))
        .isInstanceOf(MappingException.class)
        .hasMessageContaining("fields of user-defined type address are unknown");
  }

  private static CqlType address() {
    Map<String, CqlType> fields = new LinkedHashMap<>();
    fields.put("street", new CqlType.Native("text"));
    fields.put("zip_code", new CqlType.Native("int"));
    return new CqlType.UdtType("address", fields, true);
  }

  private static Map<Object, Object> map(Object... keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static byte[] bytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }
}
