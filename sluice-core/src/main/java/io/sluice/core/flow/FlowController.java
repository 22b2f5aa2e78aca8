package io.sluice.core.flow;

import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.FlowSpec;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands out permits to send requests, shared by every worker of a run. A permit waits, in order,
 * for:
 *
 * <ol>
 *   <li>the compaction gate: closed while the busiest node's compaction backlog is above the high
 *       mark, until it falls to the low mark;
 *   <li>a wait the target asked for in an overload answer ({@code RetryAfterMs});
 *   <li>the user's limits of rows and bytes per second, and the adaptive request rate found from
 *       the target's overload answers ({@link AdaptiveRate});
 *   <li>a place in the adaptive window of requests in flight ({@link ConcurrencyWindow}), never
 *       larger than {@code flow.max-in-flight}.
 * </ol>
 *
 * The sink reports every answer through {@link FlowFeedback}, which moves the rate and the window.
 * With {@code flow.adaptive: false} both stay fixed: no rate limit, the window at max-in-flight.
 */
public final class FlowController implements FlowFeedback, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(FlowController.class);

  /** Longest single wait, so that a stop request is noticed quickly. */
  private static final long WAIT_SLICE_NANOS = 100_000_000L;

  /** Where the adaptive window starts, in requests; it opens within a few round trips. */
  static final int INITIAL_WINDOW = 16;

  /** How a blocked worker waits; tests pass one that advances their clock. */
  @FunctionalInterface
  public interface Sleeper {
    Sleeper SYSTEM = nanos -> TimeUnit.NANOSECONDS.sleep(nanos);

    void sleep(long nanos) throws InterruptedException;
  }

  private final NanoClock clock;
  private final Sleeper sleeper;
  private final boolean adaptive;

  /** The share of the user's limits the buckets hold now (a leased controller's). */
  private volatile double heldShare = 1;

  private final Long rowLimit;
  private final Long byteLimit;
  private final TokenBucket rowBucket;
  private final TokenBucket byteBucket;
  private final AdaptiveRate rate = new AdaptiveRate();
  private final TokenBucket rateBucket = new TokenBucket(1);
  private final ConcurrencyWindow window;
  private final BacklogWatch backlog;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition released = lock.newCondition();
  private int inFlight;

  /** Until when the target asked for no requests; set in the past at the start. */
  private volatile long holdUntil;

  private final LongAdder requests = new LongAdder();
  private final LongAdder overloads = new LongAdder();
  private final LongAdder troubles = new LongAdder();

  /** Latencies of successful requests since the timeline last took them. */
  private final Recorder latencies = new Recorder(2);

  private volatile AnswerObserver observer = AnswerObserver.NONE;

  /** The share of a job's budget this controller holds, or null when it adapts by itself. */
  private final FlowLease lease;

  public FlowController(FlowSpec flow, BacklogProbe probe, NanoClock clock, Sleeper sleeper) {
    this(flow, probe, clock, sleeper, null);
  }

  /**
   * A controller whose request rate, window and share of the user's limits come from {@code lease},
   * told of every answer; the compaction gate and the target's retry hints stay its own.
   */
  public FlowController(
      FlowSpec flow, BacklogProbe probe, NanoClock clock, Sleeper sleeper, FlowLease lease) {
    this.lease = lease;
    this.clock = clock;
    this.sleeper = sleeper;
    this.holdUntil = clock.nanoTime();
    this.adaptive = flow.adaptive();
    this.rowLimit = flow.rowsPerSecond();
    this.byteLimit = flow.bytesPerSecond();
    this.rowBucket = rowLimit == null ? null : new TokenBucket(rowLimit);
    this.byteBucket = byteLimit == null ? null : new TokenBucket(byteLimit);
    int max = flow.maxInFlight();
    this.window =
        new ConcurrencyWindow(
            adaptive ? INITIAL_WINDOW : max, max, flow.latencyTargetDuration().toNanos());
    CompactionSpec compaction = flow.compaction();
    // A controller holding a lease pauses when the job's budget says so: it reads no backlog.
    this.backlog = new BacklogWatch(compaction, probe, clock, this::wakeWaiters, lease == null);
  }

  /** A controller on the system clock, polling the probe in the background. */
  public static FlowController start(FlowSpec flow, BacklogProbe probe) {
    return new FlowController(flow, probe, NanoClock.SYSTEM, Sleeper.SYSTEM);
  }

  /** A controller on the system clock that holds a share of a job's budget. */
  public static FlowController leased(FlowSpec flow, BacklogProbe probe, FlowLease lease) {
    return new FlowController(flow, probe, NanoClock.SYSTEM, Sleeper.SYSTEM, lease);
  }

  /** The compaction signal in use, to say once at the start of a run. */
  public String backlogSignal() {
    return backlog.signal();
  }

  /**
   * Waits until {@code rows} rows of {@code bytes} bytes, sent as {@code requests} requests, may
   * go, and takes the requests' places in the window. The user's limits count rows and bytes; the
   * adaptive rate and the window count requests, as the target does: a batch of many rows is one
   * request to the target and one answer back.
   *
   * @return false, without taking places, if {@code stop} said so while waiting
   */
  public boolean acquire(int rows, int requests, long bytes, BooleanSupplier stop)
      throws InterruptedException {
    if (!awaitGate(stop)) {
      return false;
    }
    long now = clock.nanoTime();
    long wait = 0;
    if (lease != null) {
      shareLimits(lease.grant().share());
    }
    if (rowBucket != null) {
      wait = Math.max(wait, rowBucket.reserve(rows, now));
    }
    if (byteBucket != null) {
      wait = Math.max(wait, byteBucket.reserve(bytes, now));
    }
    wait = Math.max(wait, reserveRate(requests, now));
    if (!sleep(wait, stop)) {
      return false;
    }
    return enterWindow(requests, stop);
  }

  /** Gives back places taken by {@link #acquire} once their requests are answered or given up. */
  public void release(int requests) {
    lock.lock();
    try {
      inFlight -= requests;
      released.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Waits until nothing is in flight, for at most {@code timeout}; returns whether it is so. */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    lock.lock();
    try {
      while (inFlight > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        released.awaitNanos(left);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** Tells {@code observer} of every answer from now on, in place of the one before. */
  public void observe(AnswerObserver observer) {
    this.observer = observer;
  }

  /**
   * The latencies of the requests that succeeded since the last call, for a run's timeline: a
   * single caller takes them, each answer counted once.
   */
  public Histogram takeLatencies() {
    return latencies.getIntervalHistogram();
  }

  @Override
  public void succeeded(long latencyNanos) {
    requests.increment();
    latencies.recordValue(Math.max(0, latencyNanos));
    observer.answered(AnswerObserver.Answer.OK, latencyNanos);
    if (lease != null) {
      lease.succeeded(latencyNanos);
    } else if (adaptive) {
      long now = clock.nanoTime();
      rate.onSuccess(now);
      // No wake-up here: the request's release, which follows, signals waiting workers.
      window.onSuccess(latencyNanos, now);
    }
  }

  @Override
  public void overloaded(Duration retryAfter, long sentNanos) {
    overloads.increment();
    long now = clock.nanoTime();
    observer.answered(AnswerObserver.Answer.OVERLOADED, now - sentNanos);
    if (retryAfter != null && !retryAfter.isZero()) {
      long until = now + retryAfter.toNanos();
      if (until - holdUntil > 0) {
        holdUntil = until;
      }
    }
    if (lease != null) {
      lease.overloaded(now - sentNanos);
    } else if (adaptive) {
      if (rate.onOverload(now, sentNanos) && rate.cuts() == 1) {
        LOG.info(
            "The target refuses requests as overloaded; holding the load near {} requests/s and"
                + " adjusting from there.",
            Math.round(rate.rate()));
      }
      window.onTrouble(now, sentNanos);
    }
  }

  @Override
  public void struggling(long sentNanos) {
    troubles.increment();
    long now = clock.nanoTime();
    observer.answered(AnswerObserver.Answer.TIMED_OUT_OR_UNAVAILABLE, now - sentNanos);
    if (lease != null) {
      lease.struggling(now - sentNanos);
    } else if (adaptive) {
      window.onTrouble(now, sentNanos);
    }
  }

  @Override
  public long reserveRetry() {
    long now = clock.nanoTime();
    return Math.max(Math.max(0, holdUntil - now), reserveRate(1, now));
  }

  public FlowStats stats() {
    double limit = lease != null ? lease.grant().requestRate() : rate.rate();
    double mean = rate.meanRate(clock.nanoTime());
    double latency = window.latencyNanos();
    return backlog.withBacklog(
        new FlowStats(
            requests.sum(),
            overloads.sum(),
            troubles.sum(),
            Double.isInfinite(limit) ? -1 : limit,
            Double.isInfinite(mean) ? -1 : mean,
            windowLimit(),
            Double.isNaN(latency) ? -1 : latency / 1e6,
            null,
            -1,
            null,
            false,
            0,
            0));
  }

  /** Reads the backlog once now; the background poller calls this every poll interval. */
  public void pollBacklog() {
    backlog.poll();
  }

  /** Holds the user's limits to this controller's share of them, when the share changed. */
  private void shareLimits(double share) {
    if (share == heldShare) {
      return;
    }
    heldShare = share;
    if (rowBucket != null) {
      rowBucket.setRate(rowLimit * share);
    }
    if (byteBucket != null) {
      byteBucket.setRate(byteLimit * share);
    }
  }

  private long reserveRate(int permits, long now) {
    double allowed =
        lease != null
            ? lease.grant().requestRate()
            : adaptive ? rate.rate() : Double.POSITIVE_INFINITY;
    if (Double.isInfinite(allowed)) {
      return 0;
    }
    rateBucket.setRate(allowed);
    return rateBucket.reserve(permits, now);
  }

  private boolean awaitGate(BooleanSupplier stop) throws InterruptedException {
    while (true) {
      if (stop.getAsBoolean()) {
        return false;
      }
      long now = clock.nanoTime();
      long wait = paused() ? WAIT_SLICE_NANOS : holdUntil - now;
      if (wait <= 0) {
        return true;
      }
      sleeper.sleep(Math.min(wait, WAIT_SLICE_NANOS));
    }
  }

  private boolean sleep(long nanos, BooleanSupplier stop) throws InterruptedException {
    long left = nanos;
    while (left > 0) {
      if (stop.getAsBoolean()) {
        return false;
      }
      long slice = Math.min(left, WAIT_SLICE_NANOS);
      sleeper.sleep(slice);
      left -= slice;
    }
    return true;
  }

  private boolean enterWindow(int requests, BooleanSupplier stop) throws InterruptedException {
    lock.lock();
    try {
      // A group larger than the window still goes alone, or it would never go.
      while (inFlight > 0 && inFlight + requests > windowLimit()) {
        if (stop.getAsBoolean()) {
          return false;
        }
        released.awaitNanos(WAIT_SLICE_NANOS);
      }
      inFlight += requests;
      return true;
    } finally {
      lock.unlock();
    }
  }

  private int windowLimit() {
    return lease != null ? lease.grant().window() : window.limit();
  }

  private void wakeWaiters() {
    if (lock.tryLock()) {
      try {
        released.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  /** Whether the compaction gate holds the load: the job's, for a controller with a lease. */
  private boolean paused() {
    return lease != null ? lease.grant().paused() : backlog.closed();
  }

  /** Stops reading the backlog; the probe belongs to the caller, who closes it. */
  @Override
  public void close() {
    backlog.close();
  }
}
