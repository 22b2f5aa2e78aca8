package io.sluice.core.validate;

import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.schema.CqlType;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Values in the mapper's Java forms (see {@link io.sluice.core.mapping.ValueConverter}) written as
 * CQL literals: {@code 'text'}, {@code 42}, {@code 0xcafe}, {@code ['a', 'b']}, {@code {f: 1}}.
 * They name rows in the differences file and in {@code DELETE} statements, so the same value always
 * gives the same text: set elements and map entries are sorted by their literal, and user-defined
 * type values list every field in declaration order, absent ones as {@code null}.
 */
public final class CqlLiterals {

  /** Longest value quoted in a difference; longer ones are cut and end with an ellipsis. */
  public static final int EXCERPT_LENGTH = 80;

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSX").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.nnnnnnnnn");

  private CqlLiterals() {}

  /** The value as a CQL literal of the given type; {@code null} gives {@code null}. */
  public static String of(Object value, CqlType type) {
    StringBuilder out = new StringBuilder();
    append(out, value, type);
    return out.toString();
  }

  /** {@link #of}, cut to {@link #EXCERPT_LENGTH} characters for a report. */
  public static String excerpt(Object value, CqlType type) {
    String text = of(value, type);
    return text.length() <= EXCERPT_LENGTH ? text : text.substring(0, EXCERPT_LENGTH - 1) + "…";
  }

  private static void append(StringBuilder out, Object value, CqlType type) {
    if (value == null) {
      out.append("null");
    } else if (type instanceof CqlType.UdtType udt && value instanceof Map<?, ?> fields) {
      appendUdt(out, udt, fields);
    } else if (type instanceof CqlType.TupleType tuple && value instanceof List<?> components) {
      out.append('(');
      for (int i = 0; i < components.size(); i++) {
        out.append(i == 0 ? "" : ", ");
        append(out, components.get(i), component(tuple, i));
      }
      out.append(')');
    } else if (value instanceof Map<?, ?> map) {
      CqlType keyType = type instanceof CqlType.MapType m ? m.key() : null;
      CqlType valueType = type instanceof CqlType.MapType m ? m.value() : null;
      List<String> entries = new ArrayList<>();
      map.forEach((k, v) -> entries.add(of(k, keyType) + ": " + of(v, valueType)));
      appendSorted(out, entries);
    } else if (value instanceof List<?> list) {
      CqlType element = type instanceof CqlType.ListType l ? l.element() : null;
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ", ");
        append(out, list.get(i), element);
      }
      out.append(']');
    } else if (value instanceof Collection<?> set) {
      CqlType element = type instanceof CqlType.SetType s ? s.element() : null;
      appendSorted(out, set.stream().map(e -> of(e, element)).toList());
    } else {
      out.append(scalar(value));
    }
  }

  private static void appendUdt(StringBuilder out, CqlType.UdtType udt, Map<?, ?> fields) {
    Map<String, CqlType> declared = udt.fields();
    Collection<?> names = declared.isEmpty() ? fields.keySet() : declared.keySet();
    out.append('{');
    boolean first = true;
    for (Object name : names) {
      out.append(first ? "" : ", ").append(CqlIdentifiers.quoteIfNeeded(name.toString()));
      out.append(": ");
      append(out, fields.get(name), declared.get(name.toString()));
      first = false;
    }
    out.append('}');
  }

  private static void appendSorted(StringBuilder out, List<String> literals) {
    out.append('{').append(String.join(", ", literals.stream().sorted().toList())).append('}');
  }

  private static CqlType component(CqlType.TupleType tuple, int i) {
    return i < tuple.components().size() ? tuple.components().get(i) : null;
  }

  private static String scalar(Object value) {
    if (value instanceof String text) {
      return quote(text);
    }
    if (value instanceof Instant instant) {
      return quote(TIMESTAMP.format(instant));
    }
    if (value instanceof LocalTime time) {
      return quote(TIME.format(time));
    }
    if (value instanceof LocalDate date) {
      return quote(date.toString());
    }
    if (value instanceof InetAddress address) {
      return quote(address.getHostAddress());
    }
    if (value instanceof ByteBuffer bytes) {
      ByteBuffer copy = bytes.duplicate();
      byte[] raw = new byte[copy.remaining()];
      copy.get(raw);
      return "0x" + HexFormat.of().formatHex(raw);
    }
    // Numbers, booleans and UUIDs print as CQL reads them, NaN and Infinity included.
    return value.toString();
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
