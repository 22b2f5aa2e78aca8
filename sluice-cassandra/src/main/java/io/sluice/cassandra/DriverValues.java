package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.sluice.core.value.DurationValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the mapper's values into what the driver's codecs take, and values read with the driver
 * back into the mapper's forms. They match already except for user-defined types (a map of field
 * name to value, or a {@link UdtValue}), tuples (a list, or a {@link TupleValue}), vectors (a list,
 * or a {@link CqlVector}) and durations (a {@link DurationValue}, or a {@link CqlDuration}), also
 * when nested in collections.
 */
final class DriverValues {

  private DriverValues() {}

  /** Whether values of this type need converting at all (the common case is no). */
  static boolean needsConversion(DataType type) {
    if (type instanceof UserDefinedType
        || type instanceof TupleType
        || type instanceof VectorType
        || type.equals(DataTypes.DURATION)) {
      return true;
    }
    if (type instanceof ListType list) {
      return needsConversion(list.getElementType());
    }
    if (type instanceof SetType set) {
      return needsConversion(set.getElementType());
    }
    if (type instanceof MapType map) {
      return needsConversion(map.getKeyType()) || needsConversion(map.getValueType());
    }
    return false;
  }

  static Object toDriver(Object value, DataType type) {
    if (value == null) {
      return null;
    }
    if (type instanceof UserDefinedType udt && value instanceof Map<?, ?> fields) {
      UdtValue result = udt.newValue();
      for (Map.Entry<?, ?> field : fields.entrySet()) {
        CqlIdentifier name = CqlIdentifier.fromInternal(field.getKey().toString());
        DataType fieldType = udt.getFieldTypes().get(udt.firstIndexOf(name));
        result = result.set(name, toDriver(field.getValue(), fieldType), codec(fieldType));
      }
      return result;
    }
    if (value instanceof DurationValue duration) {
      return CqlDuration.newInstance(duration.months(), duration.days(), duration.nanoseconds());
    }
    if (type instanceof VectorType vector && value instanceof List<?> elements) {
      List<Object> result = new ArrayList<>(elements.size());
      elements.forEach(e -> result.add(toDriver(e, vector.getElementType())));
      return CqlVector.newInstance(result);
    }
    if (type instanceof TupleType tuple && value instanceof List<?> components) {
      TupleValue result = tuple.newValue();
      for (int i = 0; i < components.size(); i++) {
        DataType componentType = tuple.getComponentTypes().get(i);
        result = result.set(i, toDriver(components.get(i), componentType), codec(componentType));
      }
      return result;
    }
    if (type instanceof ListType list && value instanceof List<?> elements) {
      List<Object> result = new ArrayList<>(elements.size());
      elements.forEach(e -> result.add(toDriver(e, list.getElementType())));
      return result;
    }
    if (type instanceof SetType set && value instanceof Set<?> elements) {
      Set<Object> result = new LinkedHashSet<>();
      elements.forEach(e -> result.add(toDriver(e, set.getElementType())));
      return result;
    }
    if (type instanceof MapType map && value instanceof Map<?, ?> entries) {
      Map<Object, Object> result = new LinkedHashMap<>();
      entries.forEach(
          (k, v) -> result.put(toDriver(k, map.getKeyType()), toDriver(v, map.getValueType())));
      return result;
    }
    return value;
  }

  /**
   * A value read with the driver's default codec, in the mapper's Java forms: a {@link UdtValue}
   * becomes a map of field name to value (every field, null or not), a {@link TupleValue} or a
   * {@link CqlVector} a list, a {@link CqlDuration} a {@link DurationValue}.
   */
  static Object fromDriver(Object value, DataType type) {
    if (value == null || !needsConversion(type)) {
      return value;
    }
    if (type instanceof UserDefinedType udt && value instanceof UdtValue fields) {
      Map<String, Object> result = new LinkedHashMap<>();
      for (int i = 0; i < udt.getFieldNames().size(); i++) {
        DataType fieldType = udt.getFieldTypes().get(i);
        result.put(
            udt.getFieldNames().get(i).asInternal(),
            fromDriver(fields.get(i, codec(fieldType)), fieldType));
      }
      return result;
    }
    if (value instanceof CqlDuration duration) {
      return new DurationValue(duration.getMonths(), duration.getDays(), duration.getNanoseconds());
    }
    if (type instanceof VectorType vector && value instanceof CqlVector<?> elements) {
      List<Object> result = new ArrayList<>(elements.size());
      elements.forEach(e -> result.add(fromDriver(e, vector.getElementType())));
      return result;
    }
    if (type instanceof TupleType tuple && value instanceof TupleValue components) {
      List<Object> result = new ArrayList<>();
      for (int i = 0; i < tuple.getComponentTypes().size(); i++) {
        DataType componentType = tuple.getComponentTypes().get(i);
        result.add(fromDriver(components.get(i, codec(componentType)), componentType));
      }
      return result;
    }
    if (type instanceof ListType list && value instanceof List<?> elements) {
      List<Object> result = new ArrayList<>(elements.size());
      elements.forEach(e -> result.add(fromDriver(e, list.getElementType())));
      return result;
    }
    if (type instanceof SetType set && value instanceof Set<?> elements) {
      Set<Object> result = new LinkedHashSet<>();
      elements.forEach(e -> result.add(fromDriver(e, set.getElementType())));
      return result;
    }
    if (type instanceof MapType map && value instanceof Map<?, ?> entries) {
      Map<Object, Object> result = new LinkedHashMap<>();
      entries.forEach(
          (k, v) -> result.put(fromDriver(k, map.getKeyType()), fromDriver(v, map.getValueType())));
      return result;
    }
    return value;
  }

  /** Whether a column of this type keeps one cell per element, with no single writetime. */
  static boolean multiCell(DataType type) {
    return type instanceof ListType list && !list.isFrozen()
        || type instanceof SetType set && !set.isFrozen()
        || type instanceof MapType map && !map.isFrozen()
        || type instanceof UserDefinedType udt && !udt.isFrozen();
  }

  /**
   * The codec of {@code type}: the driver's, except that addresses, also inside collections, keep
   * their bytes ({@link ExactInetCodec}); a tuple's or user-defined type's components are decoded
   * through this method again, by whoever reads them.
   */
  @SuppressWarnings("unchecked")
  static TypeCodec<Object> codec(DataType type) {
    if (!holdsInet(type)) {
      return CodecRegistry.DEFAULT.codecFor(type);
    }
    TypeCodec<?> codec;
    if (type.equals(DataTypes.INET)) {
      codec = ExactInetCodec.INSTANCE;
    } else if (type instanceof ListType list) {
      codec = TypeCodecs.listOf(codec(list.getElementType()));
    } else if (type instanceof SetType set) {
      codec = TypeCodecs.setOf(codec(set.getElementType()));
    } else if (type instanceof VectorType vector) {
      codec = TypeCodecs.vectorOf(vector, codec(vector.getElementType()));
    } else {
      MapType map = (MapType) type;
      codec = TypeCodecs.mapOf(codec(map.getKeyType()), codec(map.getValueType()));
    }
    return (TypeCodec<Object>) codec;
  }

  /**
   * Whether values of {@code type} hold addresses outside a tuple or user-defined type (in a
   * collection or a vector).
   */
  private static boolean holdsInet(DataType type) {
    if (type instanceof ListType list) {
      return holdsInet(list.getElementType());
    }
    if (type instanceof SetType set) {
      return holdsInet(set.getElementType());
    }
    if (type instanceof MapType map) {
      return holdsInet(map.getKeyType()) || holdsInet(map.getValueType());
    }
    if (type instanceof VectorType vector) {
      return holdsInet(vector.getElementType());
    }
    return type.equals(DataTypes.INET);
  }
}
