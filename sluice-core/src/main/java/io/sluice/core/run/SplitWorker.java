package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.FlowController;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.run.RejectFile.Stage;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
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
  private final LiveCounts live;
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
    try (SplitReader reader = source.source().open(original, ledger.resumePosition(progress))) {
      SourceItem item = null;
      long consumed = 0;
      while (!run.aborted() && (item = reader.next()) != null) {
        // Progress counts file bytes, as the plan sizes splits: compressed ones in a .gz file,
        // whose records measure their uncompressed size.
        long fileBytes = reader.bytesRead();
        long bytes = fileBytes - consumed;
        consumed = fileBytes;
        if (item instanceof Record record) {
          handle(record, bytes);
        } else if (item instanceof MalformedRecord malformed) {
          RecordOutcome outcome = begin(malformed, bytes, malformed.sizeBytes());
          count(outcome, Count.REJECTED_DECODE, 1);
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

  /**
   * Registers a record just read. The live count of bytes, which the progress line turns into a
   * percent, follows the file bytes the reader consumed; the committed count, which the report
   * shows, the record's own size (for a compressed file they differ).
   */
  private RecordOutcome begin(SourceItem item, long fileBytes, long recordBytes) {
    live.increment(Count.RECORDS_READ);
    live.add(Count.BYTES_READ, fileBytes);
    return ledger.begin(progress, item, fileBytes, recordBytes);
  }

  /** Counts {@code amount} of {@code count} for the record, and in the run's live counts. */
  private void count(RecordOutcome outcome, Count count, long amount) {
    live.add(count, amount);
    outcome.counts.add(count, amount);
  }

  private void handle(Record record, long fileBytes) throws InterruptedException {
    RecordOutcome outcome = begin(record, fileBytes, record.sizeBytes());
    RunOptions options = run.options();
    MapResult result =
        options.sampled()
                && !RecordSample.keeps(record.position(), options.validation().samplePercent())
            ? NOT_SAMPLED
            : run.mapper().map(record);
    if (result instanceof MapResult.Filtered) {
      count(outcome, Count.RECORDS_FILTERED, 1);
      ledger.complete(outcome);
      return;
    }
    if (result instanceof MapResult.Failed failed) {
      rejectMapping(outcome, record, failed.reason());
      return;
    }
    MapResult.Rows mapped = (MapResult.Rows) result;
    List<Map<String, Object>> values = mapped.rows();
    long timestamp;
    try {
      timestamp = source.timestamps().timestampOf(record);
    } catch (IllegalArgumentException e) {
      rejectMapping(outcome, record, e.getMessage());
      return;
    }
    count(outcome, Count.RECORDS_MAPPED, 1);
    if (values.isEmpty()) {
      ledger.complete(outcome);
      return;
    }
    List<Row> rows = new ArrayList<>(values.size());
    for (Map<String, Object> row : values) {
      rows.add(new Row(row, timestamp, record.position(), mapped.cellTimes()));
    }
    count(outcome, Count.ROWS_PRODUCED, rows.size());
    if (options.collectsKeys()) {
      outcome.keys = rows.stream().map(r -> PrimaryKey.of(r.values(), table()).encode()).toList();
    }
    FlowController flow = run.flow();
    Sink sink = run.sink();
    int requests = sink.requests(rows);
    if (!flow.acquire(rows.size(), requests, record.sizeBytes(), run::aborted)) {
      // Stopping: the record stays uncommitted, and a resumed run reads it again.
      return;
    }
    // The answer arrives on a driver thread; accounting (reject lines, key spills) happens on the
    // run's accounting thread, and the places in the window are given back only once it is done,
    // so a run that finds nothing in flight has nothing left to account either.
    sink.write(rows)
        .whenCompleteAsync(
            (written, error) -> {
              try {
                account(outcome, rows, written, error);
              } catch (RuntimeException | Error e) {
                // The record stays uncommitted, so the saved progress ends before it and a resumed
                // run writes it again.
                run.abort("accounting a finished write failed: " + e);
              } finally {
                flow.release(requests);
              }
            },
            run.accounting());
  }

  private void rejectMapping(RecordOutcome outcome, Record record, String reason) {
    count(outcome, Count.REJECTED_MAPPING, 1);
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
    count(outcome, Count.ROWS_WRITTEN, result.written());
    count(outcome, Count.RETRIES, result.retries());
    count(outcome, Count.ROWS_FAILED, result.failed().size());
    Stage stage = run.options().validating() ? Stage.CHECK : Stage.WRITE;
    for (WriteResult.FailedRow failed : result.failed()) {
      reject(outcome, failed.row().position(), stage, failed.reason());
    }
    for (WriteResult.Found found : result.differences()) {
      outcome.difference(source.source().name(), found.row().position(), found.difference());
      countLive(found.difference());
    }
    ledger.complete(outcome);
  }

  private void countLive(Difference difference) {
    live.increment(RecordOutcome.countOf(difference.kind()));
    if (difference.repaired()) {
      live.increment(Count.ROWS_REPAIRED);
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
