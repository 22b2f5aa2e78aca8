package io.sluice.cli.difftest;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.GettableByIndex;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.protocol.internal.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A cell's value as text, two ways. {@link #strict} tells apart everything Cassandra stores
 * differently: a null field of a type or component of a tuple from an empty collection (the driver
 * reads both as an empty collection), and a value whose bytes the driver cannot give back (an
 * IPv4-mapped IPv6 address reads as an IPv4 one) shows its bytes. {@link #lenient} is how the
 * driver prints it (with the same bytes), where a missing collection and an empty one look alike.
 *
 * @param strict every stored difference shows
 * @param lenient a null collection inside a value prints as an empty one
 */
record CellText(String strict, String lenient) {

  static final String NULL = "NULL";

  /** Column {@code i} of the row; {@link #NULL} both ways for none. */
  static CellText of(CqlSession session, Row row, int i) {
    ByteBuffer bytes = row.getBytesUnsafe(i);
    if (bytes == null) {
      return new CellText(NULL, NULL);
    }
    DataType type = row.getColumnDefinitions().get(i).getType();
    TypeCodec<Object> codec = session.getContext().getCodecRegistry().codecFor(type);
    ProtocolVersion version = session.getContext().getProtocolVersion();
    Object value = codec.decode(bytes.duplicate(), version);
    String stored =
        bytes.equals(codec.encode(value, version))
            ? ""
            : " (stored as " + Bytes.toHexString(bytes) + ")";
    return new CellText(strict(session, type, value) + stored, codec.format(value) + stored);
  }

  /** Whether the value is an empty collection, as the driver prints it. */
  boolean emptyCollection() {
    return strict.equals("[]") || strict.equals("{}");
  }

  private static String strict(CqlSession session, DataType type, Object value) {
    if (value == null) {
      return NULL;
    }
    if (value instanceof UdtValue udt) {
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < udt.size(); i++) {
        fields.add(
            udt.getType().getFieldNames().get(i).asCql(true)
                + ":"
                + field(session, udt, udt.getType().getFieldTypes().get(i), i));
      }
      return "{" + String.join(",", fields) + "}";
    }
    if (value instanceof TupleValue tuple) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < tuple.size(); i++) {
        parts.add(field(session, tuple, tuple.getType().getComponentTypes().get(i), i));
      }
      return "(" + String.join(",", parts) + ")";
    }
    if (type instanceof MapType map) {
      List<String> entries = new ArrayList<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        entries.add(
            strict(session, map.getKeyType(), e.getKey())
                + ":"
                + strict(session, map.getValueType(), e.getValue()));
      }
      return "{" + String.join(",", entries) + "}";
    }
    if (type instanceof ListType || type instanceof SetType) {
      DataType elementType =
          type instanceof ListType list ? list.getElementType() : ((SetType) type).getElementType();
      List<String> elements = new ArrayList<>();
      for (Object element : (Collection<?>) value) {
        elements.add(strict(session, elementType, element));
      }
      return (type instanceof ListType ? "[" : "{")
          + String.join(",", elements)
          + (type instanceof ListType ? "]" : "}");
    }
    return session.getContext().getCodecRegistry().codecFor(type).format(value);
  }

  /** A field of a type, or a component of a tuple: {@link #NULL} when none is stored. */
  private static String field(CqlSession session, GettableByIndex value, DataType type, int i) {
    if (value.getBytesUnsafe(i) == null) {
      return NULL;
    }
    return strict(session, type, value.getObject(i));
  }
}
