package io.sluice.formats.parquet;

import org.apache.parquet.io.api.Converter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.Type;

/**
 * Picks the converter for a Parquet field by its shape: a primitive column, a LIST, a MAP, or any
 * other group as a struct. A LIST or MAP annotation on a group that does not have the shape the
 * format requires is ignored, and the group read as a struct, so no data is hidden.
 */
final class Converters {

  private Converters() {}

  /**
   * The converter for one value of {@code type}, whatever its repetition: callers that see a
   * repeated field collect its values into a list themselves.
   *
   * @param path the field's dotted path, for problem reports
   */
  static Converter forType(Type type, String path, ValueSink sink, DecodeOptions options) {
    if (type.isPrimitive()) {
      return new PrimitiveValueConverter(type.asPrimitiveType(), path, sink, options);
    }
    GroupType group = type.asGroupType();
    LogicalTypeAnnotation logical = group.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
        && ListConverter.fits(group)) {
      return new ListConverter(group, path, sink, options);
    }
    if ((logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation)
        && MapConverter.fits(group)) {
      return new MapConverter(group, path, sink, options);
    }
    return new StructConverter(group, path, sink, options);
  }

  /** A child's path: {@code parent.name}, or {@code name} at the top. */
  static String child(String parent, String name) {
    return parent.isEmpty() ? name : parent + "." + name;
  }
}
