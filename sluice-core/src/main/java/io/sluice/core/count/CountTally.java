package io.sluice.core.count;

/**
 * Counts added to in place by one thread at a time (the caller guards it): what one record
 * contributes, or the committed sum of a run. {@link #snapshot} gives the immutable {@link Counts}.
 */
public final class CountTally {

  // Count.values() copies its array at each call, and a tally is made for every record read.
  private static final Count[] COUNTS = Count.values();

  private final long[] values;

  public CountTally() {
    this.values = new long[COUNTS.length];
  }

  public CountTally(Counts start) {
    this();
    for (Count count : COUNTS) {
      values[count.ordinal()] = start.get(count);
    }
  }

  public void add(Count count, long amount) {
    values[count.ordinal()] += amount;
  }

  public void increment(Count count) {
    values[count.ordinal()]++;
  }

  public void add(CountTally other) {
    for (int i = 0; i < values.length; i++) {
      values[i] += other.values[i];
    }
  }

  public void add(Counts other) {
    for (Count count : COUNTS) {
      values[count.ordinal()] += other.get(count);
    }
  }

  public long get(Count count) {
    return values[count.ordinal()];
  }

  public Counts snapshot() {
    return new Counts(values.clone());
  }
}
