package io.sluice.core.source;

import java.util.Map;
import java.util.Objects;

/**
 * A decoded source record: an ordered map of field names to values in Sluice's value model (see
 * {@link io.sluice.core.value.Values}). Nested documents are {@code Map<String, Object>} in field
 * order, arrays are {@code List<Object>}.
 *
 * @param position where the record starts in its source
 * @param fields the record's top-level fields, in source order
 * @param sizeBytes the record's encoded size in the source, for throughput figures
 * @param nextOffset where the record after this one starts: a reader reopened there continues with
 *     that record
 * @param cellTimes the write time and TTL of top-level fields, by field name, for sources that keep
 *     them (a Cassandra-family table); empty for the others, whose rows take their source's write
 *     timestamp rule
 * @param positionAfter where a reader of the record's split continues right after it, for sources
 *     whose positions are not offsets (a table's paging state); null for the others, which continue
 *     at {@code nextOffset}
 */
public record Record(
    SourcePosition position,
    Map<String, Object> fields,
    long sizeBytes,
    long nextOffset,
    Map<String, CellTime> cellTimes,
    String positionAfter)
    implements SourceItem {

  public Record {
    Objects.requireNonNull(position, "position");
    Objects.requireNonNull(fields, "fields");
    Objects.requireNonNull(cellTimes, "cellTimes");
  }

  /**
   * This record's place in its source without its fields or cell times: what the runner keeps of a
   * record while its rows are in flight, which can be many thousands per split.
   */
  public Record placeOnly() {
    return new Record(position, Map.of(), sizeBytes, nextOffset, Map.of(), positionAfter);
  }

  /** A record of an offset-addressed source whose fields carry cell times. */
  public Record(
      SourcePosition position,
      Map<String, Object> fields,
      long sizeBytes,
      long nextOffset,
      Map<String, CellTime> cellTimes) {
    this(position, fields, sizeBytes, nextOffset, cellTimes, null);
  }

  /** A record whose fields carry no cell times. */
  public Record(
      SourcePosition position, Map<String, Object> fields, long sizeBytes, long nextOffset) {
    this(position, fields, sizeBytes, nextOffset, Map.of());
  }

  /** A record of a byte-addressed source, where the next record starts right after this one. */
  public Record(SourcePosition position, Map<String, Object> fields, long sizeBytes) {
    this(position, fields, sizeBytes, position.offset() + sizeBytes);
  }
}
