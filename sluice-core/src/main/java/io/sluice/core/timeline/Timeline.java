package io.sluice.core.timeline;

import java.util.ArrayList;
import java.util.List;

/**
 * The samples of a job's runs, first to last, bounded for runs of days: past {@code capacity}
 * samples, the older half is merged two by two, so recent seconds keep their full detail and older
 * spans get coarser the older they are. Samples of different runs are never merged, so each run's
 * span stays where it was.
 */
public final class Timeline {

  /** About an hour at one sample a second before the oldest samples are merged. */
  public static final int CAPACITY = 4096;

  private final int capacity;
  private final List<TimelineSample> samples = new ArrayList<>();

  public Timeline(int capacity) {
    if (capacity < 4) {
      throw new IllegalArgumentException("A timeline needs room for at least 4 samples");
    }
    this.capacity = capacity;
  }

  public Timeline() {
    this(CAPACITY);
  }

  /**
   * Adds the next sample.
   *
   * @return whether older samples were merged to make room, so that a saved copy must be rewritten
   *     rather than appended to
   */
  public boolean add(TimelineSample sample) {
    samples.add(sample);
    if (samples.size() <= capacity) {
      return false;
    }
    mergeOlderHalf();
    return true;
  }

  /**
   * Merges {@code sample} into the last sample when both belong to the same run.
   *
   * @return false, leaving the timeline as it was, when there is no such last sample
   */
  public boolean foldIntoLast(TimelineSample sample) {
    int last = samples.size() - 1;
    if (last < 0 || samples.get(last).run() != sample.run()) {
      return false;
    }
    samples.set(last, samples.get(last).mergedWith(sample));
    return true;
  }

  /** The samples, first to last. */
  public List<TimelineSample> samples() {
    return List.copyOf(samples);
  }

  private void mergeOlderHalf() {
    int half = samples.size() / 2;
    List<TimelineSample> merged = new ArrayList<>(samples.size());
    int i = 0;
    while (i < half) {
      TimelineSample first = samples.get(i);
      if (i + 1 < half && samples.get(i + 1).run() == first.run()) {
        merged.add(first.mergedWith(samples.get(i + 1)));
        i += 2;
      } else {
        merged.add(first);
        i++;
      }
    }
    merged.addAll(samples.subList(half, samples.size()));
    // Thousands of one-sample runs cannot be merged: the oldest of them go.
    int excess = merged.size() - capacity;
    samples.clear();
    samples.addAll(excess > 0 ? merged.subList(excess, merged.size()) : merged);
  }
}
