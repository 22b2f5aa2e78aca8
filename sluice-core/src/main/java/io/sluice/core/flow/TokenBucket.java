package io.sluice.core.flow;

/**
 * A rate limit by reservation: each caller reserves its permits and is told how long to wait before
 * using them. Unused time is saved up to a short burst, so a pause does not turn into a flood
 * afterwards. The rate may change while the bucket is in use. Public for the limits sources keep of
 * their own (a table source's read rate).
 */
public final class TokenBucket {

  /** How much unused capacity is kept, as time at the full rate. */
  private static final double BURST_SECONDS = 0.05;

  private double permitsPerSecond;

  /** When the next permit is free, in nanoseconds of the clock. */
  private double nextFreeNanos = Double.NEGATIVE_INFINITY;

  public TokenBucket(double permitsPerSecond) {
    setRate(permitsPerSecond);
  }

  synchronized void setRate(double permitsPerSecond) {
    if (!(permitsPerSecond > 0)) {
      throw new IllegalArgumentException("a rate must be positive, not " + permitsPerSecond);
    }
    this.permitsPerSecond = permitsPerSecond;
  }

  synchronized double rate() {
    return permitsPerSecond;
  }

  /** Reserves {@code permits} at time {@code now}; returns the nanoseconds to wait before use. */
  public synchronized long reserve(long permits, long now) {
    double earliest = now - BURST_SECONDS * 1e9;
    if (nextFreeNanos < earliest) {
      nextFreeNanos = earliest;
    }
    long wait = (long) Math.max(0, Math.ceil(nextFreeNanos - now));
    nextFreeNanos += permits * 1e9 / permitsPerSecond;
    return wait;
  }
}
