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
 */
public record Record(
    SourcePosition position, Map<String, Object> fields, long sizeBytes, long nextOffset)
    implements SourceItem {

  public Record {
    Objects.requireNonNull(position, "position");
    Objects.requireNonNull(fields, "fields");
  }

  /** A record of a byte-addressed source, where the next record starts right after this one. */
  public Record(SourcePosition position, Map<String, Object> fields, long sizeBytes) {
    this(position, fields, sizeBytes, position.offset() + sizeBytes);
  }
}
