package io.sluice.core.run;

/**
 * The running sum of committed counts, added to in place: the ledger adds every record here, and an
 * immutable {@link RunCounters.Counts} is built only when one is asked for (a checkpoint, the
 * report). Guarded by the {@link ProgressLedger}'s lock.
 */
final class CountTally {

  private long recordsRead;
  private long recordsMapped;
  private long recordsFiltered;
  private long rejectedDecode;
  private long rejectedMapping;
  private long rowsProduced;
  private long rowsWritten;
  private long rowsFailed;
  private long retries;
  private long bytesRead;
  private long rowsMissing;
  private long rowsMismatched;
  private long rowsChangedSince;
  private long rowsExtra;
  private long rowsRepaired;

  CountTally(RunCounters.Counts start) {
    recordsRead = start.recordsRead();
    recordsMapped = start.recordsMapped();
    recordsFiltered = start.recordsFiltered();
    rejectedDecode = start.rejectedDecode();
    rejectedMapping = start.rejectedMapping();
    rowsProduced = start.rowsProduced();
    rowsWritten = start.rowsWritten();
    rowsFailed = start.rowsFailed();
    retries = start.retries();
    bytesRead = start.bytesRead();
    rowsMissing = start.rowsMissing();
    rowsMismatched = start.rowsMismatched();
    rowsChangedSince = start.rowsChangedSince();
    rowsExtra = start.rowsExtra();
    rowsRepaired = start.rowsRepaired();
  }

  void add(RecordOutcome record) {
    recordsRead++;
    recordsMapped += record.recordsMapped;
    recordsFiltered += record.recordsFiltered;
    rejectedDecode += record.rejectedDecode;
    rejectedMapping += record.rejectedMapping;
    rowsProduced += record.rowsProduced;
    rowsWritten += record.rowsWritten;
    rowsFailed += record.rowsFailed;
    retries += record.retries;
    bytesRead += record.bytesRead;
    rowsMissing += record.rowsMissing;
    rowsMismatched += record.rowsMismatched;
    rowsChangedSince += record.rowsChangedSince;
    rowsRepaired += record.rowsRepaired;
  }

  /** An extra row found in the target, which no source record gives. */
  void addExtraRow(boolean repaired) {
    rowsExtra++;
    rowsRepaired += repaired ? 1 : 0;
  }

  RunCounters.Counts snapshot() {
    return new RunCounters.Counts(
        recordsRead,
        recordsMapped,
        recordsFiltered,
        rejectedDecode,
        rejectedMapping,
        rowsProduced,
        rowsWritten,
        rowsFailed,
        retries,
        bytesRead,
        rowsMissing,
        rowsMismatched,
        rowsChangedSince,
        rowsExtra,
        rowsRepaired);
  }
}
