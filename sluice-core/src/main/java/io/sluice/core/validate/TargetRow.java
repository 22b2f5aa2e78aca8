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
 * @param readAtMillis when the row was read, which its TTLs count down from: a row of a scan may be
 *     compared seconds after its page arrived; 0 when not known (compared as read just now)
 */
public record TargetRow(
    Map<String, Object> values,
    Map<String, Long> writetimes,
    Map<String, Integer> ttls,
    long readAtMillis) {

  /** A row read without TTLs. */
  public TargetRow(Map<String, Object> values, Map<String, Long> writetimes) {
    this(values, writetimes, Map.of(), 0);
  }

  /** A row whose TTLs were read just now. */
  public TargetRow(
      Map<String, Object> values, Map<String, Long> writetimes, Map<String, Integer> ttls) {
    this(values, writetimes, ttls, 0);
  }
}
