package io.sluice.core.source;

import java.util.List;

/**
 * When a source cell was written and when it expires, as a Cassandra-family table keeps them for
 * every cell: carried to the target so that a copy written beside live dual writes never overwrites
 * newer data, and expires at the instant the original does, however long after the read it is
 * written.
 *
 * @param writetimeMicros the cell's write time, in microseconds since the epoch; for a non-frozen
 *     collection, its newest element's
 * @param expiresAtSecond the second since the epoch at which the cell expires; {@link #NEVER} when
 *     it does not; for a non-frozen collection, its newest element's
 * @param elements for a non-frozen collection whose source gives each element's time (Cassandra
 *     5.0, CASSANDRA-8877), those times in the collection's own order; empty otherwise
 */
public record CellTime(long writetimeMicros, long expiresAtSecond, List<CellTime> elements) {

  /** The expiry of a cell that does not expire. */
  public static final long NEVER = 0;

  public CellTime {
    if (expiresAtSecond < 0) {
      throw new IllegalArgumentException("An expiry cannot be negative: " + expiresAtSecond);
    }
    elements = List.copyOf(elements);
  }

  /**
   * The time of a cell read at {@code readAtMillis} with {@code ttlSeconds} left to live (0: it
   * does not expire). Cassandra counts a TTL in whole seconds from the second its clock is in when
   * it serves the request, which is no earlier than the instant the read was asked: with that
   * instant, the expiry kept is at most a second earlier than the source's.
   */
  public static CellTime read(
      long writetimeMicros, int ttlSeconds, long readAtMillis, List<CellTime> elements) {
    if (ttlSeconds < 0) {
      throw new IllegalArgumentException("A TTL cannot be negative: " + ttlSeconds);
    }
    return new CellTime(
        writetimeMicros,
        ttlSeconds == 0 ? NEVER : Math.floorDiv(readAtMillis, 1000) + ttlSeconds,
        elements);
  }

  /** A single cell read at {@code readAtMillis} with {@code ttlSeconds} left to live. */
  public static CellTime read(long writetimeMicros, int ttlSeconds, long readAtMillis) {
    return read(writetimeMicros, ttlSeconds, readAtMillis, List.of());
  }

  /** Whether the cell expires at all. */
  public boolean expires() {
    return expiresAtSecond != NEVER;
  }

  /** Whether the cell has expired at {@code nowMillis}: a copy written then writes nothing. */
  public boolean expiredAt(long nowMillis) {
    return expires() && expiresAtSecond <= Math.floorDiv(nowMillis, 1000);
  }

  /**
   * The TTL that a write made at {@code nowMillis} gives its copy so that it expires when this cell
   * does: 0 when the cell does not expire, and at least 1 otherwise (a cell {@link #expiredAt
   * expired} then is not written at all). The target adds it to the second its own clock is in when
   * the write arrives, which may be the next one: the copy expires within a second of the source.
   */
  public int ttlSecondsAt(long nowMillis) {
    if (!expires()) {
      return 0;
    }
    return (int) Math.max(1, expiresAtSecond - Math.floorDiv(nowMillis, 1000));
  }
}
