package io.sluice.core.run;

import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.CountTally;
import io.sluice.core.count.Counts;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.RejectLine;
import java.util.ArrayDeque;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The committed state of one split: the acknowledged prefix of its records, and the counts, reject
 * lines and findings of the records in it. Writes complete out of order, so a record commits only
 * once it and every record before it are done; its lines go to their {@link LineStore}s then, in
 * reading order. A {@link #checkpoint()} taken at any moment describes exactly the records below
 * its position: a resumed run redoes the rest, and no record is counted or listed twice.
 *
 * <p>The position is the source's own value, computed from the last committed item only when asked
 * for, at a save, not for every record. The split's ledgers of one local run share one lock, so
 * that one checkpoint of the job sees them all and the shared line store at the same moment.
 */
public final class SplitLedger {

  private final Split split;
  private final Function<SourceItem, String> positions;
  private final LineStore lines;
  private final LineStore findings;
  private final RowsCommitted rowsCommitted;
  private final Object lock;
  private final ArrayDeque<RecordOutcome> inFlight = new ArrayDeque<>();
  private final CountTally committed = new CountTally();
  private String position;
  private SourceItem lastCommitted;
  private long workDone;
  private final long workDoneBefore;
  private boolean readToEnd;
  private boolean done;

  /**
   * A ledger with a lock of its own, for a split run by itself.
   *
   * @param saved where an earlier run left the split, or null to start at its beginning
   * @param positions the source's {@link io.sluice.core.source.Source#positionAfter}
   * @param lines where the reject lines of committed records go
   * @param findings where the findings of committed records go
   * @param rowsCommitted told of each committed record's rows, or null
   */
  public SplitLedger(
      Split split,
      SplitCheckpoint saved,
      Function<SourceItem, String> positions,
      LineStore lines,
      LineStore findings,
      RowsCommitted rowsCommitted) {
    this(split, saved, positions, lines, findings, rowsCommitted, new Object());
  }

  SplitLedger(
      Split split,
      SplitCheckpoint saved,
      Function<SourceItem, String> positions,
      LineStore lines,
      LineStore findings,
      RowsCommitted rowsCommitted,
      Object lock) {
    this.split = split;
    this.positions = positions;
    this.lines = lines;
    this.findings = findings;
    this.rowsCommitted = rowsCommitted;
    this.lock = lock;
    this.position = saved == null ? null : saved.position();
    this.workDone = workDoneIn(split, saved);
    this.workDoneBefore = workDone;
    this.done = saved != null && saved.done();
  }

  /**
   * The split's work an earlier run committed, in its own units. A checkpoint of an earlier Sluice
   * saved no work figure: its position, a byte offset there, stands in.
   */
  static long workDoneIn(Split split, SplitCheckpoint saved) {
    if (saved == null) {
      return 0;
    }
    if (saved.done()) {
      return split.work();
    }
    if (saved.workDone() != null) {
      return Math.min(split.work(), saved.workDone());
    }
    try {
      long offset = saved.position() == null ? split.start() : Long.parseLong(saved.position());
      return Math.max(0, Math.min(split.work(), offset - split.start()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  public Split split() {
    return split;
  }

  /** Whether every record of the split is committed. */
  public boolean done() {
    synchronized (lock) {
      return done;
    }
  }

  /** Where a reader of the split starts: right after its last committed record. */
  public String resumePosition() {
    synchronized (lock) {
      return position();
    }
  }

  /** The counts of the records this ledger committed (an earlier run's are not included). */
  public Counts committed() {
    synchronized (lock) {
      return committed.snapshot();
    }
  }

  /** The split's progress as a checkpoint saves it: exactly the committed records. */
  public SplitCheckpoint checkpoint() {
    synchronized (lock) {
      return new SplitCheckpoint(
          split.resource(), split.start(), split.end(), position(), workDone, done);
    }
  }

  /** The split's work this ledger committed, in its own units: an earlier run's is not included. */
  public long workDoneThisRun() {
    synchronized (lock) {
      return workDone - workDoneBefore;
    }
  }

  /** The split's work below its committed position, in its own units. */
  public long workDone() {
    synchronized (lock) {
      return workDone;
    }
  }

  /** Whether committed records hand their rows to someone: only then are rows kept. */
  boolean keepsRows() {
    return rowsCommitted != null;
  }

  private String position() {
    if (lastCommitted != null) {
      position = positions.apply(lastCommitted);
      lastCommitted = null;
    }
    return position;
  }

  /**
   * Registers a record just read: {@code work} is the split's work it took, {@code bytes} its own
   * size.
   */
  RecordOutcome begin(SourceItem item, long work, long bytes) {
    // A record's fields are not needed past its mapping: its outcome keeps its place only.
    SourceItem kept = item instanceof Record record ? record.placeOnly() : item;
    RecordOutcome outcome = new RecordOutcome(kept, work, bytes);
    synchronized (lock) {
      inFlight.addLast(outcome);
    }
    return outcome;
  }

  /** Registers what the split's sink found past its last record, committed after every record. */
  RecordOutcome beginSplitEnd() {
    RecordOutcome outcome = RecordOutcome.splitEnd();
    synchronized (lock) {
      inFlight.addLast(outcome);
    }
    return outcome;
  }

  /** Marks a record handled, and commits it and any handled records after it. */
  void complete(RecordOutcome outcome) {
    synchronized (lock) {
      outcome.complete = true;
      advance();
    }
  }

  /** The split's reader is exhausted: the split is done once its records are committed. */
  void readToEnd() {
    synchronized (lock) {
      readToEnd = true;
      advance();
    }
  }

  /**
   * Waits until no record read is left uncommitted, or {@code stopped} holds; returns whether every
   * record read is committed.
   */
  boolean awaitCommitted(BooleanSupplier stopped) throws InterruptedException {
    synchronized (lock) {
      while (!inFlight.isEmpty() && !stopped.getAsBoolean()) {
        lock.wait(100);
      }
      return inFlight.isEmpty();
    }
  }

  private void advance() {
    while (!inFlight.isEmpty() && inFlight.peekFirst().complete) {
      RecordOutcome head = inFlight.removeFirst();
      committed.add(head.counts);
      for (RejectLine line : head.lines()) {
        lines.add(line);
      }
      for (RejectLine finding : head.findings()) {
        findings.add(finding);
      }
      if (rowsCommitted != null && !head.rows.isEmpty()) {
        rowsCommitted.committed(head.rows);
      }
      if (head.item != null) {
        lastCommitted = head.item;
      }
      workDone += head.work;
    }
    if (inFlight.isEmpty()) {
      done |= readToEnd;
      lock.notifyAll();
    }
  }
}
