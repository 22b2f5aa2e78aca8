package io.sluice.formats.parquet;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * A LIST-annotated group as a {@code List}, in the standard three-level form ({@code group (LIST) {
 * repeated group list { optional T element } }}, null elements kept) and in the legacy two-level
 * forms, told apart by the format's backward-compatibility rules: the repeated field is itself the
 * element when it is primitive, has several fields, or is named {@code array} or {@code
 * <list>_tuple}.
 */
final class ListConverter extends GroupConverter {

  private final Converter child;
  private final ValueSink sink;
  private List<Object> current;

  /** Whether {@code group} has a LIST's shape: one repeated field. */
  static boolean fits(GroupType group) {
    return group.getFieldCount() == 1 && group.getType(0).isRepetition(Type.Repetition.REPEATED);
  }

  ListConverter(GroupType list, String path, ValueSink sink, DecodeOptions options) {
    this.sink = sink;
    Type repeated = list.getType(0);
    String elementPath = path + "[]";
    ValueSink add = value -> current.add(value);
    this.child =
        isElement(repeated, list.getName())
            ? Converters.forType(repeated, elementPath, add, options)
            : new ElementConverter(repeated.asGroupType(), elementPath, add, options);
  }

  /** The backward-compatibility rules of the Parquet format's LIST type. */
  static boolean isElement(Type repeated, String listName) {
    if (repeated.isPrimitive()) {
      return true;
    }
    GroupType group = repeated.asGroupType();
    return group.getFieldCount() != 1
        || group.getName().equals("array")
        || group.getName().equals(listName + "_tuple");
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return child;
  }

  @Override
  public void start() {
    current = new ArrayList<>();
  }

  @Override
  public void end() {
    sink.accept(current);
  }

  /** The middle level of a three-level list: one element per repetition, null when absent. */
  private static final class ElementConverter extends GroupConverter {

    private final Converter element;
    private final ValueSink sink;
    private Object value;

    ElementConverter(GroupType repeated, String path, ValueSink sink, DecodeOptions options) {
      this.sink = sink;
      this.element = Converters.forType(repeated.getType(0), path, v -> value = v, options);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return element;
    }

    @Override
    public void start() {
      value = null;
    }

    @Override
    public void end() {
      sink.accept(value);
    }
  }
}
