package io.sluice.core.run;

import java.util.concurrent.atomic.LongAdder;

/**
 * The live counts of a run, updated by every worker and write callback. They add up at the end:
 * {@code recordsRead = recordsMapped + recordsFiltered + rejectedDecode + rejectedMapping} and
 * {@code rowsProduced = rowsWritten + rowsFailed}.
 */
public final class RunCounters {

  final LongAdder recordsRead = new LongAdder();
  final LongAdder recordsMapped = new LongAdder();
  final LongAdder recordsFiltered = new LongAdder();
  final LongAdder rejectedDecode = new LongAdder();
  final LongAdder rejectedMapping = new LongAdder();
  final LongAdder rowsProduced = new LongAdder();
  final LongAdder rowsWritten = new LongAdder();
  final LongAdder rowsFailed = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder bytesRead = new LongAdder();
  final LongAdder rowsMissing = new LongAdder();
  final LongAdder rowsMismatched = new LongAdder();
  final LongAdder rowsChangedSince = new LongAdder();
  final LongAdder rowsExtra = new LongAdder();
  final LongAdder rowsRepaired = new LongAdder();

  /** Rejected records and rows, the figure {@code max-errors} is judged on. */
  long errors() {
    return rejectedDecode.sum() + rejectedMapping.sum() + rowsFailed.sum();
  }

  public Counts snapshot() {
    return new Counts(
        recordsRead.sum(),
        recordsMapped.sum(),
        recordsFiltered.sum(),
        rejectedDecode.sum(),
        rejectedMapping.sum(),
        rowsProduced.sum(),
        rowsWritten.sum(),
        rowsFailed.sum(),
        retries.sum(),
        bytesRead.sum(),
        rowsMissing.sum(),
        rowsMismatched.sum(),
        rowsChangedSince.sum(),
        rowsExtra.sum(),
        rowsRepaired.sum());
  }

  /**
   * A consistent-enough copy of the counters at one moment.
   *
   * <p>In a validation, rows are checked rather than written: {@code rowsWritten} counts the rows
   * compared with the target, {@code rowsFailed} those that could not be read, and the last five
   * counts say what the comparisons found. A migration leaves those five at zero.
   *
   * @param rowsMissing rows of the source without a row in the target
   * @param rowsMismatched rows that differ in the target, not because of newer writes
   * @param rowsChangedSince rows that differ because a newer write changed them in the target
   * @param rowsExtra rows in the target that no source record gives
   * @param rowsRepaired missing and mismatched rows rewritten and read back equal, and extra rows
   *     deleted
   */
  public record Counts(
      long recordsRead,
      long recordsMapped,
      long recordsFiltered,
      long rejectedDecode,
      long rejectedMapping,
      long rowsProduced,
      long rowsWritten,
      long rowsFailed,
      long retries,
      long bytesRead,
      long rowsMissing,
      long rowsMismatched,
      long rowsChangedSince,
      long rowsExtra,
      long rowsRepaired) {

    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public Counts plus(Counts o) {
      return new Counts(
          recordsRead + o.recordsRead,
          recordsMapped + o.recordsMapped,
          recordsFiltered + o.recordsFiltered,
          rejectedDecode + o.rejectedDecode,
          rejectedMapping + o.rejectedMapping,
          rowsProduced + o.rowsProduced,
          rowsWritten + o.rowsWritten,
          rowsFailed + o.rowsFailed,
          retries + o.retries,
          bytesRead + o.bytesRead,
          rowsMissing + o.rowsMissing,
          rowsMismatched + o.rowsMismatched,
          rowsChangedSince + o.rowsChangedSince,
          rowsExtra + o.rowsExtra,
          rowsRepaired + o.rowsRepaired);
    }

    public long rejected() {
      return rejectedDecode + rejectedMapping + rowsFailed;
    }

    /** Rows a validation found missing, mismatched or extra: changed-since rows are not counted. */
    public long differences() {
      return rowsMissing + rowsMismatched + rowsExtra;
    }

    /** Rows a validation checked and found equal in the target. */
    public long rowsMatching() {
      return rowsWritten - rowsMissing - rowsMismatched - rowsChangedSince;
    }

    /** Whether every record and row is accounted for (true once all writes completed). */
    public boolean addUp() {
      return recordsRead == recordsMapped + recordsFiltered + rejectedDecode + rejectedMapping
          && rowsProduced == rowsWritten + rowsFailed;
    }
  }
}
