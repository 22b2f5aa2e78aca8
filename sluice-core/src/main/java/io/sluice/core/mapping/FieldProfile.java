package io.sluice.core.mapping;

import io.sluice.core.value.Values;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a sample says about one top-level field: the kinds of value it held (see {@link
 * Values#kindOf}), the kinds of the elements of its arrays, how often it was present, and the
 * values themselves, so a chosen type can be checked against every one of them.
 */
final class FieldProfile {

  final String name;
  final Set<String> kinds = new LinkedHashSet<>();
  final Set<String> elementKinds = new LinkedHashSet<>();
  final List<Object> values = new ArrayList<>();
  int present;

  FieldProfile(String name) {
    this.name = name;
  }

  void add(Object value) {
    if (value == null) {
      return;
    }
    present++;
    values.add(value);
    kinds.add(Values.kindOf(value));
    if (value instanceof List<?> array) {
      for (Object element : array) {
        elementKinds.add(element == null ? "null" : Values.kindOf(element));
      }
    }
  }

  /** Whether every value seen is an array. */
  boolean onlyArrays() {
    return kinds.equals(Set.of("array"));
  }

  /** Whether some array held documents or arrays. */
  boolean hasNestedElements() {
    return elementKinds.contains("document") || elementKinds.contains("array");
  }

  /** Profiles of the top-level fields of a sample, in order of first appearance. */
  static Map<String, FieldProfile> of(List<Map<String, Object>> records) {
    Map<String, FieldProfile> profiles = new java.util.LinkedHashMap<>();
    for (Map<String, Object> fields : records) {
      fields.forEach((name, value) -> profiles.computeIfAbsent(name, FieldProfile::new).add(value));
    }
    return profiles;
  }
}
