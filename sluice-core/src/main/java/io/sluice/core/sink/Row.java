package io.sluice.core.sink;

import io.sluice.core.source.CellTime;
import io.sluice.core.source.SourcePosition;
import java.util.Map;

/**
 * One row for the target table.
 *
 * @param values column name to value, converted for the column's CQL type by the mapper; a null
 *     value means "no value" (left unset or deleted, as the target's {@code null-values} says)
 * @param writeTimestampMicros the explicit write timestamp, in microseconds since the epoch, that
 *     makes the write an idempotent upsert
 * @param position where the row's source record came from, for rejects
 * @param cellTimes the write time and TTL of columns whose source cells carry their own, by column;
 *     the other columns are written at {@code writeTimestampMicros} with no TTL of their own
 */
public record Row(
    Map<String, Object> values,
    long writeTimestampMicros,
    SourcePosition position,
    Map<String, CellTime> cellTimes) {

  /** A row all of whose cells are written at {@code writeTimestampMicros}. */
  public Row(Map<String, Object> values, long writeTimestampMicros, SourcePosition position) {
    this(values, writeTimestampMicros, position, Map.of());
  }
}
