package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.CountTally;
import io.sluice.core.sink.Row;
import io.sluice.core.source.SourceItem;
import io.sluice.core.state.RejectLine;
import java.util.ArrayList;
import java.util.List;

/**
 * What became of one source record: the counts it contributes, its reject lines, the findings its
 * sink made about its rows (a validation's differences), and its rows. It is filled in while the
 * record is mapped and written (or checked), and handed to its {@link SplitLedger} once every row
 * of it is acknowledged or refused; only then do its counts and lines count.
 */
final class RecordOutcome {

  final SourceItem item;
  final long work;
  final CountTally counts = new CountTally();
  boolean complete;
  List<Row> rows = List.of();
  private List<RejectLine> lines;
  private List<RejectLine> findings;

  /**
   * @param item the record as read: once it is committed, the split resumes after it
   * @param work the split's work the reader consumed for this record, in the split's units
   * @param bytesRead the record's own size, for the report
   */
  RecordOutcome(SourceItem item, long work, long bytesRead) {
    this.item = item;
    this.work = work;
    counts.increment(Count.RECORDS_READ);
    counts.add(Count.BYTES_READ, bytesRead);
  }

  /** The outcome of what a sink found past a split's last record: no record of its own. */
  private RecordOutcome() {
    this.item = null;
    this.work = 0;
  }

  static RecordOutcome splitEnd() {
    return new RecordOutcome();
  }

  void add(RejectLine line) {
    if (lines == null) {
      lines = new ArrayList<>(1);
    }
    lines.add(line);
  }

  List<RejectLine> lines() {
    return lines == null ? List.of() : lines;
  }

  void found(RejectLine finding) {
    if (findings == null) {
      findings = new ArrayList<>(1);
    }
    findings.add(finding);
  }

  List<RejectLine> findings() {
    return findings == null ? List.of() : findings;
  }
}
