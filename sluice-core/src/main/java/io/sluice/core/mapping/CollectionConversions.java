package io.sluice.core.mapping;

import io.sluice.core.schema.CqlIdentifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Conversions to CQL collections, tuples and user-defined types, built from the converters of their
 * parts. Arrays become lists, sets and tuples; documents become maps and UDT values. CQL
 * collections cannot hold null, and a set or map whose converted elements or keys repeat would lose
 * some: both fail rather than drop data.
 */
final class CollectionConversions {

  private CollectionConversions() {}

  static ValueConverter list(ValueConverter element, String target) {
    return value -> {
      List<?> array = arrayOf(value, target);
      List<Object> result = new ArrayList<>(array.size());
      for (int i = 0; i < array.size(); i++) {
        result.add(element(element, array.get(i), i, target));
      }
      return result;
    };
  }

  static ValueConverter set(ValueConverter element, String target) {
    return value -> {
      List<?> array = arrayOf(value, target);
      Set<Object> result = new LinkedHashSet<>(Math.max(16, array.size() * 2));
      for (int i = 0; i < array.size(); i++) {
        if (!result.add(element(element, array.get(i), i, target))) {
          throw new ConversionException(
              "element " + i + " repeats an earlier one, so " + target + " would drop it",
              array.get(i));
        }
      }
      return result;
    };
  }

  static ValueConverter map(ValueConverter key, ValueConverter entry, String target) {
    return value -> {
      Map<?, ?> document = documentOf(value, target);
      Map<Object, Object> result = new LinkedHashMap<>(Math.max(16, document.size() * 2));
      for (Map.Entry<?, ?> e : document.entrySet()) {
        String where = "key '" + Excerpts.shorten(String.valueOf(e.getKey())) + "'";
        Object k;
        try {
          k = key.convert(e.getKey());
        } catch (ConversionException failure) {
          throw failure.within(where);
        }
        if (e.getValue() == null) {
          throw new ConversionException(where + ": " + target + " cannot hold null values", null);
        }
        Object v;
        try {
          v = entry.convert(e.getValue());
        } catch (ConversionException failure) {
          throw failure.within(where);
        }
        if (result.put(k, v) != null) {
          throw new ConversionException(where + " repeats an earlier key after conversion", null);
        }
      }
      return result;
    };
  }

  static ValueConverter tuple(List<ValueConverter> components, String target) {
    return value -> {
      List<?> array = arrayOf(value, target);
      if (array.size() != components.size()) {
        throw ConversionException.cannot(
            value, target, "it has " + array.size() + " elements, not " + components.size());
      }
      List<Object> result = new ArrayList<>(array.size());
      for (int i = 0; i < array.size(); i++) {
        try {
          result.add(components.get(i).convert(array.get(i)));
        } catch (ConversionException failure) {
          throw failure.within("element " + i);
        }
      }
      return result;
    };
  }

  /**
   * A vector as a list of exactly {@code dimension} converted elements; an array of another length
   * or with a null element fails, as Cassandra would refuse it.
   */
  static ValueConverter vector(ValueConverter element, int dimension, String target) {
    return value -> {
      List<?> array = arrayOf(value, target);
      if (array.size() != dimension) {
        throw ConversionException.cannot(
            value, target, "it has " + array.size() + " elements, not " + dimension);
      }
      List<Object> result = new ArrayList<>(dimension);
      for (int i = 0; i < dimension; i++) {
        result.add(element(element, array.get(i), i, target));
      }
      return result;
    };
  }

  /**
   * A UDT value as a map of field name to converted value. Document keys match fields by exact
   * name, else by {@link CqlIdentifiers#toColumnName}; unmatched keys fail unless ignored.
   */
  static ValueConverter udt(
      Map<String, ValueConverter> fields, boolean ignoreExtra, String target) {
    Map<String, String> keyToField = new ConcurrentHashMap<>();
    return value -> {
      Map<?, ?> document = documentOf(value, target);
      Map<String, Object> result = new LinkedHashMap<>(Math.max(16, fields.size() * 2));
      for (Map.Entry<?, ?> e : document.entrySet()) {
        String key = String.valueOf(e.getKey());
        String field = fields.containsKey(key) ? key : fieldFor(key, fields, keyToField);
        String where = "key '" + Excerpts.shorten(key) + "'";
        if (field == null) {
          if (ignoreExtra) {
            continue;
          }
          throw new ConversionException(
              where + " has no field in " + target + " (fields " + fields.keySet() + ")", null);
        }
        if (result.containsKey(field)) {
          throw new ConversionException(where + " fills field " + field + " a second time", null);
        }
        try {
          result.put(field, fields.get(field).convert(e.getValue()));
        } catch (ConversionException failure) {
          throw failure.within(where);
        }
      }
      return result;
    };
  }

  private static String fieldFor(
      String key, Map<String, ValueConverter> fields, Map<String, String> cache) {
    String cached = cache.get(key);
    if (cached != null) {
      return cached.isEmpty() ? null : cached;
    }
    String name = CqlIdentifiers.toColumnName(key);
    String field = fields.containsKey(name) ? name : null;
    if (cache.size() < 10_000) {
      cache.put(key, field == null ? "" : field);
    }
    return field;
  }

  private static Object element(ValueConverter element, Object value, int index, String target)
      throws ConversionException {
    if (value == null) {
      throw new ConversionException(
          "element " + index + " is null, which " + target + " cannot hold", null);
    }
    try {
      return element.convert(value);
    } catch (ConversionException failure) {
      throw failure.within("element " + index);
    }
  }

  private static List<?> arrayOf(Object value, String target) throws ConversionException {
    if (value instanceof List<?> array) {
      return array;
    }
    throw ConversionException.cannot(value, target, null);
  }

  private static Map<?, ?> documentOf(Object value, String target) throws ConversionException {
    if (value instanceof Map<?, ?> document) {
      return document;
    }
    throw ConversionException.cannot(value, target, null);
  }
}
