package io.sluice.cassandra;

import io.sluice.core.source.CellTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A non-frozen collection's elements by the (write time, expiry) its source gave each of them, as a
 * Cassandra 5.0 source does: what writing it element by element takes, a deletion of the collection
 * just before its oldest element, then each part added to it at its time. A set's or map's elements
 * are grouped by time, one part each; a list's are cut where the time changes, so that the parts,
 * appended in order, keep the list's order. An element expired at the moment of the write is left
 * out.
 *
 * @param oldestMicros the oldest element's write time
 * @param parts the elements, a set, map or list as the value is, each part at one write time and
 *     expiry; empty when every element has expired
 */
record ElementTimes(long oldestMicros, List<Part> parts) {

  /**
   * Elements written together.
   *
   * @param time their write time and expiry (a {@link CellTime} without elements)
   * @param value a set, map or list of them
   */
  record Part(CellTime time, Object value) {}

  /** Whether {@code value} is a set, map or list whose every element has a time of its own. */
  static boolean apply(Object value, CellTime time) {
    int count = time.elements().size();
    if (count == 0) {
      return false;
    }
    if (value instanceof Set<?> set) {
      return set.size() == count;
    }
    if (value instanceof List<?> list) {
      return list.size() == count;
    }
    return value instanceof Map<?, ?> map && map.size() == count;
  }

  /**
   * The parts of {@code value}, a set, map or list that {@link #apply} accepted, for a write made
   * at {@code nowMillis}.
   */
  static ElementTimes of(Object value, CellTime time, long nowMillis) {
    List<Object> elements = new ArrayList<>();
    if (value instanceof Map<?, ?> map) {
      elements.addAll(map.entrySet());
    } else {
      elements.addAll((Collection<?>) value);
    }
    long oldest = Long.MAX_VALUE;
    for (CellTime element : time.elements()) {
      oldest = Math.min(oldest, element.writetimeMicros());
    }
    List<Part> parts = new ArrayList<>();
    if (value instanceof List<?>) {
      List<Object> run = new ArrayList<>();
      CellTime runTime = null;
      for (int i = 0; i < elements.size(); i++) {
        CellTime element = time.elements().get(i);
        if (element.expiredAt(nowMillis)) {
          continue;
        }
        CellTime at = timeOf(element);
        if (!at.equals(runTime) && !run.isEmpty()) {
          parts.add(new Part(runTime, List.copyOf(run)));
          run.clear();
        }
        runTime = at;
        run.add(elements.get(i));
      }
      if (!run.isEmpty()) {
        parts.add(new Part(runTime, List.copyOf(run)));
      }
      return new ElementTimes(oldest, parts);
    }
    Map<CellTime, List<Object>> groups = new LinkedHashMap<>();
    for (int i = 0; i < elements.size(); i++) {
      CellTime element = time.elements().get(i);
      if (!element.expiredAt(nowMillis)) {
        groups.computeIfAbsent(timeOf(element), t -> new ArrayList<>()).add(elements.get(i));
      }
    }
    groups.forEach(
        (group, members) ->
            parts.add(
                new Part(
                    group, value instanceof Set<?> ? new LinkedHashSet<>(members) : map(members))));
    return new ElementTimes(oldest, parts);
  }

  private static CellTime timeOf(CellTime element) {
    return new CellTime(element.writetimeMicros(), element.expiresAtSecond(), List.of());
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
