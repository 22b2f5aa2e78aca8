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
        bytesRead.sum());
  }

  /** A consistent-enough copy of the counters at one moment. */
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
      long bytesRead) {

    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

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
          bytesRead + o.bytesRead);
    }

    public long rejected() {
      return rejectedDecode + rejectedMapping + rowsFailed;
    }

    /** Whether every record and row is accounted for (true once all writes completed). */
    public boolean addUp() {
      return recordsRead == recordsMapped + recordsFiltered + rejectedDecode + rejectedMapping
          && rowsProduced == rowsWritten + rowsFailed;
    }
  }
}
