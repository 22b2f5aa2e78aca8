package io.sluice.formats.parquet;

import io.sluice.core.value.BinaryValue;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Turns the values of one primitive column into Sluice values (see {@link PrimitiveDecoders}) and
 * hands them to its {@link ValueSink}. A dictionary-encoded column has its dictionary decoded once.
 * An invalid value is reported to {@link RowProblems} and passed on as null.
 */
final class PrimitiveValueConverter extends PrimitiveConverter {

  /** A dictionary entry that cannot be decoded; rows using it report the reason. */
  private record Invalid(String reason) {}

  private final PrimitiveType type;
  private final String path;
  private final ValueSink sink;
  private final RowProblems problems;
  private final PrimitiveDecoders.IntDecoder int32;
  private final PrimitiveDecoders.LongDecoder int64;
  private final PrimitiveDecoders.BinaryDecoder binary;
  private Object[] dictionary;

  PrimitiveValueConverter(PrimitiveType type, String path, ValueSink sink, DecodeOptions options) {
    this.type = type;
    this.path = path;
    this.sink = sink;
    this.problems = options.problems();
    this.int32 = PrimitiveDecoders.int32(type);
    this.int64 = PrimitiveDecoders.int64(type);
    this.binary = PrimitiveDecoders.binary(type, options.binaryAsString());
  }

  @Override
  public void addBoolean(boolean value) {
    sink.accept(value);
  }

  @Override
  public void addInt(int value) {
    try {
      sink.accept(int32.decode(value));
    } catch (InvalidValueException e) {
      invalid(e.getMessage());
    }
  }

  @Override
  public void addLong(long value) {
    try {
      sink.accept(int64.decode(value));
    } catch (InvalidValueException e) {
      invalid(e.getMessage());
    }
  }

  /** Every float is exactly a double, so FLOAT columns give {@link Double}s of the same value. */
  @Override
  public void addFloat(float value) {
    sink.accept((double) value);
  }

  @Override
  public void addDouble(double value) {
    sink.accept(value);
  }

  @Override
  public void addBinary(Binary value) {
    try {
      sink.accept(binary.decode(value));
    } catch (InvalidValueException e) {
      invalid(e.getMessage());
    }
  }

  @Override
  public boolean hasDictionarySupport() {
    return true;
  }

  @Override
  public void setDictionary(Dictionary entries) {
    dictionary = new Object[entries.getMaxId() + 1];
    for (int id = 0; id < dictionary.length; id++) {
      try {
        dictionary[id] = decodeEntry(entries, id);
      } catch (InvalidValueException e) {
        dictionary[id] = new Invalid(e.getMessage());
      }
    }
  }

  private Object decodeEntry(Dictionary entries, int id) {
    return switch (type.getPrimitiveTypeName()) {
      case INT32 -> int32.decode(entries.decodeToInt(id));
      case INT64 -> int64.decode(entries.decodeToLong(id));
      case FLOAT -> (double) entries.decodeToFloat(id);
      case DOUBLE -> entries.decodeToDouble(id);
      case BOOLEAN -> entries.decodeToBoolean(id);
      case BINARY, FIXED_LEN_BYTE_ARRAY, INT96 -> binary.decode(entries.decodeToBinary(id));
    };
  }

  @Override
  public void addValueFromDictionary(int id) {
    Object value = dictionary[id];
    if (value instanceof Invalid invalid) {
      invalid(invalid.reason());
    } else if (value instanceof BinaryValue bytes) {
      sink.accept(new BinaryValue(bytes.subtype(), bytes.data().clone()));
    } else if (value instanceof Map<?, ?> map) {
      sink.accept(new LinkedHashMap<>(map));
    } else {
      sink.accept(value);
    }
  }

  private void invalid(String reason) {
    problems.report(path, reason);
    sink.accept(null);
  }
}
