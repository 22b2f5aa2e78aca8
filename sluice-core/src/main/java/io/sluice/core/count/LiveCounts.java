package io.sluice.core.count;

import java.util.concurrent.atomic.LongAdder;

/**
 * The counts of a run as it goes, added to by every worker at once without a lock, for the progress
 * line and the error budget, with the work its readers consumed (in their splits' own units) for
 * percent done. The committed counts, which the checkpoint and the report use, are summed
 * separately as records are committed.
 */
public final class LiveCounts {

  private final LongAdder[] adders = new LongAdder[Count.values().length];
  private final LongAdder work = new LongAdder();
  private final LiveCounts whole;

  public LiveCounts() {
    this(null);
  }

  /**
   * The counts of one part of a run (one table of several) that also adds everything to {@code
   * whole}, the run's counts.
   */
  public LiveCounts(LiveCounts whole) {
    this.whole = whole;
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
  }

  public void add(Count count, long amount) {
    adders[count.ordinal()].add(amount);
    if (whole != null) {
      whole.add(count, amount);
    }
  }

  public void increment(Count count) {
    adders[count.ordinal()].increment();
    if (whole != null) {
      whole.increment(count);
    }
  }

  /** Adds work the readers consumed, in the units of their splits' {@code work}. */
  public void addWork(long amount) {
    work.add(amount);
    if (whole != null) {
      whole.addWork(amount);
    }
  }

  /** The work the readers consumed so far. */
  public long work() {
    return work.sum();
  }

  public long get(Count count) {
    return adders[count.ordinal()].sum();
  }

  /** Rejected records and rows so far, the figure {@code max-errors} is judged on. */
  public long rejected() {
    return get(Count.REJECTED_DECODE) + get(Count.REJECTED_MAPPING) + get(Count.ROWS_FAILED);
  }

  /** A consistent-enough copy of the counts at one moment. */
  public Counts snapshot() {
    long[] values = new long[adders.length];
    for (int i = 0; i < adders.length; i++) {
      values[i] = adders[i].sum();
    }
    return new Counts(values);
  }
}
