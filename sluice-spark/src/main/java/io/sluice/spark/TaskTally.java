package io.sluice.spark;

import io.sluice.core.count.Counts;
import io.sluice.core.job.ErrorThreshold;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The tasks' progress on the driver, as each reports it with its share of the flow budget: the
 * run's live counts and work for its timeline, and the job's {@code max-errors} over all tasks.
 * Once the job's rejects (earlier runs' included) exceed the threshold every task is told to stop,
 * as one machine's run stops.
 */
final class TaskTally {

  private record Progress(Counts counts, long work) {}

  private static final Progress NONE = new Progress(Counts.ZERO, 0);

  private final ErrorThreshold threshold;
  private final Counts earlier;
  private final Map<String, Progress> running = new HashMap<>();
  private final Set<String> left = new HashSet<>();
  private Counts thisRun = Counts.ZERO;
  private long workThisRun;
  private String stopReason;

  /**
   * @param earlier the counts of earlier runs of the job, against {@code threshold} too
   */
  TaskTally(ErrorThreshold threshold, Counts earlier) {
    this.threshold = threshold;
    this.earlier = earlier;
  }

  /**
   * Takes a task's counts and work so far in this run; returns why every task must stop, or null.
   *
   * @param leaving whether this is the task's last report: its counts stay in the run's, and a
   *     report of the task that arrives after it (sent earlier, overtaken on the way) is not
   *     counted again
   */
  synchronized String report(String member, Counts counts, long work, boolean leaving) {
    if (left.contains(member)) {
      return stopReason;
    }
    Progress before = running.getOrDefault(member, NONE);
    thisRun = thisRun.plus(counts).minus(before.counts());
    workThisRun += work - before.work();
    if (leaving) {
      running.remove(member);
      left.add(member);
    } else {
      running.put(member, new Progress(counts, work));
    }
    long rejected = rejected();
    long read = earlier.recordsRead() + thisRun.recordsRead();
    if (stopReason == null && threshold.exceeded(rejected, read)) {
      stopReason =
          String.format(
              "%,d records or rows were rejected out of %,d read, more than max-errors %s allows",
              rejected, read, threshold);
    }
    return stopReason;
  }

  /** The job's rejected records and rows so far, earlier runs' included. */
  synchronized long rejected() {
    return earlier.rejected() + thisRun.rejected();
  }

  /** What the tasks of this run committed so far. */
  synchronized Counts thisRun() {
    return thisRun;
  }

  /** The work the tasks of this run committed so far, in their splits' units. */
  synchronized long workThisRun() {
    return workThisRun;
  }
}
