package io.sluice.core.run;

import io.sluice.core.run.RejectFile.Stage;
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
  final long nextPosition;
  long recordsMapped;
  long recordsFiltered;
  long rejectedDecode;
  long rejectedMapping;
  long rowsProduced;
  long rowsWritten;
  long rowsFailed;
  long retries;
  long rowsMissing;
  long rowsMismatched;
  long rowsChangedSince;
  long rowsRepaired;
  final long bytesRead;
  boolean complete;
  List<byte[]> keys = List.of();
  private List<Line> lines;

  RecordOutcome(SplitProgress split, long nextPosition, long bytesRead) {
    this.split = split;
    this.nextPosition = nextPosition;
    this.bytesRead = bytesRead;
  }

  void reject(String source, SourcePosition position, Stage stage, String reason) {
    add(new Line(source, position, stage, reason, null));
  }

  /** Records a validation's finding about one of the record's rows, and counts it. */
  void difference(String source, SourcePosition position, Difference difference) {
    switch (difference.kind()) {
      case MISSING -> rowsMissing++;
      case MISMATCH -> rowsMismatched++;
      case CHANGED_SINCE -> rowsChangedSince++;
      case EXTRA -> throw new IllegalArgumentException("an extra row has no source record");
    }
    rowsRepaired += difference.repaired() ? 1 : 0;
    add(new Line(source, position, Stage.DIFFERENCE, difference.reason(), difference));
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
