package io.sluice.spark;

import io.sluice.core.job.ErrorThreshold;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The job's {@code max-errors} over all its tasks, on the driver: each task reports how many
 * records it has read and rejected so far, and once the job's rejects (earlier runs' included)
 * exceed the threshold every task is told to stop, as one machine's run stops.
 */
final class ErrorBudget {

  private final ErrorThreshold threshold;
  private final Map<String, long[]> running = new HashMap<>();
  private final Set<String> left = new HashSet<>();
  private long rejected;
  private long read;
  private String stopReason;

  /**
   * @param earlierRejected records rejected by earlier runs of the job
   * @param earlierRead records read by earlier runs of the job
   */
  ErrorBudget(ErrorThreshold threshold, long earlierRejected, long earlierRead) {
    this.threshold = threshold;
    this.rejected = earlierRejected;
    this.read = earlierRead;
  }

  /**
   * Takes a task's counts so far; returns why every task must stop, or null.
   *
   * @param leaving whether this is the task's last report: its counts stay in the job's, and a
   *     report of the task that arrives after it (sent earlier, overtaken on the way) is not
   *     counted again
   */
  synchronized String report(String member, long memberRejected, long memberRead, boolean leaving) {
    if (left.contains(member)) {
      return stopReason;
    }
    long[] before = running.getOrDefault(member, new long[2]);
    rejected += memberRejected - before[0];
    read += memberRead - before[1];
    if (leaving) {
      running.remove(member);
      left.add(member);
    } else {
      running.put(member, new long[] {memberRejected, memberRead});
    }
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
    return rejected;
  }
}
