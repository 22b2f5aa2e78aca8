package io.sluice.formats.parquet;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * A MAP (or legacy MAP_KEY_VALUE) group as a {@code LinkedHashMap} in file order: {@code group
 * (MAP) { repeated group key_value { required K key; optional V value } }}, key and value found by
 * position. Keys become text (see {@link MapKeys}). A null key, or two keys with the same text,
 * makes the row malformed rather than drop an entry.
 */
final class MapConverter extends GroupConverter {

  private final String path;
  private final RowProblems problems;
  private final Converter entries;
  private final ValueSink sink;
  private Map<String, Object> current;

  /** Whether {@code group} has a MAP's shape: one repeated group of a key and maybe a value. */
  static boolean fits(GroupType group) {
    if (group.getFieldCount() != 1) {
      return false;
    }
    Type entry = group.getType(0);
    return !entry.isPrimitive()
        && entry.isRepetition(Type.Repetition.REPEATED)
        && entry.asGroupType().getFieldCount() >= 1
        && entry.asGroupType().getFieldCount() <= 2;
  }

  MapConverter(GroupType map, String path, ValueSink sink, DecodeOptions options) {
    this.path = path;
    this.problems = options.problems();
    this.sink = sink;
    this.entries = new EntryConverter(map.getType(0).asGroupType(), path, options);
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return entries;
  }

  @Override
  public void start() {
    current = new LinkedHashMap<>();
  }

  @Override
  public void end() {
    sink.accept(current);
  }

  private void put(Object key, Object value) {
    if (key == null) {
      problems.report(path, "has a null map key");
      return;
    }
    String text = MapKeys.text(key);
    if (current.containsKey(text)) {
      problems.report(path, "has two map keys with the same text");
      return;
    }
    current.put(text, value);
  }

  private final class EntryConverter extends GroupConverter {

    private final Converter key;
    private final Converter value;
    private Object currentKey;
    private Object currentValue;

    EntryConverter(GroupType entry, String path, DecodeOptions options) {
      this.key =
          Converters.forType(
              entry.getType(0), Converters.child(path, "key"), k -> currentKey = k, options);
      this.value =
          entry.getFieldCount() < 2
              ? null
              : Converters.forType(
                  entry.getType(1),
                  Converters.child(path, "value"),
                  v -> currentValue = v,
                  options);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fieldIndex == 0 ? key : value;
    }

    @Override
    public void start() {
      currentKey = null;
      currentValue = null;
    }

    @Override
    public void end() {
      put(currentKey, currentValue);
    }
  }
}
