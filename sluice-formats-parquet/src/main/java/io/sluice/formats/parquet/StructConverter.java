package io.sluice.formats.parquet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * A group as a {@code LinkedHashMap} of every field in schema order: absent optional fields are
 * null, and a repeated field without a LIST annotation is a list (empty when it has no values).
 */
final class StructConverter extends GroupConverter {

  private final String[] names;
  private final boolean[] repeated;
  private final Converter[] children;
  private final ValueSink sink;
  private LinkedHashMap<String, Object> current;

  StructConverter(GroupType type, String path, ValueSink sink, DecodeOptions options) {
    this.sink = sink;
    int count = type.getFieldCount();
    this.names = new String[count];
    this.repeated = new boolean[count];
    this.children = new Converter[count];
    for (int i = 0; i < count; i++) {
      Type field = type.getType(i);
      String name = field.getName();
      String childPath = Converters.child(path, name);
      names[i] = name;
      repeated[i] = field.isRepetition(Type.Repetition.REPEATED);
      ValueSink into = repeated[i] ? value -> listOf(name).add(value) : value -> put(name, value);
      children[i] =
          Converters.forType(field, repeated[i] ? childPath + "[]" : childPath, into, options);
    }
  }

  private void put(String name, Object value) {
    current.put(name, value);
  }

  @SuppressWarnings("unchecked")
  private List<Object> listOf(String name) {
    return (List<Object>) current.get(name);
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {
    current = new LinkedHashMap<>(names.length * 4 / 3 + 1);
    for (int i = 0; i < names.length; i++) {
      current.put(names[i], repeated[i] ? new ArrayList<>() : null);
    }
  }

  @Override
  public void end() {
    sink.accept(current);
  }
}
