package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.CountTally;
import io.sluice.core.run.RejectFile.Stage;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.validate.Difference;
import java.util.ArrayList;
import java.util.List;

/**
 * What became of one source record: the counts it contributes, its reject and difference lines and,
 * when a validation looks for extra rows, the primary keys of its rows. It is filled in while the
 * record is mapped and written (or checked), and handed to the {@link ProgressLedger} once every
 * row of it is acknowledged or refused; only then do its counts, lines and keys count.
 */
final class RecordOutcome {

  final SplitProgress split;
  final SourceItem item;
  final long work;
  final CountTally counts = new CountTally();
  boolean complete;
  List<byte[]> keys = List.of();
  private List<Line> lines;

  /**
   * @param item the record as read: once it is committed, the split resumes after it
   * @param work the split's work the reader consumed for this record, in the split's units
   * @param bytesRead the record's own size, for the report
   */
  RecordOutcome(SplitProgress split, SourceItem item, long work, long bytesRead) {
    this.split = split;
    this.item = item;
    this.work = work;
    counts.increment(Count.RECORDS_READ);
    counts.add(Count.BYTES_READ, bytesRead);
  }

  void reject(String source, SourcePosition position, Stage stage, String reason) {
    add(new Line(source, position, stage, reason, null));
  }

  /** Records a validation's finding about one of the record's rows, and counts it. */
  void difference(String source, SourcePosition position, Difference difference) {
    if (difference.kind() == Difference.Kind.EXTRA) {
      throw new IllegalArgumentException("an extra row has no source record");
    }
    counts.increment(countOf(difference.kind()));
    if (difference.repaired()) {
      counts.increment(Count.ROWS_REPAIRED);
    }
    add(new Line(source, position, Stage.DIFFERENCE, difference.reason(), difference));
  }

  /** The count a finding of this kind adds to. */
  static Count countOf(Difference.Kind kind) {
    return switch (kind) {
      case MISSING -> Count.ROWS_MISSING;
      case MISMATCH -> Count.ROWS_MISMATCHED;
      case CHANGED_SINCE -> Count.ROWS_CHANGED_SINCE;
      case EXTRA -> Count.ROWS_EXTRA;
    };
  }

  private void add(Line line) {
    if (lines == null) {
      lines = new ArrayList<>(1);
    }
    lines.add(line);
  }

  List<Line> lines() {
    return lines == null ? List.of() : lines;
  }

  /** A line for the reject (or differences) file; {@code difference} is null for a reject. */
  record Line(
      String source, SourcePosition position, Stage stage, String reason, Difference difference) {}
}
