package io.sluice.core.source;

import java.util.List;

/**
 * When a source cell was written and how long it lives, as a Cassandra-family table keeps them for
 * every cell: carried to the target so that a copy written beside live dual writes never overwrites
 * newer data, and expires when the original would.
 *
 * @param writetimeMicros the cell's write time, in microseconds since the epoch; for a non-frozen
 *     collection, its newest element's
 * @param ttlSeconds the seconds the cell has left to live; 0 when it does not expire; for a
 *     non-frozen collection, its newest element's
 * @param elements for a non-frozen collection whose source gives each element's time (Cassandra
 *     5.0, CASSANDRA-8877), those times in the collection's own order; empty otherwise
 */
public record CellTime(long writetimeMicros, int ttlSeconds, List<CellTime> elements) {

  public CellTime {
    if (ttlSeconds < 0) {
      throw new IllegalArgumentException("A TTL cannot be negative: " + ttlSeconds);
    }
    elements = List.copyOf(elements);
  }

  /** The time of a single cell. */
  public CellTime(long writetimeMicros, int ttlSeconds) {
    this(writetimeMicros, ttlSeconds, List.of());
  }
}
