package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.sluice.core.source.CellTime;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A non-frozen user-defined type's fields by the (write time, expiry) its source gave each of them,
 * as a Cassandra 5.0 source does: what writing it field by field takes, a deletion of the value
 * just before its oldest field (as a whole-value write makes one just before its own time), then
 * each field set at its own time ({@code SET u.f = ?}), which a retry repeats harmlessly. A field
 * the value does not hold, or that has expired at the moment of the write, is left out.
 *
 * @param oldestMicros the oldest field's write time
 * @param fields the fields to set, in the type's order; empty when every field the value holds has
 *     expired, or it holds none
 * @param someExpired whether a field the value holds has expired
 */
record FieldTimes(long oldestMicros, List<Field> fields, boolean someExpired) {

  /**
   * One field to set.
   *
   * @param index its position in the type
   * @param time its write time and expiry (a {@link CellTime} without elements)
   * @param value its value in the CQL native protocol's form
   */
  record Field(int index, CellTime time, ByteBuffer value) {}

  /** Whether {@code time} gives each field of a value of {@code type} its own time. */
  static boolean apply(UserDefinedType type, CellTime time) {
    return !type.isFrozen() && time.elements().size() == type.getFieldTypes().size();
  }

  /**
   * The fields of {@code value} (the mapper's map of field name to value, or a {@link UdtValue}),
   * of a type and time that {@link #apply} accepted, for a write made at {@code nowMillis}.
   */
  static FieldTimes of(UserDefinedType type, Object value, CellTime time, long nowMillis) {
    UdtValue udt =
        value instanceof UdtValue given ? given : (UdtValue) DriverValues.toDriver(value, type);
    long oldest = Long.MAX_VALUE;
    List<Field> fields = new ArrayList<>();
    boolean someExpired = false;
    for (int i = 0; i < type.getFieldTypes().size(); i++) {
      ByteBuffer bytes = udt.getBytesUnsafe(i);
      if (bytes == null) {
        continue;
      }
      CellTime field = time.elements().get(i);
      oldest = Math.min(oldest, field.writetimeMicros());
      if (field.expiredAt(nowMillis)) {
        someExpired = true;
      } else {
        fields.add(
            new Field(
                i,
                new CellTime(field.writetimeMicros(), field.expiresAtSecond(), List.of()),
                bytes));
      }
    }
    return new FieldTimes(
        oldest == Long.MAX_VALUE ? time.writetimeMicros() : oldest, fields, someExpired);
  }
}
