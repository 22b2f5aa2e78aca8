package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.checkpoint.ValidationCheckpoint;
import io.sluice.core.count.Count;
import io.sluice.core.count.CountTally;
import io.sluice.core.count.Counts;
import io.sluice.core.run.RejectFile.Stage;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.validate.Difference;
import io.sluice.core.validate.SortedKeyRuns;
import io.sluice.core.validate.ValidationSpec;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The committed state of a run: per split the acknowledged prefix, and the counts, reject lines
 * (and in a validation, difference lines and source keys) of every record in those prefixes, added
 * to those of earlier runs. Records are committed in reading order within their split, so a
 * checkpoint taken at any moment describes exactly the records below its positions: a resumed run
 * redoes the rest, and no record is counted or listed twice.
 */
final class ProgressLedger {

  private final Map<String, SplitProgress> splits = new LinkedHashMap<>();
  private final RejectFile lines;
  private final JobFingerprint fingerprint;
  private final Map<String, String> resources;
  private final int runs;
  private final Clock clock;
  private final ValidationSpec validation;
  private SortedKeyRuns keys;
  private boolean extraRowsDone;
  private final CountTally committed;

  /**
   * @param resources the content digest of every local file the job reads, by resource
   * @param validation what a validation checks, or {@code null} for a migration
   * @param keys where the primary keys of committed source rows go, or {@code null} when no extra
   *     rows are looked for
   * @param extraRowsDone whether an earlier run finished the search for extra rows
   */
  ProgressLedger(
      RejectFile lines,
      JobFingerprint fingerprint,
      Map<String, String> resources,
      Counts earlierRuns,
      int runs,
      Clock clock,
      ValidationSpec validation,
      SortedKeyRuns keys,
      boolean extraRowsDone) {
    this.lines = lines;
    this.fingerprint = fingerprint;
    this.resources = resources;
    this.committed = new CountTally(earlierRuns);
    this.runs = runs;
    this.clock = clock;
    this.validation = validation;
    this.keys = keys;
    this.extraRowsDone = extraRowsDone;
  }

  synchronized SplitProgress track(
      Split split,
      String position,
      long workDone,
      boolean done,
      Function<SourceItem, String> positions) {
    SplitProgress progress = new SplitProgress(split, position, workDone, done, positions);
    splits.put(split.id(), progress);
    return progress;
  }

  /**
   * Registers a record just read: {@code work} is the split's work it took, {@code bytes} its own
   * size.
   */
  synchronized RecordOutcome begin(SplitProgress split, SourceItem item, long work, long bytes) {
    RecordOutcome outcome = new RecordOutcome(split, item, work, bytes);
    split.inFlight.addLast(outcome);
    return outcome;
  }

  /** Where a reader of the split starts: right after its last committed record. */
  synchronized String resumePosition(SplitProgress split) {
    return split.position();
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
      committed.add(head.counts);
      for (RecordOutcome.Line line : head.lines()) {
        lines.add(line.source(), line.position(), line.stage(), line.reason(), line.difference());
      }
      if (keys != null) {
        head.keys.forEach(keys::add);
      }
      split.lastCommitted = head.item;
      split.workDone += head.work;
    }
    if (split.inFlight.isEmpty() && split.readToEnd) {
      split.done = true;
    }
  }

  /** Whether the search for extra rows is yet to run (every split is done by then). */
  synchronized boolean extraRowsPending() {
    return keys != null && !extraRowsDone;
  }

  /** Lists and counts an extra row found in the target. */
  synchronized void extraRow(Difference extra) {
    lines.add(null, null, Stage.DIFFERENCE, extra.reason(), extra);
    committed.increment(Count.ROWS_EXTRA);
    if (extra.repaired()) {
      committed.increment(Count.ROWS_REPAIRED);
    }
  }

  /** The search for extra rows is over: the source keys are no longer needed. */
  synchronized void extraRowsDone() {
    extraRowsDone = true;
    keys = null;
  }

  synchronized Counts committed() {
    return committed.snapshot();
  }

  /** A checkpoint of exactly the committed records, with the line file flushed to match. */
  synchronized Checkpoint checkpoint() {
    long lineLength = lines.flushedLength();
    Map<String, SplitCheckpoint> saved = new LinkedHashMap<>();
    for (Map.Entry<String, SplitProgress> entry : splits.entrySet()) {
      SplitProgress progress = entry.getValue();
      Split split = progress.split;
      saved.put(
          entry.getKey(),
          new SplitCheckpoint(
              split.resource(),
              split.start(),
              split.end(),
              progress.position(),
              progress.workDone,
              progress.done));
    }
    ValidationCheckpoint validated =
        validation == null
            ? null
            : new ValidationCheckpoint(
                validation.samplePercent(),
                validation.extraRows(),
                keys == null ? 0 : keys.flush(),
                extraRowsDone);
    return new Checkpoint(
        Checkpoint.CURRENT_VERSION,
        fingerprint,
        saved,
        resources,
        committed.snapshot(),
        lineLength,
        runs,
        clock.instant(),
        validated);
  }
}
