package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.OplogTimestampValue;
import io.sluice.core.value.RegexValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** JSON and MongoDB Extended JSON into Sluice's value model. */
class JsonValueDecoderTest {

  private final JsonValueDecoder decoder = new JsonValueDecoder(true);

  private Map<String, Object> decode(String json) throws MalformedJsonException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    return decoder.decodeObject(bytes, 0, bytes.length);
  }

  private Object value(String json) throws MalformedJsonException {
    return decode("{\"v\": " + json + "}").get("v");
  }

  @Test
  void should_keep_field_order_and_nest_documents_and_arrays() throws MalformedJsonException {
    Map<String, Object> fields =
        decode("{\"z\": 1, \"a\": {\"y\": [true, null, \"s\"], \"b\": false}}");

    assertThat(fields).isInstanceOf(LinkedHashMap.class);
    assertThat(fields.keySet()).containsExactly("z", "a");
    @SuppressWarnings("unchecked")
    Map<String, Object> inner = (Map<String, Object>) fields.get("a");
    assertThat(inner.keySet()).containsExactly("y", "b");
    assertThat(inner.get("y")).isEqualTo(java.util.Arrays.asList(true, null, "s"));
  }

  @Test
  void should_type_integers_by_their_size() throws MalformedJsonException {
    assertThat(value("2147483647")).isEqualTo(2147483647);
    assertThat(value("-2147483649")).isEqualTo(-2147483649L);
    assertThat(value("9223372036854775808")).isEqualTo(new BigDecimal("9223372036854775808"));
  }

  @Test
  void should_read_fractions_as_doubles_when_the_double_keeps_every_digit()
      throws MalformedJsonException {
    assertThat(value("1.5")).isEqualTo(1.5d);
    assertThat(value("1e300")).isEqualTo(1e300d);
    assertThat(value("0.10000000000000001")).isEqualTo(0.1d);
    assertThat(value("-0.0")).isEqualTo(-0.0d);
    assertThat(value("2.5E-320")).isEqualTo(2.5e-320d);
  }

  @Test
  void should_read_fractions_as_decimals_when_a_double_would_drop_digits()
      throws MalformedJsonException {
    assertThat(value("3.14159265358979323846")).isEqualTo(new BigDecimal("3.14159265358979323846"));
    assertThat(value("1e400")).isEqualTo(new BigDecimal("1e400"));
    assertThat(value("1e-400")).isEqualTo(new BigDecimal("1e-400"));
  }

  @Test
  void should_read_extended_json_wrappers_as_typed_values() throws MalformedJsonException {
    assertThat(value("{\"$oid\": \"5f0c0c0c0c0c0c0c0c0c0c0c\"}"))
        .isEqualTo(new ObjectIdValue("5f0c0c0c0c0c0c0c0c0c0c0c"));
    assertThat(value("{\"$date\": \"2024-05-01T12:00:00.123Z\"}"))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
    assertThat(value("{\"$date\": \"2024-05-01T14:00:00.000+0200\"}"))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00Z"));
    assertThat(value("{\"$date\": {\"$numberLong\": \"-1000\"}}"))
        .isEqualTo(Instant.parse("1969-12-31T23:59:59Z"));
    assertThat(value("{\"$date\": 1714564800000}")).isEqualTo(Instant.ofEpochMilli(1714564800000L));
    assertThat(value("{\"$numberLong\": \"42\"}")).isEqualTo(42L);
    assertThat(value("{\"$numberInt\": \"42\"}")).isEqualTo(42);
    assertThat(value("{\"$numberDouble\": \"NaN\"}")).isEqualTo(Double.NaN);
    assertThat(value("{\"$numberDouble\": \"-Infinity\"}")).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(value("{\"$numberDecimal\": \"1.50\"}")).isEqualTo(new BigDecimal("1.50"));
    assertThat(value("{\"$numberDecimal\": \"Infinity\"}")).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(value("{\"$uuid\": \"3b241101-e2bb-4255-8caf-4136c566a962\"}"))
        .isEqualTo(UUID.fromString("3b241101-e2bb-4255-8caf-4136c566a962"));
    assertThat(value("{\"$timestamp\": {\"t\": 4294967295, \"i\": 7}}"))
        .isEqualTo(new OplogTimestampValue(-1, 7));
    assertThat(value("{\"$minKey\": 1}")).isEqualTo(BoundaryKey.MIN_KEY);
    assertThat(value("{\"$maxKey\": 1}")).isEqualTo(BoundaryKey.MAX_KEY);
    assertThat(value("{\"$symbol\": \"s\"}")).isEqualTo("s");
    assertThat(value("{\"$undefined\": true}")).isNull();
  }

  @Test
  void should_read_binary_in_both_forms_and_subtype_4_as_uuid() throws MalformedJsonException {
    assertThat(value("{\"$binary\": {\"base64\": \"AQID\", \"subType\": \"80\"}}"))
        .isEqualTo(new BinaryValue((byte) 0x80, new byte[] {1, 2, 3}));
    assertThat(value("{\"$binary\": \"AQID\", \"$type\": \"00\"}"))
        .isEqualTo(new BinaryValue((byte) 0, new byte[] {1, 2, 3}));
    assertThat(
            value("{\"$binary\": {\"base64\": \"OyQRAeK7QlWMr0E2xWapYg==\", \"subType\": \"04\"}}"))
        .isEqualTo(UUID.fromString("3b241101-e2bb-4255-8caf-4136c566a962"));
  }

  @Test
  void should_read_regex_code_and_db_pointers() throws MalformedJsonException {
    assertThat(value("{\"$regularExpression\": {\"pattern\": \"^a\", \"options\": \"xi\"}}"))
        .isEqualTo(new RegexValue("^a", "ix"));
    assertThat(value("{\"$regex\": \"^a\", \"$options\": \"m\"}"))
        .isEqualTo(new RegexValue("^a", "m"));
    assertThat(value("{\"$code\": \"f()\"}")).isEqualTo(new JavaScriptValue("f()", null));
    assertThat(value("{\"$code\": \"f(x)\", \"$scope\": {\"x\": 1}}"))
        .isEqualTo(new JavaScriptValue("f(x)", Map.of("x", 1)));
    assertThat(
            value(
                "{\"$dbPointer\": {\"$ref\": \"db.c\", \"$id\": {\"$oid\":"
                    + " \"5f0c0c0c0c0c0c0c0c0c0c0c\"}}}"))
        .isEqualTo(Map.of("$ref", "db.c", "$id", new ObjectIdValue("5f0c0c0c0c0c0c0c0c0c0c0c")));
  }

  @Test
  void should_keep_documents_that_only_look_like_wrappers() throws MalformedJsonException {
    assertThat(value("{\"$ref\": \"users\", \"$id\": 5}"))
        .isEqualTo(Map.of("$ref", "users", "$id", 5));
    assertThat(value("{\"$gt\": 5}")).isEqualTo(Map.of("$gt", 5));
    assertThat(value("{\"$oid\": \"x\", \"other\": 1, \"more\": 2}")).isInstanceOf(Map.class);
  }

  @Test
  void should_keep_wrappers_as_documents_when_extended_json_is_off() throws MalformedJsonException {
    byte[] bytes = "{\"v\": {\"$numberLong\": \"1\"}}".getBytes(StandardCharsets.UTF_8);

    assertThat(new JsonValueDecoder(false).decodeObject(bytes, 0, bytes.length).get("v"))
        .isEqualTo(Map.of("$numberLong", "1"));
  }

  @Test
  void should_reject_a_wrapper_of_the_wrong_shape_naming_its_field() {
    assertThatThrownBy(() -> decode("{\"a\": {\"b\": [1, {\"$date\": \"yesterday\"}]}}"))
        .isInstanceOf(MalformedJsonException.class)
        .hasMessageStartingWith("field 'a.b[1]': invalid Extended JSON: $date must be");
    assertThatThrownBy(() -> value("{\"$oid\": \"xyz\"}"))
        .hasMessageContaining("$oid must be 24 hexadecimal digits");
  }

  @Test
  void should_reject_a_field_name_repeated_in_one_object() {
    assertThatThrownBy(() -> decode("{\"a\": {\"x\": 1, \"x\": 2}}"))
        .hasMessage("field 'a.x' appears twice");
  }

  @Test
  void should_reject_what_is_not_one_json_object_without_quoting_it() {
    assertThatThrownBy(() -> decode("[1, 2]")).hasMessage("not a JSON object (it is an array)");
    assertThatThrownBy(() -> decode("{\"a\": secret}"))
        .hasMessageStartingWith("not valid JSON at column")
        .hasMessageNotContaining("secret");
    assertThatThrownBy(() -> decode("{\"a\": 1")).hasMessageStartingWith("not valid JSON");
    assertThatThrownBy(() -> decode("{\"a\": 1} {\"b\": 2}"))
        .hasMessageStartingWith("text follows the JSON value");
  }

  @Test
  void should_decode_any_json_value_for_csv_cells() throws MalformedJsonException {
    assertThat(decoder.decodeValue("[\"a\", 1]")).isEqualTo(List.of("a", 1));
    assertThat(decoder.decodeValue("\"s\"")).isEqualTo("s");
    assertThat(decoder.decodeValue("{\"$numberLong\": \"7\"}")).isEqualTo(7L);
  }
}
