package io.sluice.core.run;

import io.sluice.core.flow.FlowController;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.run.RejectFile.Stage;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.TargetUnavailableException;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import io.sluice.core.validate.Difference;
import io.sluice.core.validate.PrimaryKey;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * Reads one split and pushes its records through the mapper into the sink: decode failures and
 * mapping failures are rejected, mapped rows are written asynchronously under the shared in-flight
 * bound, and rows the target refused after retries are rejected as write failures. Each record's
 * outcome goes to the {@link ProgressLedger} once all its rows are acknowledged or refused.
 *
 * <p>In a validation the sink checks rows instead of writing them: records outside the sample are
 * counted as filtered, findings become difference lines, rows that could not be read are rejected
 * at the check stage, and the rows' primary keys are kept when extra rows are looked for.
 */
final class SplitWorker {

  private static final MapResult NOT_SAMPLED = new MapResult.Filtered();

  private final Migration.PlannedSource source;
  private final SplitProgress progress;
  private final SplitScheduler run;
  private final RunCounters live;
  private final ProgressLedger ledger;

  SplitWorker(Migration.PlannedSource source, SplitProgress progress, SplitScheduler run) {
    this.source = source;
    this.progress = progress;
    this.run = run;
    this.live = run.counters();
    this.ledger = run.ledger();
  }

  void run() {
    Split original = progress.split;
    Split resumed =
        new Split(
            original.source(),
            original.index(),
            original.resource(),
            progress.position,
            original.end(),
            original.sizeBytes());
    try (SplitReader reader = source.source().open(resumed)) {
      SourceItem item = null;
      long consumed = 0;
      while (!run.aborted() && (item = reader.next()) != null) {
        live.recordsRead.increment();
        // Progress counts file bytes, as the plan sizes splits: compressed ones in a .gz file,
        // whose records measure their uncompressed size.
        long fileBytes = reader.bytesRead();
        live.bytesRead.add(fileBytes - consumed);
        consumed = fileBytes;
        if (item instanceof Record record) {
          handle(record);
        } else if (item instanceof MalformedRecord malformed) {
          RecordOutcome outcome = begin(malformed, malformed.sizeBytes());
          live.rejectedDecode.increment();
          outcome.rejectedDecode = 1;
          reject(outcome, malformed.position(), Stage.DECODE, malformed.reason());
          ledger.complete(outcome);
        }
      }
      if (item == null && !run.aborted()) {
        ledger.readToEnd(progress);
      }
    } catch (IOException e) {
      run.abort(
          "cannot read split "
              + original.id()
              + " of "
              + original.resource()
              + ": "
              + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      run.abort("interrupted");
    }
  }

  private RecordOutcome begin(SourceItem item, long size) {
    return ledger.begin(progress, item.nextOffset(), size);
  }

  private void handle(Record record) throws InterruptedException {
    RecordOutcome outcome = begin(record, record.sizeBytes());
    RunOptions options = run.options();
    MapResult result =
        options.sampled()
                && !RecordSample.keeps(record.position(), options.validation().samplePercent())
            ? NOT_SAMPLED
            : run.mapper().map(record);
    if (result instanceof MapResult.Filtered) {
      live.recordsFiltered.increment();
      outcome.recordsFiltered = 1;
      ledger.complete(outcome);
      return;
    }
    if (result instanceof MapResult.Failed failed) {
      rejectMapping(outcome, record, failed.reason());
      return;
    }
    List<Map<String, Object>> values = ((MapResult.Rows) result).rows();
    long timestamp;
    try {
      timestamp = source.timestamps().timestampOf(record);
    } catch (IllegalArgumentException e) {
      rejectMapping(outcome, record, e.getMessage());
      return;
    }
    live.recordsMapped.increment();
    outcome.recordsMapped = 1;
    if (values.isEmpty()) {
      ledger.complete(outcome);
      return;
    }
    List<Row> rows = new ArrayList<>(values.size());
    for (Map<String, Object> row : values) {
      rows.add(new Row(row, timestamp, record.position()));
    }
    live.rowsProduced.add(rows.size());
    outcome.rowsProduced = rows.size();
    if (options.collectsKeys()) {
      outcome.keys = rows.stream().map(r -> PrimaryKey.of(r.values(), table()).encode()).toList();
    }
    FlowController flow = run.flow();
    int permits = rows.size();
    if (!flow.acquire(permits, record.sizeBytes(), run::aborted)) {
      // Stopping: the record stays uncommitted, and a resumed run reads it again.
      return;
    }
    run.sink()
        .write(rows)
        .whenComplete(
            (written, error) -> {
              try {
                account(outcome, rows, written, error);
              } finally {
                flow.release(permits);
              }
            });
  }

  private void rejectMapping(RecordOutcome outcome, Record record, String reason) {
    live.rejectedMapping.increment();
    outcome.rejectedMapping = 1;
    reject(outcome, record.position(), Stage.MAPPING, reason);
    ledger.complete(outcome);
  }

  private void account(RecordOutcome outcome, List<Row> rows, WriteResult result, Throwable error) {
    if (error != null) {
      Throwable cause =
          error instanceof CompletionException && error.getCause() != null
              ? error.getCause()
              : error;
      // The rows' fate is unknown: leave the record uncommitted so a resumed run rewrites it.
      run.abort(
          cause instanceof TargetUnavailableException
              ? cause.getMessage()
              : "a write failed unexpectedly: " + cause);
      return;
    }
    live.rowsWritten.add(result.written());
    live.retries.add(result.retries());
    live.rowsFailed.add(result.failed().size());
    outcome.rowsWritten = result.written();
    outcome.retries = result.retries();
    outcome.rowsFailed = result.failed().size();
    Stage stage = run.options().validating() ? Stage.CHECK : Stage.WRITE;
    for (WriteResult.FailedRow failed : result.failed()) {
      reject(outcome, failed.row().position(), stage, failed.reason());
    }
    for (WriteResult.Found found : result.differences()) {
      outcome.difference(source.source().name(), found.row().position(), found.difference());
      count(found.difference());
    }
    ledger.complete(outcome);
  }

  private void count(Difference difference) {
    switch (difference.kind()) {
      case MISSING -> live.rowsMissing.increment();
      case MISMATCH -> live.rowsMismatched.increment();
      case CHANGED_SINCE -> live.rowsChangedSince.increment();
      case EXTRA -> live.rowsExtra.increment();
    }
    if (difference.repaired()) {
      live.rowsRepaired.increment();
    }
  }

  private TableSchema table() {
    return run.mapper().table();
  }

  private void reject(RecordOutcome outcome, SourcePosition position, Stage stage, String reason) {
    outcome.reject(source.source().name(), position, stage, reason);
    run.checkErrorBudget();
  }
}
