package io.sluice.cassandra.table;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a table source's reads from slowing the live cluster they read: every page's latency is
 * watched, and while their moving average is above the source's {@code read-latency-ms} the reads
 * slow down. There is no limit until the average first goes above; then pages are asked for at
 * {@link #CUT} of the rate they were being answered at, and cut again each second the average stays
 * above. While it is below, the limit grows by {@link #GROWTH_PER_SECOND} a second, and is lifted
 * once it is well above what the reads take.
 *
 * <p>One watch serves every split of a source. Time is given by the caller, so the rule is tested
 * without waiting.
 */
final class ReadLatencyWatch {

  private static final Logger LOG = LoggerFactory.getLogger(ReadLatencyWatch.class);

  /** What a cut leaves of the page rate. */
  static final double CUT = 0.7;

  /** How fast the page rate grows back while pages are fast: a share of the rate per second. */
  static final double GROWTH_PER_SECOND = 0.05;

  /** The weight of the newest page in the moving average. */
  static final double WEIGHT = 0.2;

  /** The page rate is never cut below one page a second. */
  static final double MIN_RATE = 1;

  private static final long SECOND = 1_000_000_000L;

  private final String source;
  private final long limitNanos;
  private double averageNanos = -1;
  private double pagesPerSecond = Double.POSITIVE_INFINITY;
  private long lastCut = Long.MIN_VALUE;
  private long lastGrowth = Long.MIN_VALUE;
  private long nextSlot = Long.MIN_VALUE;
  private long windowStart = Long.MIN_VALUE;
  private long windowPages;
  private double answeredPerSecond;

  /**
   * @param source the source's name, for the log
   * @param limitMillis the page latency above which reads slow down; 0 for no watch
   */
  ReadLatencyWatch(String source, long limitMillis) {
    this.source = source;
    this.limitNanos = limitMillis * 1_000_000L;
  }

  /** How long to wait, from {@code now}, before asking for the next page. */
  synchronized long reserve(long now) {
    if (Double.isInfinite(pagesPerSecond)) {
      return 0;
    }
    long slot = Math.max(now, nextSlot);
    nextSlot = slot + (long) (SECOND / pagesPerSecond);
    return slot - now;
  }

  /** Tells the watch a page was answered {@code latencyNanos} after it was asked for. */
  synchronized void answered(long latencyNanos, long now) {
    if (limitNanos <= 0) {
      return;
    }
    countAnswer(now);
    averageNanos =
        averageNanos < 0 ? latencyNanos : averageNanos + WEIGHT * (latencyNanos - averageNanos);
    if (averageNanos > limitNanos) {
      // The first cut waits for a second of answers, to know the rate it cuts from.
      boolean rateKnown = answeredPerSecond > 0;
      if (rateKnown && (lastCut == Long.MIN_VALUE || now - lastCut >= SECOND)) {
        cut(now);
      }
    } else if (!Double.isInfinite(pagesPerSecond)) {
      grow(now);
    }
  }

  /** Pages a second allowed now; infinite while no limit applies. */
  synchronized double pagesPerSecond() {
    return pagesPerSecond;
  }

  private void cut(long now) {
    double from = Double.isInfinite(pagesPerSecond) ? answeredPerSecond : pagesPerSecond;
    pagesPerSecond = Math.max(MIN_RATE, from * CUT);
    lastCut = now;
    lastGrowth = now;
    LOG.info(
        "source '{}': its pages take {} ms on average, above read-latency-ms {}: reading at most"
            + " {} pages a second",
        source,
        Math.round(averageNanos / 1e6),
        limitNanos / 1_000_000,
        String.format("%.1f", pagesPerSecond));
  }

  private void grow(long now) {
    pagesPerSecond += pagesPerSecond * GROWTH_PER_SECOND * (now - lastGrowth) / SECOND;
    lastGrowth = now;
    if (pagesPerSecond > 4 * answeredPerSecond) {
      pagesPerSecond = Double.POSITIVE_INFINITY;
      LOG.info("source '{}': its pages are fast again; no read limit", source);
    }
  }

  /** The rate of answers over the last full second, updated each second. */
  private void countAnswer(long now) {
    if (windowStart == Long.MIN_VALUE) {
      windowStart = now;
    }
    windowPages++;
    long elapsed = now - windowStart;
    if (elapsed >= SECOND) {
      answeredPerSecond = windowPages * (double) SECOND / elapsed;
      windowStart = now;
      windowPages = 0;
    }
  }
}
