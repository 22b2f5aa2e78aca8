package io.sluice.cassandra;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One row's values by column name, held in an array whose slots every row of a query shares: a
 * target row read for validation fills arrays instead of building hash maps, one row at a time, a
 * million times. A slot holding null is absent. Read-only.
 */
final class SlotMap<V> extends AbstractMap<String, V> {

  private final Map<String, Integer> slots;
  private final Object[] values;

  /**
   * @param slots column name to its slot in {@code values}, the same for every row
   * @param values the row's values, by slot; the map reads them as they are, without a copy
   */
  SlotMap(Map<String, Integer> slots, Object[] values) {
    this.slots = slots;
    this.values = values;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    Integer slot = slots.get(key);
    return slot == null ? null : (V) values[slot];
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public Set<Entry<String, V>> entrySet() {
    List<Entry<String, V>> entries = new ArrayList<>(slots.size());
    for (Entry<String, Integer> slot : slots.entrySet()) {
      @SuppressWarnings("unchecked")
      V value = (V) values[slot.getValue()];
      if (value != null) {
        entries.add(new SimpleImmutableEntry<>(slot.getKey(), value));
      }
    }
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, V>> iterator() {
        return entries.iterator();
      }

      @Override
      public int size() {
        return entries.size();
      }
    };
  }
}
