package io.sluice.core.mapping;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.BoundaryKey;
import io.sluice.core.value.JavaScriptValue;
import io.sluice.core.value.ObjectIdValue;
import io.sluice.core.value.OplogTimestampValue;
import io.sluice.core.value.RegexValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes values as JSON text, in a relaxed form of MongoDB's Extended JSON so that no type
 * information is lost: document keys keep their order, numbers are plain JSON numbers, and the
 * types JSON lacks are wrapped: {@code {"$oid": hex}}, {@code {"$date": ISO-8601}}, {@code
 * {"$uuid": canonical}}, {@code {"$numberDecimal": text}}, {@code {"$numberDouble": "NaN"}} (also
 * Infinity, -Infinity), {@code {"$binary": base64, "$type": two hex digits}}, {@code {"$regex":
 * pattern, "$options": letters}}, {@code {"$code": text}} (with {@code "$scope"} when it has one),
 * {@code {"$timestamp": {"t": seconds, "i": increment}}}, {@code {"$minKey": 1}}, {@code
 * {"$maxKey": 1}}. Dates and times of day without a zone ({@code LocalDate}, {@code LocalTime},
 * from Parquet) are ISO-8601 strings.
 */
final class JsonText {

  private static final JsonStringEncoder ENCODER = JsonStringEncoder.getInstance();

  private JsonText() {}

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    append(out, value);
    return out.toString();
  }

  static void append(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String text) {
      string(out, text);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        wrapped(out, "$numberDouble", d.toString());
      } else {
        out.append(d);
      }
    } else if (value instanceof Map<?, ?> document) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : document.entrySet()) {
        out.append(first ? "" : ",");
        string(out, String.valueOf(entry.getKey()));
        out.append(':');
        append(out, entry.getValue());
        first = false;
      }
      out.append('}');
    } else if (value instanceof List<?> array) {
      out.append('[');
      for (int i = 0; i < array.size(); i++) {
        out.append(i == 0 ? "" : ",");
        append(out, array.get(i));
      }
      out.append(']');
    } else {
      special(out, value);
    }
  }

  private static void special(StringBuilder out, Object value) {
    if (value instanceof ObjectIdValue id) {
      wrapped(out, "$oid", id.hex());
    } else if (value instanceof Instant instant) {
      wrapped(out, "$date", instant.toString());
    } else if (value instanceof UUID uuid) {
      wrapped(out, "$uuid", uuid.toString());
    } else if (value instanceof BigDecimal decimal) {
      wrapped(out, "$numberDecimal", decimal.toString());
    } else if (value instanceof BinaryValue binary) {
      out.append("{\"$binary\":");
      string(out, Base64.getEncoder().encodeToString(binary.data()));
      out.append(",\"$type\":");
      string(out, String.format("%02x", binary.subtype() & 0xFF));
      out.append('}');
    } else if (value instanceof RegexValue regex) {
      out.append("{\"$regex\":");
      string(out, regex.pattern());
      out.append(",\"$options\":");
      string(out, regex.options());
      out.append('}');
    } else if (value instanceof JavaScriptValue code) {
      out.append("{\"$code\":");
      string(out, code.code());
      if (code.scope() != null) {
        out.append(",\"$scope\":");
        append(out, code.scope());
      }
      out.append('}');
    } else if (value instanceof OplogTimestampValue timestamp) {
      out.append("{\"$timestamp\":{\"t\":")
          .append(timestamp.seconds() & 0xFFFFFFFFL)
          .append(",\"i\":")
          .append(timestamp.increment() & 0xFFFFFFFFL)
          .append("}}");
    } else if (value instanceof BoundaryKey key) {
      out.append(key == BoundaryKey.MIN_KEY ? "{\"$minKey\":1}" : "{\"$maxKey\":1}");
    } else {
      string(out, value.toString());
    }
  }

  private static void wrapped(StringBuilder out, String key, String text) {
    out.append("{\"").append(key).append("\":");
    string(out, text);
    out.append('}');
  }

  private static void string(StringBuilder out, String text) {
    out.append('"');
    ENCODER.quoteAsString(text, out);
    out.append('"');
  }
}
