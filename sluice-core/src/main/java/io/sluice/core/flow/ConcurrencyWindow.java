package io.sluice.core.flow;

/**
 * How many requests may be in flight at once. The window opens quickly at the start (one more for
 * every success, as TCP's slow start), then by one for each window's worth of successes while
 * latency stays under the target. It is cut on overload, timeout and unavailable errors, and
 * trimmed while latency stays above the target, at most once per cooldown so one burst of errors
 * counts once.
 */
final class ConcurrencyWindow {

  static final double CUT = 0.7;
  static final double TRIM = 0.9;
  static final long COOLDOWN_NANOS = 500_000_000L;

  /** Weight of the newest latency in the moving average. */
  private static final double LATENCY_WEIGHT = 0.05;

  private final int max;
  private final long latencyTargetNanos;
  private int limit;
  private boolean slowStart = true;
  private int successes;
  private double latencyNanos = Double.NaN;
  private long lastCut = Long.MIN_VALUE;

  ConcurrencyWindow(int initial, int max, long latencyTargetNanos) {
    this.max = max;
    this.limit = Math.max(1, Math.min(initial, max));
    this.latencyTargetNanos = latencyTargetNanos;
  }

  synchronized int limit() {
    return limit;
  }

  /** The moving average of request latency, in nanoseconds; NaN before the first answer. */
  synchronized double latencyNanos() {
    return latencyNanos;
  }

  synchronized void onSuccess(long latency, long now) {
    latencyNanos =
        Double.isNaN(latencyNanos)
            ? latency
            : latencyNanos + LATENCY_WEIGHT * (latency - latencyNanos);
    if (latencyNanos > latencyTargetNanos) {
      slowStart = false;
      reduce(TRIM, now);
      return;
    }
    if (slowStart) {
      limit = Math.min(max, limit + 1);
      return;
    }
    if (++successes >= limit) {
      successes = 0;
      limit = Math.min(max, limit + 1);
    }
  }

  /** Overload, timeout or unavailable for a request sent at {@code sentAt}: cut the window. */
  synchronized void onTrouble(long now, long sentAt) {
    slowStart = false;
    if (lastCut != Long.MIN_VALUE && sentAt - lastCut < 0) {
      return;
    }
    cut(CUT, now);
  }

  private void reduce(double factor, long now) {
    if (lastCut != Long.MIN_VALUE && now - lastCut < COOLDOWN_NANOS) {
      return;
    }
    cut(factor, now);
  }

  private void cut(double factor, long now) {
    lastCut = now;
    successes = 0;
    limit = Math.max(1, (int) (limit * factor));
  }
}
