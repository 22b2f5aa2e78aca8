package io.sluice.core.sink;

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
 */
public record Row(Map<String, Object> values, long writeTimestampMicros, SourcePosition position) {}
