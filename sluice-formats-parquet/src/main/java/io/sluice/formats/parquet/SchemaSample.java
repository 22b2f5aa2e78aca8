package io.sluice.formats.parquet;

import java.util.Map;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A row built from a schema alone, for {@code plan} to infer a mapping from a file that holds no
 * rows. Each field, repeated ones once, gets a zero physical value (0, false, zero bytes),
 * assembled by the same converters that read real rows, so every field holds a value of the kind
 * its real values would have: a DATE column a date, a LIST column a list of one element.
 */
final class SchemaSample {

  private static final int INT96_LENGTH = 12;

  private SchemaSample() {}

  static Map<String, Object> of(MessageType schema, boolean binaryAsString) {
    RowMaterializer rows = new RowMaterializer(schema, binaryAsString);
    GroupConverter root = rows.getRootConverter();
    root.start();
    feedFields(schema, root);
    root.end();
    return rows.getCurrentRecord();
  }

  private static void feedFields(GroupType type, GroupConverter converter) {
    for (int i = 0; i < type.getFieldCount(); i++) {
      feed(type.getType(i), converter.getConverter(i));
    }
  }

  private static void feed(Type type, Converter converter) {
    if (type.isPrimitive()) {
      feedZero(type.asPrimitiveType(), converter.asPrimitiveConverter());
      return;
    }
    GroupConverter group = converter.asGroupConverter();
    group.start();
    feedFields(type.asGroupType(), group);
    group.end();
  }

  private static void feedZero(PrimitiveType type, PrimitiveConverter converter) {
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> converter.addBoolean(false);
      case INT32 -> converter.addInt(1);
      case INT64 -> converter.addLong(1);
      case FLOAT -> converter.addFloat(0);
      case DOUBLE -> converter.addDouble(0);
      case INT96 -> {
        // Nanoseconds of the day first, little-endian: one nanosecond.
        byte[] time = new byte[INT96_LENGTH];
        time[0] = 1;
        converter.addBinary(Binary.fromConstantByteArray(time));
      }
      case FIXED_LEN_BYTE_ARRAY ->
          converter.addBinary(Binary.fromConstantByteArray(new byte[type.getTypeLength()]));
      case BINARY -> {
        // A decimal's unscaled value needs at least one byte; text and bytes may be empty.
        int length =
            type.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation ? 1 : 0;
        converter.addBinary(Binary.fromConstantByteArray(new byte[length]));
      }
    }
  }
}
