package io.sluice.core.run;

import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import java.util.ArrayDeque;
import java.util.function.Function;

/**
 * The progress of one split: records in reading order whose outcome is not yet committed, the
 * position below which every record is (the source's own value, null before the first record), and
 * the split's work done below it. The position is computed from the last committed item only when
 * asked for, at a save, not for every record. Writes complete out of order, so the position only
 * moves past a record once it and every record before it are done: the acknowledged prefix. Guarded
 * by the {@link ProgressLedger}'s lock.
 */
final class SplitProgress {

  final Split split;
  final ArrayDeque<RecordOutcome> inFlight = new ArrayDeque<>();
  private final Function<SourceItem, String> positions;
  private String savedPosition;
  SourceItem lastCommitted;
  long workDone;
  boolean readToEnd;
  boolean done;

  /**
   * @param position where an earlier run left the split, or null
   * @param positions the source's {@link io.sluice.core.source.Source#positionAfter}
   */
  SplitProgress(
      Split split,
      String position,
      long workDone,
      boolean done,
      Function<SourceItem, String> positions) {
    this.split = split;
    this.savedPosition = position;
    this.workDone = workDone;
    this.done = done;
    this.positions = positions;
  }

  /** Where a reader of the split resumes: right after the last committed item. */
  String position() {
    if (lastCommitted != null) {
      savedPosition = positions.apply(lastCommitted);
      lastCommitted = null;
    }
    return savedPosition;
  }
}
