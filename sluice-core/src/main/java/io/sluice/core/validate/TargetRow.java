package io.sluice.core.validate;

import java.util.Map;

/**
 * A row as read back from the target, for {@link RowComparison}.
 *
 * @param values column name to value, converted back into the mapper's Java forms (a user-defined
 *     type as a map of field name to value, a tuple as a list)
 * @param writetimes column name to the cell's write timestamp in microseconds; absent for a null
 *     cell, a primary key column and a non-frozen collection or user-defined type, which has one
 *     timestamp per element rather than one per column
 * @param ttls column name to the cell's remaining TTL in seconds, for the cells that expire (read
 *     for the same columns as {@code writetimes}); empty when not read
 */
public record TargetRow(
    Map<String, Object> values, Map<String, Long> writetimes, Map<String, Integer> ttls) {

  /** A row read without TTLs. */
  public TargetRow(Map<String, Object> values, Map<String, Long> writetimes) {
    this(values, writetimes, Map.of());
  }
}
