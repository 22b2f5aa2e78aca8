package io.sluice.core.run;

import io.sluice.core.source.Split;
import java.util.ArrayDeque;

/**
 * The progress of one split: records in reading order whose outcome is not yet committed, and the
 * position below which every record is. Writes complete out of order, so the position only moves
 * past a record once it and every record before it are done: the acknowledged prefix. Guarded by
 * the {@link ProgressLedger}'s lock.
 */
final class SplitProgress {

  final Split split;
  final ArrayDeque<RecordOutcome> inFlight = new ArrayDeque<>();
  long position;
  boolean readToEnd;
  boolean done;

  SplitProgress(Split split, long position, boolean done) {
    this.split = split;
    this.position = position;
    this.done = done;
  }
}
