package io.sluice.core.source;

/**
 * When a source cell was written and how long it lives, as a Cassandra-family table keeps them for
 * every cell: carried to the target so that a copy written beside live dual writes never overwrites
 * newer data, and expires when the original would.
 *
 * @param writetimeMicros the cell's write time, in microseconds since the epoch
 * @param ttlSeconds the seconds the cell has left to live; 0 when it does not expire
 */
public record CellTime(long writetimeMicros, int ttlSeconds) {

  public CellTime {
    if (ttlSeconds < 0) {
      throw new IllegalArgumentException("A TTL cannot be negative: " + ttlSeconds);
    }
  }
}
