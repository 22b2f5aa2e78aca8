package io.sluice.core.flow;

import java.util.HashMap;
import java.util.Map;

/**
 * Finds the request rate a throttled target sustains, by additive increase and multiplicative
 * decrease. There is no limit until the target first answers "overloaded"; then the rate is set a
 * little below what the target was taking, grows slowly while requests succeed, and is cut again at
 * the next overload. Only requests sent after the last cut can cut again, so the requests that were
 * already on their way when the target first pushed back count as one signal.
 *
 * <p>Averaged over a cycle the rate sits near {@code (1 + CUT) / 2} of the target's limit, and only
 * the few requests sent while the rate crosses the limit are rejected.
 *
 * <p>A target that lets a burst through before refusing (Cassandra's request limiter saves up a
 * second of unused requests) makes the rate taken over the last second read high when it first
 * pushes back, most of all at the start of a run. So in a budget shared by members that report a
 * round apart (a Spark job's), while it keeps refusing, a later cut goes by what it took since that
 * push-back began, once every reporter has told of at least {@link #EPISODE_MEASURE_NANOS} of it:
 * the rate comes down to the target's limit in one more step instead of many small ones, each of
 * which costs refusals. Reporters (the members of a shared budget) are counted apart, each over the
 * time its own reports cover, so one that reports later than another does not read as a drop in
 * what the target takes.
 */
final class AdaptiveRate {

  /** What an overload leaves of the rate. */
  static final double CUT = 0.9;

  /** How fast the rate grows while requests succeed: a share of the rate per second. */
  static final double GROWTH_PER_SECOND = 0.02;

  /** The rate is never cut below this many requests per second. */
  static final double MIN_RATE = 1;

  /** Growth stops while the rate is this far above what the target actually takes. */
  static final double HEADROOM = 1.25;

  /** Cuts less than this far apart belong to one push-back. */
  static final long EPISODE_NANOS = 1_000_000_000L;

  /** How much of a push-back each reporter must have told of before it stands for the rate. */
  static final long EPISODE_MEASURE_NANOS = 100_000_000L;

  /** A reporter that told nothing for this long is no longer counted. */
  private static final long REPORTER_ACTIVE_NANOS = 1_000_000_000L;

  /** What one reporter told since the current push-back began. */
  private static final class Reporter {
    long lastReport;
    double acknowledgedInEpisode;
  }

  private final RateMeter acknowledged = new RateMeter();
  private final Map<String, Reporter> reporters = new HashMap<>();
  private final boolean measurePushBack;
  private long episodeStart;
  private double rate = Double.POSITIVE_INFINITY;
  private long lastCut = Long.MIN_VALUE;
  private long lastGrowth = Long.MIN_VALUE;
  private long cuts;
  private long firstCut;
  private long summedUpTo;
  private double rateSeconds;

  /** A rate whose cuts go by the last second only: one process's, which cuts at every answer. */
  AdaptiveRate() {
    this(false);
  }

  /**
   * @param measurePushBack whether a later cut goes by what the target took since the push-back
   *     began: for a budget shared by members that report every round (a Spark job's), where cuts
   *     come a round apart and the last second still holds the target's burst
   */
  AdaptiveRate(boolean measurePushBack) {
    this.measurePushBack = measurePushBack;
  }

  /** Requests per second allowed now; infinite until the target first pushed back. */
  synchronized double rate() {
    return rate;
  }

  synchronized long cuts() {
    return cuts;
  }

  /**
   * The rate allowed on average since the target first pushed back, weighted by time: what the run
   * held, where {@link #rate()} is only where the cycle of cuts and growth stands now. Infinite
   * until the first push-back.
   */
  synchronized double meanRate(long now) {
    if (cuts == 0) {
      return Double.POSITIVE_INFINITY;
    }
    double seconds = (now - firstCut) / 1e9;
    if (seconds <= 0) {
      return rate;
    }
    return (rateSeconds + rate * (now - summedUpTo) / 1e9) / seconds;
  }

  /** Adds the time since the last change at the rate it was, before the rate changes. */
  private void sumUpTo(long now) {
    if (cuts > 0) {
      rateSeconds += rate * (now - summedUpTo) / 1e9;
    }
    summedUpTo = now;
  }

  synchronized void onSuccess(long now) {
    onSuccesses("", 1, now, now);
  }

  /**
   * {@code reporter} tells that {@code count} requests (possibly none) were answered successfully
   * between {@code from} and {@code now}, as a member of a shared budget reports them together:
   * they count as spread over that time, so the rate the target takes is not read as a burst.
   */
  synchronized void onSuccesses(String reporter, long count, long from, long now) {
    // Only a shared budget measures push-backs: a single process's per-answer path skips it.
    Reporter told =
        measurePushBack ? reporters.computeIfAbsent(reporter, r -> new Reporter()) : null;
    if (told != null) {
      told.lastReport = now;
    }
    if (count <= 0) {
      return;
    }
    long span = Math.max(0, now - from);
    for (long i = 1; i <= count; i++) {
      acknowledged.record(now - span + span * i / count);
    }
    if (told != null && cuts > 0 && now - episodeStart > 0) {
      // The part of them answered since the push-back began, as they count spread over the span.
      long since = Math.min(span, now - episodeStart);
      told.acknowledgedInEpisode += span == 0 ? count : count * (double) since / span;
    }
    if (Double.isInfinite(rate)) {
      return;
    }
    if (lastGrowth != Long.MIN_VALUE && rate < HEADROOM * acknowledged.perSecond(now)) {
      sumUpTo(now);
      rate += rate * GROWTH_PER_SECOND * (now - lastGrowth) / 1e9;
    }
    lastGrowth = now;
  }

  /**
   * A request sent at {@code sentAt} was refused as overloaded at {@code now}; returns whether this
   * cut the rate (it does unless the request left before the last cut).
   */
  synchronized boolean onOverload(long now, long sentAt) {
    if (lastCut != Long.MIN_VALUE && sentAt - lastCut < 0) {
      return false;
    }
    double taken = taken(now);
    if (taken == 0) {
      // Refused before anything was taken: there is no rate to start from yet; backoff and the
      // window hold the load meanwhile.
      return false;
    }
    double base = Double.isInfinite(rate) ? taken : Math.min(rate, Math.max(taken, MIN_RATE));
    sumUpTo(now);
    if (cuts == 0) {
      firstCut = now;
    }
    if (cuts == 0 || now - lastCut > EPISODE_NANOS) {
      episodeStart = now;
      reporters.values().removeIf(told -> now - told.lastReport > REPORTER_ACTIVE_NANOS);
      reporters.values().forEach(told -> told.acknowledgedInEpisode = 0);
    }
    // A target that refuses requests still takes its limit: never fall far below what it took,
    // or a run of refusals would cut the rate to nothing.
    rate = Math.max(MIN_RATE, Math.max(base * CUT, taken * CUT * CUT));
    lastCut = now;
    lastGrowth = now;
    cuts++;
    return true;
  }

  /**
   * The rate the target takes: over the last second, or since the current push-back began if that
   * is less and every active reporter has told of enough of it.
   */
  private double taken(long now) {
    double lastSecond = acknowledged.perSecond(now);
    if (!measurePushBack || cuts == 0 || now - lastCut > EPISODE_NANOS) {
      return lastSecond;
    }
    double sinceEpisode = 0;
    for (Reporter told : reporters.values()) {
      if (now - told.lastReport > REPORTER_ACTIVE_NANOS) {
        continue;
      }
      long covered = told.lastReport - episodeStart;
      if (covered < EPISODE_MEASURE_NANOS) {
        return lastSecond;
      }
      sinceEpisode += told.acknowledgedInEpisode * 1e9 / covered;
    }
    return Math.min(lastSecond, sinceEpisode);
  }
}
