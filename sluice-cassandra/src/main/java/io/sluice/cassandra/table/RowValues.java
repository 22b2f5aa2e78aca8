package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import io.sluice.cassandra.ColumnDecoders;
import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.DurationValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns values the driver read into Sluice's value model ({@link io.sluice.core.value.Values}), so
 * that a table row maps like any other record: smallint and tinyint become int32, float a double
 * (exactly), varint a decimal, blob binary, sets and lists arrays, tuples arrays of their
 * components, user-defined types documents, and a map a map of the same model, keys included: its
 * keys keep their kind (a blob key stays binary, a float key the double it equals, a frozen
 * collection or tuple key an array), so that the mapper converts each back to the key type exactly.
 * A component or field that holds nothing is null, also where the driver would read an empty
 * collection: a frozen collection is a value even when empty, so none and empty differ. An address
 * stays an {@link java.net.InetAddress} with its own bytes (an IPv4-mapped IPv6 address is not an
 * IPv4 one), which the mapper takes as it is. A vector becomes an array of its elements, a duration
 * a {@link DurationValue} of its three parts.
 */
final class RowValues {

  private RowValues() {}

  static Object toValue(Object value) {
    // The common kinds first, as they are: this runs for every cell read.
    if (value == null
        || value instanceof String
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Short || value instanceof Byte) {
      return ((Number) value).intValue();
    }
    if (value instanceof Float f) {
      return f.doubleValue();
    }
    if (value instanceof BigInteger integer) {
      return new BigDecimal(integer);
    }
    if (value instanceof ByteBuffer bytes) {
      byte[] copy = new byte[bytes.remaining()];
      bytes.duplicate().get(copy);
      return new BinaryValue((byte) 0, copy);
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> entries = new LinkedHashMap<>();
      map.forEach((key, element) -> entries.put(toValue(key), toValue(element)));
      return entries;
    }
    if (value instanceof Collection<?> elements) {
      List<Object> array = new ArrayList<>(elements.size());
      elements.forEach(element -> array.add(toValue(element)));
      return array;
    }
    if (value instanceof TupleValue tuple) {
      List<Object> array = new ArrayList<>(tuple.size());
      for (int i = 0; i < tuple.size(); i++) {
        array.add(
            toValue(
                ColumnDecoders.component(tuple, i, tuple.getType().getComponentTypes().get(i))));
      }
      return array;
    }
    if (value instanceof UdtValue udt) {
      Map<String, Object> document = new LinkedHashMap<>();
      for (int i = 0; i < udt.size(); i++) {
        document.put(
            udt.getType().getFieldNames().get(i).asInternal(),
            toValue(ColumnDecoders.component(udt, i, udt.getType().getFieldTypes().get(i))));
      }
      return document;
    }
    if (value instanceof CqlDuration duration) {
      return new DurationValue(duration.getMonths(), duration.getDays(), duration.getNanoseconds());
    }
    if (value instanceof CqlVector<?> vector) {
      List<Object> array = new ArrayList<>(vector.size());
      vector.forEach(element -> array.add(toValue(element)));
      return array;
    }
    return value;
  }
}
