package io.sluice.core.run;

import io.sluice.core.mapping.MapResult;
import io.sluice.core.run.RejectFile.Stage;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads one split and pushes its records through the mapper into the sink: decode failures and
 * mapping failures go to the reject file, mapped rows are written asynchronously under the shared
 * in-flight bound, and rows the target refused after retries are rejected as write failures.
 */
final class SplitWorker {

  private final Migration.PlannedSource source;
  private final Split split;
  private final SplitScheduler run;
  private final RunCounters counters;

  SplitWorker(Migration.PlannedSource source, Split split, SplitScheduler run) {
    this.source = source;
    this.split = split;
    this.run = run;
    this.counters = run.counters();
  }

  void run() {
    try (SplitReader reader = source.source().open(split)) {
      SourceItem item;
      while (!run.aborted() && (item = reader.next()) != null) {
        counters.recordsRead.increment();
        if (item instanceof Record record) {
          counters.bytesRead.add(record.sizeBytes());
          handle(record);
        } else if (item instanceof MalformedRecord malformed) {
          counters.bytesRead.add(malformed.sizeBytes());
          counters.rejectedDecode.increment();
          reject(malformed.position(), Stage.DECODE, malformed.reason());
        }
      }
    } catch (IOException e) {
      run.abort(
          "cannot read split " + split.id() + " of " + split.resource() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      run.abort("interrupted");
    }
  }

  private void handle(Record record) throws InterruptedException {
    MapResult result = run.mapper().map(record);
    if (result instanceof MapResult.Filtered) {
      counters.recordsFiltered.increment();
      return;
    }
    if (result instanceof MapResult.Failed failed) {
      counters.rejectedMapping.increment();
      reject(record.position(), Stage.MAPPING, failed.reason());
      return;
    }
    List<Map<String, Object>> values = ((MapResult.Rows) result).rows();
    long timestamp;
    try {
      timestamp = source.timestamps().timestampOf(record);
    } catch (IllegalArgumentException e) {
      counters.rejectedMapping.increment();
      reject(record.position(), Stage.MAPPING, e.getMessage());
      return;
    }
    counters.recordsMapped.increment();
    if (values.isEmpty()) {
      return;
    }
    List<Row> rows = new ArrayList<>(values.size());
    for (Map<String, Object> row : values) {
      rows.add(new Row(row, timestamp, record.position()));
    }
    counters.rowsProduced.add(rows.size());
    int permits = Math.min(rows.size(), run.maxInFlight());
    run.inFlight().acquire(permits);
    run.sink()
        .write(rows)
        .whenComplete(
            (written, error) -> {
              try {
                account(rows, written, error);
              } finally {
                run.inFlight().release(permits);
              }
            });
  }

  private void account(List<Row> rows, WriteResult result, Throwable error) {
    if (error != null) {
      counters.rowsFailed.add(rows.size());
      for (Row row : rows) {
        reject(row.position(), Stage.WRITE, "write failed: " + error.getMessage());
      }
      return;
    }
    counters.rowsWritten.add(result.written());
    counters.retries.add(result.retries());
    counters.rowsFailed.add(result.failed().size());
    for (WriteResult.FailedRow failed : result.failed()) {
      reject(failed.row().position(), Stage.WRITE, failed.reason());
    }
  }

  private void reject(io.sluice.core.source.SourcePosition position, Stage stage, String reason) {
    run.rejects().add(source.source().name(), position, stage, reason);
    run.checkErrorBudget();
  }
}
