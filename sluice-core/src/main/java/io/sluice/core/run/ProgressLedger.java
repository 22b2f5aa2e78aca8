package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.source.Split;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The committed state of a run: per split the acknowledged prefix, and the counts and rejects of
 * every record in those prefixes, added to those of earlier runs. Records are committed in reading
 * order within their split, so a checkpoint taken at any moment describes exactly the records below
 * its positions: a resumed run redoes the rest, and no record is counted twice.
 */
final class ProgressLedger {

  private final Map<String, SplitProgress> splits = new LinkedHashMap<>();
  private final RejectFile rejects;
  private final JobFingerprint fingerprint;
  private final int runs;
  private final Clock clock;
  private RunCounters.Counts committed;

  ProgressLedger(
      RejectFile rejects,
      JobFingerprint fingerprint,
      RunCounters.Counts earlierRuns,
      int runs,
      Clock clock) {
    this.rejects = rejects;
    this.fingerprint = fingerprint;
    this.committed = earlierRuns;
    this.runs = runs;
    this.clock = clock;
  }

  synchronized SplitProgress track(Split split, long position, boolean done) {
    SplitProgress progress = new SplitProgress(split, position, done);
    splits.put(split.id(), progress);
    return progress;
  }

  /** Registers a record just read; {@code nextPosition} is where the record after it starts. */
  synchronized RecordOutcome begin(SplitProgress split, long nextPosition, long bytes) {
    RecordOutcome outcome = new RecordOutcome(split, nextPosition, bytes);
    split.inFlight.addLast(outcome);
    return outcome;
  }

  /** Marks a record handled, and commits it and any handled records after it in its split. */
  synchronized void complete(RecordOutcome outcome) {
    outcome.complete = true;
    advance(outcome.split);
  }

  /** The split's reader is exhausted: the split is done once its records are committed. */
  synchronized void readToEnd(SplitProgress split) {
    split.readToEnd = true;
    advance(split);
  }

  private void advance(SplitProgress split) {
    while (!split.inFlight.isEmpty() && split.inFlight.peekFirst().complete) {
      RecordOutcome head = split.inFlight.removeFirst();
      committed = committed.plus(head.counts());
      for (RecordOutcome.Reject reject : head.rejects()) {
        rejects.add(reject.source(), reject.position(), reject.stage(), reject.reason());
      }
      split.position = head.nextPosition;
    }
    if (split.inFlight.isEmpty() && split.readToEnd) {
      split.done = true;
    }
  }

  synchronized RunCounters.Counts committed() {
    return committed;
  }

  /** A checkpoint of exactly the committed records, with the reject file flushed to match. */
  synchronized Checkpoint checkpoint() {
    long rejectLength = rejects.flushedLength();
    Map<String, SplitCheckpoint> saved = new LinkedHashMap<>();
    for (Map.Entry<String, SplitProgress> entry : splits.entrySet()) {
      SplitProgress progress = entry.getValue();
      Split split = progress.split;
      saved.put(
          entry.getKey(),
          new SplitCheckpoint(
              split.resource(), split.start(), split.end(), progress.position, progress.done));
    }
    return new Checkpoint(
        Checkpoint.CURRENT_VERSION,
        fingerprint,
        saved,
        committed,
        rejectLength,
        runs,
        clock.instant());
  }
}
