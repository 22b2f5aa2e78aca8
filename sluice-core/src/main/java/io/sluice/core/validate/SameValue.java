package io.sluice.core.validate;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a source value and the value read back from the target are the same as Cassandra stores
 * them. Both are in the mapper's Java forms (a user-defined type as a map of field to value, a
 * tuple as a list). The rules:
 *
 * <ul>
 *   <li>null and an empty collection are the same: Cassandra does not tell them apart for
 *       non-frozen collections;
 *   <li>a user-defined type's absent field is the same as a null one;
 *   <li>NaN is the same as NaN, and -0.0 differs from 0.0 (both are stored as written);
 *   <li>decimals compare with their scale ({@code 1.0} differs from {@code 1.00}), as Cassandra
 *       keeps both;
 *   <li>sets and maps compare without regard to order; lists and tuples element by element.
 * </ul>
 */
final class SameValue {

  /** Sets larger than this compare by {@code equals} only, to keep the check linear. */
  private static final int DEEP_SET_LIMIT = 1_000;

  private SameValue() {}

  static boolean same(Object source, Object target) {
    // Equal values are the same under every rule below; most cells compared are, and this spares
    // them the type tests.
    if (source != null && source.equals(target)) {
      return true;
    }
    if (isEmpty(source) && isEmpty(target)) {
      return true;
    }
    if (source == null || target == null) {
      return false;
    }
    if (source instanceof Map<?, ?> a && target instanceof Map<?, ?> b) {
      return sameMaps(a, b);
    }
    if (source instanceof List<?> a && target instanceof List<?> b) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!same(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (source instanceof Set<?> a && target instanceof Set<?> b) {
      return sameSets(a, b);
    }
    // Double.equals and Float.equals hold NaN equal to NaN and -0.0 unequal to 0.0, as stored;
    // BigDecimal.equals compares the scale, which Cassandra keeps; ByteBuffer.equals the bytes.
    return source.equals(target);
  }

  private static boolean isEmpty(Object value) {
    return value == null
        || value instanceof Collection<?> c && c.isEmpty()
        || value instanceof Map<?, ?> m && m.isEmpty();
  }

  private static boolean sameMaps(Map<?, ?> a, Map<?, ?> b) {
    Set<Object> keys = new HashSet<>(a.keySet());
    keys.addAll(b.keySet());
    for (Object key : keys) {
      if (!same(a.get(key), b.get(key))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameSets(Set<?> a, Set<?> b) {
    if (a.size() != b.size()) {
      return false;
    }
    if (a.equals(b) || a.size() > DEEP_SET_LIMIT) {
      return a.equals(b);
    }
    // Elements that are user-defined type values may differ only in absent versus null fields.
    for (Object element : a) {
      if (b.stream().noneMatch(other -> same(element, other))) {
        return false;
      }
    }
    return true;
  }
}
