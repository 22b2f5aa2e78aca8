package io.sluice.formats.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.OplogTimestampValue;
import io.sluice.core.value.RegexValue;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class BsonDocumentDecoderTest {

  private static byte[] bytes(BsonDocument document) {
    ByteBuffer buffer =
        new RawBsonDocument(document, new BsonDocumentCodec()).getByteBuffer().asNIO();
    return Arrays.copyOfRange(buffer.array(), buffer.position(), buffer.limit());
  }

  private static Object decodeValue(BsonValue value) {
    return BsonDocumentDecoder.decodeDocument(bytes(new BsonDocument("v", value))).get("v");
  }

  @Test
  void should_decode_numbers_with_their_edge_values() {
    assertThat(decodeValue(new BsonDouble(1.5))).isEqualTo(1.5);
    assertThat((Double) decodeValue(new BsonDouble(Double.NaN))).isNaN();
    assertThat(decodeValue(new BsonDouble(Double.NEGATIVE_INFINITY)))
        .isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(decodeValue(new BsonInt32(Integer.MIN_VALUE))).isEqualTo(Integer.MIN_VALUE);
    assertThat(decodeValue(new BsonInt32(Integer.MAX_VALUE))).isEqualTo(Integer.MAX_VALUE);
    assertThat(decodeValue(new BsonInt64(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    assertThat(decodeValue(new BsonInt64(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void should_decode_decimal128_to_big_decimal_and_specials_to_double() {
    assertThat(decodeValue(new BsonDecimal128(Decimal128.parse("12345.678901234567890123"))))
        .isEqualTo(new BigDecimal("12345.678901234567890123"));
    assertThat((BigDecimal) decodeValue(new BsonDecimal128(Decimal128.parse("1E+6144"))))
        .isEqualByComparingTo(new BigDecimal("1E+6144"));
    assertThat((Double) decodeValue(new BsonDecimal128(Decimal128.NaN))).isNaN();
    assertThat(decodeValue(new BsonDecimal128(Decimal128.POSITIVE_INFINITY)))
        .isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(decodeValue(new BsonDecimal128(Decimal128.NEGATIVE_INFINITY)))
        .isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(decodeValue(new BsonDecimal128(Decimal128.parse("-0.00"))))
        .isEqualTo(new BigDecimal("0.00"));
  }

  @Test
  void should_decode_strings_and_symbols() {
    assertThat(decodeValue(new BsonString("héllo wörld ✓ 𝄞"))).isEqualTo("héllo wörld ✓ 𝄞");
    assertThat(decodeValue(new BsonString(""))).isEqualTo("");
    assertThat(decodeValue(new BsonString("a\u0000b"))).isEqualTo("a\u0000b");
    assertThat(decodeValue(new BsonSymbol("sym"))).isEqualTo("sym");
  }

  @Test
  void should_decode_a_4_mib_string() {
    String big = "ab".repeat(2 * 1024 * 1024);

    assertThat(decodeValue(new BsonString(big))).isEqualTo(big);
  }

  @Test
  void should_decode_documents_in_field_order_and_arrays_as_lists() {
    BsonDocument nested =
        new BsonDocument("z", new BsonInt32(1))
            .append("a", new BsonInt32(2))
            .append("m", new BsonArray(List.of(new BsonInt32(3), new BsonString("four"))));

    Object value = decodeValue(nested);

    assertThat(value).isInstanceOf(java.util.LinkedHashMap.class);
    assertThat(new java.util.ArrayList<Object>(((Map<?, ?>) value).keySet()))
        .containsExactly("z", "a", "m");
    assertThat(((Map<?, ?>) value).get("m")).isEqualTo(List.of(3, "four"));
  }

  @Test
  void should_decode_empty_document() {
    assertThat(BsonDocumentDecoder.decodeDocument(bytes(new BsonDocument()))).isEmpty();
    assertThat(decodeValue(new BsonDocument())).isEqualTo(Map.of());
    assertThat(decodeValue(new BsonArray())).isEqualTo(List.of());
  }

  @Test
  void should_decode_100_levels_of_nesting() {
    BsonDocument inner = new BsonDocument("leaf", new BsonInt32(7));
    for (int i = 0; i < 99; i++) {
      inner = new BsonDocument("d", inner);
    }

    Object value = decodeValue(inner);
    for (int i = 0; i < 99; i++) {
      value = ((Map<?, ?>) value).get("d");
    }

    assertThat(value).isEqualTo(Map.of("leaf", 7));
  }

  @Test
  void should_decode_binary_subtype_4_as_uuid_and_others_as_binary_values() {
    UUID uuid = UUID.fromString("0b5b4e7a-9f3c-4e3b-8a57-7d0a1f2e3c4d");
    ByteBuffer uuidBytes =
        ByteBuffer.allocate(16)
            .putLong(uuid.getMostSignificantBits())
            .putLong(uuid.getLeastSignificantBits());

    assertThat(decodeValue(new BsonBinary((byte) 4, uuidBytes.array()))).isEqualTo(uuid);
    assertThat(decodeValue(new BsonBinary((byte) 3, uuidBytes.array())))
        .isEqualTo(new BinaryValue((byte) 3, uuidBytes.array()));
    assertThat(decodeValue(new BsonBinary((byte) 4, new byte[] {1, 2, 3})))
        .isEqualTo(new BinaryValue((byte) 4, new byte[] {1, 2, 3}));
    assertThat(decodeValue(new BsonBinary((byte) 0, new byte[] {9, 8})))
        .isEqualTo(new BinaryValue((byte) 0, new byte[] {9, 8}));
    assertThat(decodeValue(new BsonBinary((byte) 2, new byte[] {5, 6, 7})))
        .isEqualTo(new BinaryValue((byte) 2, new byte[] {5, 6, 7}));
    assertThat(decodeValue(new BsonBinary((byte) 0x80, new byte[0])))
        .isEqualTo(new BinaryValue((byte) 0x80, new byte[0]));
  }

  @Test
  void should_decode_object_id_boolean_null_and_undefined() {
    ObjectId objectId = new ObjectId("65a1b2c3d4e5f60718293a4b");

    assertThat(decodeValue(new BsonObjectId(objectId)))
        .isEqualTo(new ObjectIdValue("65a1b2c3d4e5f60718293a4b"));
    assertThat(decodeValue(BsonBoolean.TRUE)).isEqualTo(true);
    assertThat(decodeValue(BsonBoolean.FALSE)).isEqualTo(false);
    assertThat(decodeValue(BsonNull.VALUE)).isNull();
    assertThat(decodeValue(new BsonUndefined())).isNull();
  }

  @Test
  void should_decode_dates_including_far_ones() {
    Instant farFuture =
        java.time.LocalDate.of(200_000, 1, 1).atStartOfDay(ZoneOffset.UTC).toInstant();
    Instant farPast =
        java.time.LocalDate.of(-200_000, 1, 1).atStartOfDay(ZoneOffset.UTC).toInstant();

    assertThat(decodeValue(new BsonDateTime(1_700_000_000_123L)))
        .isEqualTo(Instant.ofEpochMilli(1_700_000_000_123L));
    assertThat(decodeValue(new BsonDateTime(farFuture.toEpochMilli()))).isEqualTo(farFuture);
    assertThat(decodeValue(new BsonDateTime(farPast.toEpochMilli()))).isEqualTo(farPast);
    assertThat(decodeValue(new BsonDateTime(Long.MAX_VALUE)))
        .isEqualTo(Instant.ofEpochMilli(Long.MAX_VALUE));
    assertThat(decodeValue(new BsonDateTime(Long.MIN_VALUE)))
        .isEqualTo(Instant.ofEpochMilli(Long.MIN_VALUE));
  }

  @Test
  void should_decode_regex_javascript_and_timestamp() {
    assertThat(decodeValue(new BsonRegularExpression("^a.*z$", "mi")))
        .isEqualTo(new RegexValue("^a.*z$", "im"));
    assertThat(decodeValue(new BsonJavaScript("function() { return 1; }")))
        .isEqualTo(new JavaScriptValue("function() { return 1; }", null));
    assertThat(
            decodeValue(
                new BsonJavaScriptWithScope(
                    "function() { return x; }", new BsonDocument("x", new BsonInt32(3)))))
        .isEqualTo(new JavaScriptValue("function() { return x; }", Map.of("x", 3)));
    assertThat(decodeValue(new BsonTimestamp(1_700_000_000, 42)))
        .isEqualTo(new OplogTimestampValue(1_700_000_000, 42));
    assertThat(decodeValue(new BsonTimestamp(-1, -1))).isEqualTo(new OplogTimestampValue(-1, -1));
  }

  @Test
  void should_decode_db_pointer_as_reference_map_and_min_max_keys() {
    ObjectId objectId = new ObjectId("65a1b2c3d4e5f60718293a4b");

    Object pointer = decodeValue(new BsonDbPointer("shop.users", objectId));

    assertThat(pointer)
        .isEqualTo(Map.of("$ref", "shop.users", "$id", new ObjectIdValue(objectId.toHexString())));
    assertThat(new java.util.ArrayList<Object>(((Map<?, ?>) pointer).keySet()))
        .containsExactly("$ref", "$id");
    assertThat(decodeValue(new BsonMinKey())).isEqualTo(BoundaryKey.MIN_KEY);
    assertThat(decodeValue(new BsonMaxKey())).isEqualTo(BoundaryKey.MAX_KEY);
  }

  @Test
  void should_reject_invalid_utf8_with_the_field_path_and_id() {
    byte[] document =
        bytes(
            new BsonDocument("_id", new BsonInt32(5))
                .append("outer", new BsonDocument("s", new BsonString("héllo"))));
    document[indexOf(document, (byte) 0xc3)] = (byte) 0xff;

    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(document))
        .isInstanceOfSatisfying(
            MalformedDocumentException.class,
            e -> {
              assertThat(e.reason()).isEqualTo("a string is not valid UTF-8 in field 'outer.s'");
              assertThat(e.id()).isEqualTo(5);
            });
  }

  @Test
  void should_reject_invalid_utf8_in_a_field_name() {
    byte[] document = bytes(new BsonDocument("_id", new BsonInt32(1)).append("é", BsonNull.VALUE));
    document[indexOf(document, (byte) 0xc3)] = (byte) 0xc0;

    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(document))
        .hasMessage("a string is not valid UTF-8 in the top-level document");
  }

  @Test
  void should_reject_unknown_type_byte() {
    byte[] document =
        bytes(new BsonDocument("_id", new BsonInt32(1)).append("a", new BsonInt32(2)));
    document[indexOf(document, (byte) 'a') - 1] = 0x42;

    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(document))
        .hasMessage("unknown BSON type byte 0x42 in the top-level document");
  }

  @Test
  void should_reject_a_nested_document_overrunning_its_parent() {
    byte[] document =
        bytes(
            new BsonDocument("_id", new BsonInt32(3))
                .append("n", new BsonDocument("x", new BsonInt32(1)))
                .append("z", new BsonInt32(2)));
    int nested = indexOf(document, (byte) 'n') + 2;
    document[nested] = (byte) (document[nested] + 7);

    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(document))
        .isInstanceOfSatisfying(
            MalformedDocumentException.class,
            e -> {
              assertThat(e.reason())
                  .isEqualTo(
                      "a length prefix says 19 bytes but the content takes 12 (bad terminator or"
                          + " overrunning field) in document 'n'");
              assertThat(e.id()).isEqualTo(3);
            });
  }

  @Test
  void should_reject_a_string_overrunning_its_document() {
    byte[] document =
        bytes(new BsonDocument("_id", new BsonInt32(4)).append("s", new BsonString("abc")));
    document[indexOf(document, (byte) 's') + 2] = 100;

    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(document))
        .hasMessage("a string runs past the end of its document in field 's'");
  }

  @Test
  void should_reject_duplicate_field_names() {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.writeStartDocument();
      writer.writeInt32("_id", 9);
      writer.writeInt32("a", 1);
      writer.writeInt32("a", 2);
      writer.writeEndDocument();
    }

    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(buffer.toByteArray()))
        .isInstanceOfSatisfying(
            MalformedDocumentException.class,
            e -> {
              assertThat(e.reason()).isEqualTo("field 'a' appears twice");
              assertThat(e.id()).isEqualTo(9);
            });
  }

  @Test
  void should_accept_mongodb_maximum_nesting_and_reject_deeper() {
    BsonDocument deepest = new BsonDocument();
    for (int level = 1; level < BsonDocumentDecoder.MAX_DEPTH; level++) {
      deepest = new BsonDocument("d", deepest);
    }
    byte[] tooDeep = bytes(new BsonDocument("d", deepest));

    assertThat(BsonDocumentDecoder.decodeDocument(bytes(deepest))).containsKey("d");
    assertThatThrownBy(() -> BsonDocumentDecoder.decodeDocument(tooDeep))
        .hasMessage("the document nests deeper than 200 levels");
  }

  private static int indexOf(byte[] bytes, byte wanted) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == wanted) {
        return i;
      }
    }
    throw new IllegalArgumentException("byte not found");
  }
}
