package io.sluice.core.run;

import io.sluice.core.run.RejectFile.Stage;
import io.sluice.core.source.SourcePosition;
import java.util.ArrayList;
import java.util.List;

/**
 * What became of one source record: the counts it contributes and its reject lines. It is filled in
 * while the record is mapped and written, and handed to the {@link ProgressLedger} once every row
 * of it is acknowledged or refused; only then do its counts and rejects count.
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
  final long bytesRead;
  boolean complete;
  private List<Reject> rejects;

  RecordOutcome(SplitProgress split, long nextPosition, long bytesRead) {
    this.split = split;
    this.nextPosition = nextPosition;
    this.bytesRead = bytesRead;
  }

  void reject(String source, SourcePosition position, Stage stage, String reason) {
    if (rejects == null) {
      rejects = new ArrayList<>(1);
    }
    rejects.add(new Reject(source, position, stage, reason));
  }

  List<Reject> rejects() {
    return rejects == null ? List.of() : rejects;
  }

  RunCounters.Counts counts() {
    return new RunCounters.Counts(
        1,
        recordsMapped,
        recordsFiltered,
        rejectedDecode,
        rejectedMapping,
        rowsProduced,
        rowsWritten,
        rowsFailed,
        retries,
        bytesRead);
  }

  record Reject(String source, SourcePosition position, Stage stage, String reason) {}
}
