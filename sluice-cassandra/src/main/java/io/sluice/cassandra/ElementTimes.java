package io.sluice.cassandra;

import io.sluice.core.source.CellTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A set's or map's elements grouped by the (write time, expiry) its source gave each of them, as a
 * Cassandra 5.0 source does: what writing it element by element takes, a deletion of the collection
 * just before its oldest element, then each group added to it at its time. An element expired at
 * the moment of the write is left out.
 *
 * @param oldestMicros the oldest element's write time
 * @param parts each group's elements, a set or a map as the value is, by their write time and
 *     expiry (a {@link CellTime} without elements); empty when every element has expired
 */
record ElementTimes(long oldestMicros, Map<CellTime, Object> parts) {

  /** Whether {@code value} is a set or map whose every element has a time of its own. */
  static boolean apply(Object value, CellTime time) {
    if (time.elements().isEmpty()) {
      return false;
    }
    if (value instanceof Set<?> set) {
      return set.size() == time.elements().size();
    }
    return value instanceof Map<?, ?> map && map.size() == time.elements().size();
  }

  /**
   * The groups of {@code value}, a set or map that {@link #apply} accepted, for a write made at
   * {@code nowMillis}.
   */
  static ElementTimes of(Object value, CellTime time, long nowMillis) {
    List<Object> elements = new ArrayList<>();
    if (value instanceof Set<?> set) {
      elements.addAll(set);
    } else {
      elements.addAll(((Map<?, ?>) value).entrySet());
    }
    Map<CellTime, List<Object>> groups = new LinkedHashMap<>();
    long oldest = Long.MAX_VALUE;
    for (int i = 0; i < elements.size(); i++) {
      CellTime element = time.elements().get(i);
      oldest = Math.min(oldest, element.writetimeMicros());
      if (element.expiredAt(nowMillis)) {
        continue;
      }
      groups
          .computeIfAbsent(
              new CellTime(element.writetimeMicros(), element.expiresAtSecond(), List.of()),
              t -> new ArrayList<>())
          .add(elements.get(i));
    }
    Map<CellTime, Object> parts = new LinkedHashMap<>();
    groups.forEach(
        (group, members) ->
            parts.put(
                group, value instanceof Set<?> ? new LinkedHashSet<>(members) : map(members)));
    return new ElementTimes(oldest, parts);
  }

  private static Map<Object, Object> map(List<Object> entries) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (Object entry : entries) {
      Map.Entry<?, ?> e = (Map.Entry<?, ?>) entry;
      map.put(e.getKey(), e.getValue());
    }
    return map;
  }
}
