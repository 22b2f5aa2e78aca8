package io.sluice.core.mapping;

import io.sluice.core.source.CellTime;
import java.util.List;
import java.util.Map;

/** What {@link Mapper#map} made of one record: rows, nothing on purpose, or a failure. */
public sealed interface MapResult {

  /**
   * The record's rows: column name to value converted for the column's CQL type (see {@link
   * ValueConverter}); a column without a value is absent or null. Usually one row; an exploded
   * array gives one per element, possibly none. {@code cellTimes} holds, by column, the write time
   * and TTL of the source cell a column was read from, when the record carries them; they apply to
   * every row of the record.
   */
  record Rows(List<Map<String, Object>> rows, Map<String, CellTime> cellTimes)
      implements MapResult {
    public Rows {
      rows = List.copyOf(rows);
      cellTimes = Map.copyOf(cellTimes);
    }

    /** Rows whose cells carry no times of their own. */
    public Rows(List<Map<String, Object>> rows) {
      this(rows, Map.of());
    }
  }

  /** The record did not pass the mapping's filter. */
  record Filtered() implements MapResult {}

  /**
   * The record cannot be mapped. The reason is one sentence naming the column, the field path, the
   * value's kind and the column's type; it quotes at most a short excerpt of a non-key value.
   */
  record Failed(String reason) implements MapResult {}
}
