package io.sluice.formats.text;

import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.OplogTimestampValue;
import io.sluice.core.value.RegexValue;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Turns MongoDB Extended JSON wrappers (v2 canonical and relaxed, as {@code mongoexport} writes
 * them, and the older v1 forms) into Sluice's value model, the same values the BSON source gives:
 *
 * <table>
 *   <caption>Wrappers</caption>
 *   <tr><th>Wrapper</th><th>Value</th></tr>
 *   <tr><td>{@code {"$oid": "24 hex digits"}}</td><td>{@code ObjectIdValue}</td></tr>
 *   <tr><td>{@code {"$date": "2024-05-01T12:00:00Z"}}, {@code {"$date": {"$numberLong":
 *       "ms"}}}, {@code {"$date": ms}}</td><td>{@code Instant}</td></tr>
 *   <tr><td>{@code {"$numberInt": "1"}}, {@code {"$numberLong": "1"}}</td><td>{@code Integer},
 *       {@code Long}</td></tr>
 *   <tr><td>{@code {"$numberDouble": "1.5" | "NaN" | "Infinity" | "-Infinity"}}</td>
 *       <td>{@code Double}</td></tr>
 *   <tr><td>{@code {"$numberDecimal": "1.50"}}</td><td>{@code BigDecimal}; NaN and ±Infinity
 *       become {@code Double}s, as in the BSON source</td></tr>
 *   <tr><td>{@code {"$binary": {"base64": b, "subType": "hex"}}}, {@code {"$binary": b, "$type":
 *       "hex"}}</td><td>{@code BinaryValue}; subtype 4 of 16 bytes is a {@code UUID}</td></tr>
 *   <tr><td>{@code {"$uuid": "canonical text"}}</td><td>{@code UUID}</td></tr>
 *   <tr><td>{@code {"$regularExpression": {"pattern": p, "options": o}}}, {@code {"$regex": p,
 *       "$options": o}}</td><td>{@code RegexValue}, options sorted</td></tr>
 *   <tr><td>{@code {"$timestamp": {"t": s, "i": i}}}</td><td>{@code OplogTimestampValue}</td></tr>
 *   <tr><td>{@code {"$code": c}}, {@code {"$code": c, "$scope": {...}}}</td>
 *       <td>{@code JavaScriptValue}</td></tr>
 *   <tr><td>{@code {"$minKey": 1}}, {@code {"$maxKey": 1}}</td><td>{@code BoundaryKey}</td></tr>
 *   <tr><td>{@code {"$symbol": s}}, {@code {"$undefined": true}}</td><td>{@code String},
 *       {@code null}</td></tr>
 *   <tr><td>{@code {"$dbPointer": {"$ref": ns, "$id": {"$oid": h}}}}</td><td>a map {@code
 *       {"$ref": ns, "$id": ObjectIdValue}}</td></tr>
 * </table>
 *
 * <p>A document is a wrapper only when its keys are exactly one of these sets; anything else (a
 * DBRef's {@code $ref}/{@code $id}, a query operator) stays a document. A wrapper whose value has
 * the wrong shape is an error, as in MongoDB's own parser. Wrappers are converted innermost first,
 * so {@code $date} sees the {@code Long} its {@code $numberLong} became.
 */
final class ExtendedJson {

  private static final Pattern HEX_24 = Pattern.compile("[0-9a-fA-F]{24}");
  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern DOUBLE_TEXT =
      Pattern.compile("-?(Infinity|NaN|(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?)");
  private static final DateTimeFormatter OFFSET_WITHOUT_COLON =
      new DateTimeFormatterBuilder()
          .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
          .appendOffset("+HHMM", "Z")
          .toFormatter();

  private ExtendedJson() {}

  /** The value {@code document} stands for, or {@code document} itself when it is no wrapper. */
  static Object convert(Map<String, Object> document) throws MalformedJsonException {
    if (document.isEmpty() || document.size() > 2) {
      return document;
    }
    String first = document.keySet().iterator().next();
    if (!first.startsWith("$")) {
      return document;
    }
    if (document.size() == 2) {
      return convertPair(document);
    }
    Object value = document.get(first);
    return switch (first) {
      case "$oid" -> objectId(value, "$oid");
      case "$date" -> date(value);
      case "$numberInt" -> parseInt(text(value, "$numberInt"));
      case "$numberLong" -> parseLong(text(value, "$numberLong"));
      case "$numberDouble" -> parseDouble(text(value, "$numberDouble"));
      case "$numberDecimal" -> decimal(text(value, "$numberDecimal"));
      case "$binary" ->
          binary(field(value, "$binary", "base64"), field(value, "$binary", "subType"));
      case "$uuid" -> uuid(text(value, "$uuid"));
      case "$regularExpression" ->
          regex(
              text(field(value, "$regularExpression", "pattern"), "$regularExpression"),
              text(field(value, "$regularExpression", "options"), "$regularExpression"));
      case "$timestamp" ->
          new OplogTimestampValue(
              uint32(field(value, "$timestamp", "t")), uint32(field(value, "$timestamp", "i")));
      case "$minKey" -> boundary(value, BoundaryKey.MIN_KEY);
      case "$maxKey" -> boundary(value, BoundaryKey.MAX_KEY);
      case "$code" -> new JavaScriptValue(text(value, "$code"), null);
      case "$symbol" -> text(value, "$symbol");
      case "$undefined" -> undefined(value);
      case "$dbPointer" -> dbPointer(value);
      default -> document;
    };
  }

  private static Object convertPair(Map<String, Object> document) throws MalformedJsonException {
    if (document.containsKey("$binary") && document.containsKey("$type")) {
      return binary(document.get("$binary"), document.get("$type"));
    }
    if (document.containsKey("$regex")
        && document.get("$regex") instanceof String pattern
        && document.containsKey("$options")) {
      return regex(pattern, text(document.get("$options"), "$options"));
    }
    if (document.containsKey("$code") && document.containsKey("$scope")) {
      if (!(document.get("$scope") instanceof Map<?, ?> scope)) {
        throw invalid("$scope must be a document");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> fields = (Map<String, Object>) scope;
      return new JavaScriptValue(text(document.get("$code"), "$code"), fields);
    }
    return document;
  }

  private static ObjectIdValue objectId(Object value, String wrapper)
      throws MalformedJsonException {
    String hex = text(value, wrapper);
    if (!HEX_24.matcher(hex).matches()) {
      throw invalid(wrapper + " must be 24 hexadecimal digits");
    }
    return new ObjectIdValue(hex);
  }

  private static Instant date(Object value) throws MalformedJsonException {
    if (value instanceof Integer || value instanceof Long) {
      return Instant.ofEpochMilli(((Number) value).longValue());
    }
    if (value instanceof String text) {
      try {
        return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
      } catch (DateTimeParseException e) {
        try {
          return OffsetDateTime.parse(text, OFFSET_WITHOUT_COLON).toInstant();
        } catch (DateTimeParseException again) {
          // reported below
        }
      }
    }
    throw invalid(
        "$date must be ISO-8601 text with an offset (2024-05-01T12:00:00Z) or milliseconds"
            + " since the epoch");
  }

  private static Integer parseInt(String text) throws MalformedJsonException {
    try {
      return Integer.valueOf(text);
    } catch (NumberFormatException e) {
      throw invalid("$numberInt must be a 32-bit integer as text");
    }
  }

  private static Long parseLong(String text) throws MalformedJsonException {
    try {
      return Long.valueOf(text);
    } catch (NumberFormatException e) {
      throw invalid("$numberLong must be a 64-bit integer as text");
    }
  }

  private static Double parseDouble(String text) throws MalformedJsonException {
    if (!DOUBLE_TEXT.matcher(text).matches()) {
      throw invalid("$numberDouble must be a number, NaN, Infinity or -Infinity as text");
    }
    return Double.valueOf(text);
  }

  private static Object decimal(String text) throws MalformedJsonException {
    switch (text) {
      case "NaN", "-NaN":
        return Double.NaN;
      case "Infinity", "+Infinity", "Inf":
        return Double.POSITIVE_INFINITY;
      case "-Infinity", "-Inf":
        return Double.NEGATIVE_INFINITY;
      default:
        try {
          return new BigDecimal(text);
        } catch (NumberFormatException e) {
          throw invalid("$numberDecimal must be a decimal number as text");
        }
    }
  }

  private static Object binary(Object base64, Object subtype) throws MalformedJsonException {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text(base64, "$binary"));
    } catch (IllegalArgumentException e) {
      throw invalid("$binary must hold base64 text");
    }
    int type;
    try {
      type = Integer.parseInt(text(subtype, "$binary subtype"), 16);
    } catch (NumberFormatException e) {
      type = -1;
    }
    if (type < 0 || type > 0xFF) {
      throw invalid("$binary's subtype must be one or two hexadecimal digits");
    }
    if (type == 4 && bytes.length == 16) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      return new UUID(buffer.getLong(), buffer.getLong());
    }
    return new BinaryValue((byte) type, bytes);
  }

  private static UUID uuid(String text) throws MalformedJsonException {
    if (!UUID_TEXT.matcher(text).matches()) {
      throw invalid("$uuid must be a UUID in its 36-character form");
    }
    return UUID.fromString(text);
  }

  private static RegexValue regex(String pattern, String options) {
    char[] sorted = options.toCharArray();
    Arrays.sort(sorted);
    return new RegexValue(pattern, new String(sorted));
  }

  private static int uint32(Object value) throws MalformedJsonException {
    if (value instanceof Integer || value instanceof Long) {
      long number = ((Number) value).longValue();
      if (number >= 0 && number <= 0xFFFFFFFFL) {
        return (int) number;
      }
    }
    throw invalid("$timestamp's t and i must be unsigned 32-bit integers");
  }

  private static BoundaryKey boundary(Object value, BoundaryKey key) throws MalformedJsonException {
    if (!Integer.valueOf(1).equals(value)) {
      throw invalid("$minKey and $maxKey must be 1");
    }
    return key;
  }

  private static Object undefined(Object value) throws MalformedJsonException {
    if (!Boolean.TRUE.equals(value)) {
      throw invalid("$undefined must be true");
    }
    return null;
  }

  private static Map<String, Object> dbPointer(Object value) throws MalformedJsonException {
    Object ref = field(value, "$dbPointer", "$ref");
    Object id = field(value, "$dbPointer", "$id");
    if (!(id instanceof ObjectIdValue)) {
      throw invalid("$dbPointer's $id must be an {\"$oid\": ...}");
    }
    Map<String, Object> pointer = new LinkedHashMap<>();
    pointer.put("$ref", text(ref, "$dbPointer's $ref"));
    pointer.put("$id", id);
    return pointer;
  }

  private static Object field(Object value, String wrapper, String name)
      throws MalformedJsonException {
    if (value instanceof Map<?, ?> map && map.containsKey(name)) {
      return map.get(name);
    }
    throw invalid(wrapper + " must be a document with a '" + name + "' field");
  }

  private static String text(Object value, String wrapper) throws MalformedJsonException {
    if (value instanceof String text) {
      return text;
    }
    throw invalid(wrapper + " must be text");
  }

  private static MalformedJsonException invalid(String problem) {
    return new MalformedJsonException("invalid Extended JSON: " + problem);
  }
}
