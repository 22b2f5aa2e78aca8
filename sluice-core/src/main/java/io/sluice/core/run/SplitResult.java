package io.sluice.core.run;

import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Counts;

/**
 * What a run of one split committed.
 *
 * @param counts the counts of the records this run committed (the job's totals are the sum of its
 *     splits')
 * @param progress where the split stands: the position a later run resumes from, or done
 */
public record SplitResult(Counts counts, SplitCheckpoint progress) {

  /** Whether every record of the split is committed. */
  public boolean done() {
    return progress.done();
  }
}
