package io.sluice.formats.text;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes JSON text into Sluice's value model ({@link io.sluice.core.value.Values}): objects become
 * {@code LinkedHashMap<String, Object>} in field order, arrays {@code List<Object>}, strings {@code
 * String}, {@code true}/{@code false} {@code Boolean}, {@code null} null, and numbers as {@link
 * JsonNumbers} says (32-bit integers {@code Integer}, then {@code Long}, then {@code BigDecimal};
 * fractions and exponents {@code Double} unless that would drop written digits, then {@code
 * BigDecimal}). With Extended JSON on, MongoDB's type wrappers become the values the BSON source
 * gives (see {@link ExtendedJson}): {@code {"$oid": ...}} an {@code ObjectIdValue}, {@code
 * {"$date": ...}} an {@code Instant}, and so on.
 *
 * <p>A field name repeated in one object is an error, as in the BSON source. Input must be UTF-8.
 * Thread-safe; used for NDJSON lines and CSV {@code json-columns} cells.
 */
public final class JsonValueDecoder {

  private static final JsonFactory FACTORY = new JsonFactory();

  private final boolean extendedJson;

  /**
   * @param extendedJson whether MongoDB Extended JSON wrappers are turned into typed values
   */
  public JsonValueDecoder(boolean extendedJson) {
    this.extendedJson = extendedJson;
  }

  /**
   * Decodes a JSON object held in UTF-8 bytes.
   *
   * @throws MalformedJsonException when the text is not one JSON object, or breaks a rule above
   */
  public Map<String, Object> decodeObject(byte[] bytes, int offset, int length)
      throws MalformedJsonException {
    try (JsonParser parser = FACTORY.createParser(bytes, offset, length)) {
      JsonToken first = parser.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new MalformedJsonException("not a JSON object (it is " + kind(first) + ")");
      }
      Object value = object(parser);
      end(parser);
      if (!(value instanceof Map<?, ?>)) {
        throw new MalformedJsonException(
            "the line is an Extended JSON value, not a document with fields");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> fields = (Map<String, Object>) value;
      return fields;
    } catch (JsonProcessingException e) {
      throw invalid(e);
    } catch (IOException e) {
      throw new MalformedJsonException("cannot be read as JSON: " + e.getClass().getSimpleName());
    }
  }

  /**
   * Decodes any JSON value (an object, array, string, number, boolean or null).
   *
   * @throws MalformedJsonException when the text is not one JSON value
   */
  public Object decodeValue(String text) throws MalformedJsonException {
    try (JsonParser parser = FACTORY.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new MalformedJsonException("not valid JSON: it is empty");
      }
      Object value = value(parser, first);
      end(parser);
      return value;
    } catch (JsonProcessingException e) {
      throw invalid(e);
    } catch (IOException e) {
      throw new MalformedJsonException("cannot be read as JSON: " + e.getClass().getSimpleName());
    }
  }

  private static void end(JsonParser parser) throws IOException, MalformedJsonException {
    if (parser.nextToken() != null) {
      throw new MalformedJsonException(
          "text follows the JSON value at column " + parser.currentLocation().getColumnNr());
    }
  }

  private Object value(JsonParser parser, JsonToken token)
      throws IOException, MalformedJsonException {
    return switch (token) {
      case START_OBJECT -> object(parser);
      case START_ARRAY -> array(parser);
      case VALUE_STRING -> parser.getText();
      case VALUE_NUMBER_INT -> JsonNumbers.integer(parser);
      case VALUE_NUMBER_FLOAT -> JsonNumbers.floating(parser.getText());
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw new MalformedJsonException("unexpected JSON token " + token);
    };
  }

  private Object object(JsonParser parser) throws IOException, MalformedJsonException {
    Map<String, Object> fields = new LinkedHashMap<>();
    JsonToken token;
    while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      Object value;
      try {
        value = value(parser, parser.nextToken());
      } catch (MalformedJsonException e) {
        throw e.within(shorten(name));
      }
      int size = fields.size();
      fields.put(name, value);
      if (fields.size() == size) {
        throw new MalformedJsonException("field '" + shorten(name) + "' appears twice");
      }
    }
    if (token != JsonToken.END_OBJECT) {
      throw new MalformedJsonException("unexpected JSON token " + token);
    }
    return extendedJson ? ExtendedJson.convert(fields) : fields;
  }

  private List<Object> array(JsonParser parser) throws IOException, MalformedJsonException {
    List<Object> elements = new ArrayList<>();
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      try {
        elements.add(value(parser, token));
      } catch (MalformedJsonException e) {
        throw e.within("[" + elements.size() + "]");
      }
    }
    return elements;
  }

  /** A reason that says where, never what: Jackson's messages quote the offending text. */
  private static MalformedJsonException invalid(JsonProcessingException e) {
    String message = String.valueOf(e.getOriginalMessage());
    String what =
        message.startsWith("Invalid UTF-8") || message.contains("Invalid UTF-8")
            ? "not valid UTF-8"
            : message.startsWith("Unexpected end-of-input")
                ? "not valid JSON: it ends too early"
                : "not valid JSON";
    long column = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
    return new MalformedJsonException(what + (column > 0 ? " at column " + column : ""));
  }

  private static String kind(JsonToken token) {
    if (token == null) {
      return "empty";
    }
    return switch (token) {
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> token.toString();
    };
  }

  static String shorten(String text) {
    return text.length() <= 40 ? text : text.substring(0, 37) + "...";
  }
}
