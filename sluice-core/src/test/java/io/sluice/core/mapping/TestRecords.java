package io.sluice.core.mapping;

import io.sluice.core.source.Record;
import io.sluice.core.source.SourcePosition;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds records and documents for tests from alternating keys and values. */
final class TestRecords {

  private TestRecords() {}

  static Record record(Object... keysAndValues) {
    return new Record(new SourcePosition("test.bson", 0, null), doc(keysAndValues), 0);
  }

  static Map<String, Object> doc(Object... keysAndValues) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      fields.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return fields;
  }
}
