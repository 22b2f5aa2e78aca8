package io.sluice.formats.bson;

import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.OplogTimestampValue;
import io.sluice.core.value.RegexValue;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinarySubType;
import org.bson.BsonDbPointer;
import org.bson.BsonRegularExpression;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.types.Decimal128;

/**
 * Decodes one BSON document into Sluice's value model ({@link io.sluice.core.value.Values}), with
 * MongoDB's own {@code org.mongodb:bson} reader. Strict: invalid UTF-8, unknown type bytes, bad
 * terminators, lengths that disagree with content, duplicate field names and nesting deeper than
 * {@value #MAX_DEPTH} levels all reject the document with a {@link MalformedDocumentException}.
 *
 * <table>
 *   <caption>BSON types and the values they decode to</caption>
 *   <tr><th>BSON type (byte)</th><th>Java value</th></tr>
 *   <tr><td>double (0x01)</td><td>{@link Double}, NaN and infinities included</td></tr>
 *   <tr><td>string (0x02)</td><td>{@link String}</td></tr>
 *   <tr><td>document (0x03)</td><td>{@link LinkedHashMap}{@code <String, Object>} in field
 *       order</td></tr>
 *   <tr><td>array (0x04)</td><td>{@link List}{@code <Object>}</td></tr>
 *   <tr><td>binary subtype 4 (UUID), 16 bytes (0x05)</td><td>{@link UUID}</td></tr>
 *   <tr><td>any other binary, subtype 3 (legacy UUID) included (0x05)</td><td>{@link
 *       BinaryValue}(subtype, bytes); subtype 2 loses its redundant inner length</td></tr>
 *   <tr><td>undefined (0x06, deprecated)</td><td>{@code null}</td></tr>
 *   <tr><td>ObjectId (0x07)</td><td>{@link ObjectIdValue}</td></tr>
 *   <tr><td>boolean (0x08)</td><td>{@link Boolean}</td></tr>
 *   <tr><td>UTC datetime (0x09)</td><td>{@link Instant} to the millisecond, over the whole
 *       signed 64-bit range</td></tr>
 *   <tr><td>null (0x0A)</td><td>{@code null}</td></tr>
 *   <tr><td>regular expression (0x0B)</td><td>{@link RegexValue}(pattern, options), options
 *       sorted</td></tr>
 *   <tr><td>DBPointer (0x0C, deprecated)</td><td>{@link LinkedHashMap} {@code {"$ref":
 *       namespace, "$id": ObjectIdValue}}</td></tr>
 *   <tr><td>JavaScript (0x0D)</td><td>{@link JavaScriptValue}(code, null)</td></tr>
 *   <tr><td>symbol (0x0E, deprecated)</td><td>{@link String}</td></tr>
 *   <tr><td>JavaScript with scope (0x0F)</td><td>{@link JavaScriptValue}(code, scope
 *       map)</td></tr>
 *   <tr><td>int32 (0x10)</td><td>{@link Integer}</td></tr>
 *   <tr><td>timestamp (0x11)</td><td>{@link OplogTimestampValue}(seconds, increment)</td></tr>
 *   <tr><td>int64 (0x12)</td><td>{@link Long}</td></tr>
 *   <tr><td>decimal128 (0x13)</td><td>{@link BigDecimal}; NaN and &plusmn;Infinity, which no
 *       BigDecimal can hold, become {@link Double} NaN and &plusmn;Infinity; -0 becomes a
 *       BigDecimal zero of the same scale (the sign is lost)</td></tr>
 *   <tr><td>MinKey (0xFF), MaxKey (0x7F)</td><td>{@link BoundaryKey}</td></tr>
 * </table>
 *
 * <p>An instance reuses its scratch state between documents and is not thread-safe; use one per
 * reader.
 */
public final class BsonDocumentDecoder {

  /**
   * Deepest nesting accepted, counting the top-level document as level 1: MongoDB's own limit for
   * stored documents, so no real dump exceeds it, and small enough for any thread's stack.
   */
  public static final int MAX_DEPTH = 200;

  private final Object[] path = new Object[MAX_DEPTH];
  private int depth;
  private Object id;

  /** Decodes a whole document (length prefix included) into an ordered field map. */
  public static Map<String, Object> decodeDocument(byte[] document) {
    return new BsonDocumentDecoder().decode(document);
  }

  /**
   * Decodes a whole document (length prefix included) into an ordered field map.
   *
   * @throws MalformedDocumentException when the document is damaged, with the {@code _id} if it was
   *     decoded before the damage
   */
  public Map<String, Object> decode(byte[] document) {
    depth = -1;
    id = null;
    if (document.length < DocumentFraming.MIN_DOCUMENT_BYTES) {
      throw new MalformedDocumentException("a document needs at least 5 bytes", null);
    }
    try (BsonBinaryReader reader = new BsonBinaryReader(new StrictUtf8BsonInput(document))) {
      Map<String, Object> fields = readDocument(reader);
      int end = reader.getBsonInput().getPosition();
      if (end != document.length) {
        throw new MalformedDocumentException(
            "the document ends after "
                + end
                + " bytes but its length prefix says "
                + document.length,
            id);
      }
      return fields;
    } catch (MalformedDocumentException e) {
      throw e;
    } catch (StackOverflowError e) {
      throw new MalformedDocumentException(
          "the document nests too deeply for this thread's stack", id);
    } catch (RuntimeException e) {
      if (document[document.length - 1] != 0) {
        throw new MalformedDocumentException(
            "the document's last byte is not its zero terminator", id);
      }
      throw new MalformedDocumentException(
          BsonErrorReasons.describe(e) + " " + BsonErrorReasons.location(path, depth), id);
    }
  }

  private Map<String, Object> readDocument(BsonBinaryReader reader) {
    enter();
    reader.readStartDocument();
    Map<String, Object> fields = new LinkedHashMap<>();
    while (nextElement(reader) != BsonType.END_OF_DOCUMENT) {
      String name = reader.readName();
      path[depth] = name;
      Object value = readValue(reader);
      if (fields.containsKey(name)) {
        throw new MalformedDocumentException(
            "field " + BsonErrorReasons.fieldPath(path, depth) + " appears twice", id);
      }
      fields.put(name, value);
      if (depth == 0 && name.equals("_id")) {
        id = value;
      }
    }
    reader.readEndDocument();
    depth--;
    return fields;
  }

  private List<Object> readArray(BsonBinaryReader reader) {
    enter();
    reader.readStartArray();
    List<Object> elements = new ArrayList<>();
    while (nextElement(reader) != BsonType.END_OF_DOCUMENT) {
      path[depth] = elements.size();
      elements.add(readValue(reader));
    }
    reader.readEndArray();
    depth--;
    return elements;
  }

  private void enter() {
    if (++depth >= MAX_DEPTH) {
      depth--;
      throw new MalformedDocumentException(
          "the document nests deeper than " + MAX_DEPTH + " levels", id);
    }
    path[depth] = null;
  }

  /** Reads the next element's type; its name is unknown until it has been read. */
  /**
   * Binary data, once its length prefix is known to fit in what the document has left: the bson
   * library allocates what the prefix claims before it reads a byte, so a damaged prefix of 2 GB
   * would exhaust the heap.
   */
  private BsonBinary readBinaryData(BsonBinaryReader reader) {
    int size = reader.peekBinarySize();
    int left = ((StrictUtf8BsonInput) reader.getBsonInput()).remaining();
    if (size < 0 || size > left) {
      throw new MalformedDocumentException(
          "binary field "
              + BsonErrorReasons.fieldPath(path, depth)
              + " claims "
              + size
              + " bytes, more than the "
              + left
              + " its document has left",
          id);
    }
    return reader.readBinaryData();
  }

  private BsonType nextElement(BsonBinaryReader reader) {
    path[depth] = null;
    return reader.readBsonType();
  }

  private Object readValue(BsonBinaryReader reader) {
    BsonType type = reader.getCurrentBsonType();
    return switch (type) {
      case DOUBLE -> reader.readDouble();
      case STRING -> reader.readString();
      case DOCUMENT -> readDocument(reader);
      case ARRAY -> readArray(reader);
      case BINARY -> binary(readBinaryData(reader));
      case UNDEFINED -> {
        reader.readUndefined();
        yield null;
      }
      case OBJECT_ID -> new ObjectIdValue(reader.readObjectId().toHexString());
      case BOOLEAN -> reader.readBoolean();
      case DATE_TIME -> Instant.ofEpochMilli(reader.readDateTime());
      case NULL -> {
        reader.readNull();
        yield null;
      }
      case REGULAR_EXPRESSION -> regex(reader.readRegularExpression());
      case DB_POINTER -> dbPointer(reader.readDBPointer());
      case JAVASCRIPT -> new JavaScriptValue(reader.readJavaScript(), null);
      case SYMBOL -> reader.readSymbol();
      case JAVASCRIPT_WITH_SCOPE -> {
        String code = reader.readJavaScriptWithScope();
        yield new JavaScriptValue(code, readDocument(reader));
      }
      case INT32 -> reader.readInt32();
      case TIMESTAMP -> timestamp(reader.readTimestamp());
      case INT64 -> reader.readInt64();
      case DECIMAL128 -> decimal(reader.readDecimal128());
      case MIN_KEY -> {
        reader.readMinKey();
        yield BoundaryKey.MIN_KEY;
      }
      case MAX_KEY -> {
        reader.readMaxKey();
        yield BoundaryKey.MAX_KEY;
      }
      case END_OF_DOCUMENT -> throw new IllegalStateException("no value at the end of a document");
    };
  }

  private static Object binary(BsonBinary binary) {
    byte[] data = binary.getData();
    if (binary.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && data.length == 16) {
      ByteBuffer buffer = ByteBuffer.wrap(data);
      return new UUID(buffer.getLong(), buffer.getLong());
    }
    return new BinaryValue(binary.getType(), data);
  }

  private static RegexValue regex(BsonRegularExpression regex) {
    return new RegexValue(regex.getPattern(), regex.getOptions());
  }

  private static Map<String, Object> dbPointer(BsonDbPointer pointer) {
    Map<String, Object> reference = new LinkedHashMap<>();
    reference.put("$ref", pointer.getNamespace());
    reference.put("$id", new ObjectIdValue(pointer.getId().toHexString()));
    return reference;
  }

  private static OplogTimestampValue timestamp(BsonTimestamp timestamp) {
    return new OplogTimestampValue(timestamp.getTime(), timestamp.getInc());
  }

  private static Object decimal(Decimal128 decimal) {
    if (decimal.isNaN()) {
      return Double.NaN;
    }
    if (decimal.isInfinite()) {
      return decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    try {
      return decimal.bigDecimalValue();
    } catch (ArithmeticException negativeZero) {
      return new BigDecimal(decimal.toString());
    }
  }
}
