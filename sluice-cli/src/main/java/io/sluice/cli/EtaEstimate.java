package io.sluice.cli;

import java.time.Duration;
import java.util.Optional;

/**
 * The time left of a run from the work still to do and the rate sustained lately, rather than the
 * average since the start: a run that slowed down (a throttled target, a compaction pause) or sped
 * up is judged by what it does now. The rate is a moving average of the samples, with a half-life
 * of about {@link #HALF_LIFE}.
 */
final class EtaEstimate {

  static final Duration HALF_LIFE = Duration.ofSeconds(20);

  private long lastNanos = Long.MIN_VALUE;
  private long lastDone;
  private double rate = Double.NaN;

  /** Records that {@code done} units of the work were done at {@code nanos}. */
  synchronized void sample(long done, long nanos) {
    if (lastNanos != Long.MIN_VALUE && nanos > lastNanos) {
      double seconds = (nanos - lastNanos) / 1e9;
      double recent = (done - lastDone) / seconds;
      double weight = 1 - Math.pow(0.5, seconds / (HALF_LIFE.toMillis() / 1000.0));
      rate = Double.isNaN(rate) ? recent : rate + weight * (recent - rate);
    }
    lastNanos = nanos;
    lastDone = done;
  }

  /** Units per second lately; NaN before two samples. */
  synchronized double rate() {
    return rate;
  }

  /** Time left to reach {@code total}; empty while the rate is unknown or nothing moves. */
  synchronized Optional<Duration> remaining(long total) {
    if (Double.isNaN(rate) || rate <= 0) {
      return Optional.empty();
    }
    long left = Math.max(0, total - lastDone);
    return Optional.of(Duration.ofMillis((long) (left / rate * 1000)));
  }
}
