package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.FlowController;
import io.sluice.core.mapping.MapResult;
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
import io.sluice.core.state.RejectLine;
import io.sluice.core.state.RejectStage;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Runs one split from where its {@link SplitLedger} stands: reads its records, rejects those that
 * cannot be decoded or mapped, sends the mapped rows to the sink under the flow budget, and rejects
 * rows the sink refused. Each record's outcome goes to the ledger once all its rows are answered.
 * The local runner is a pool of workers over this; a Spark task calls {@link #run} for its split.
 *
 * <p>Answers arrive on the sink's threads (a driver's); they are accounted on the {@code
 * accounting} executor, never on the thread that delivered them. An answer already complete when
 * the sink returns it is accounted at once, on the worker. A failure while accounting stops the run
 * and leaves the record uncommitted, so the split resumes before it.
 */
public final class SplitRunner {

  /** How long a stopped split waits for writes in flight before it gives up on them. */
  public static final Duration STOP_GRACE = Duration.ofSeconds(20);

  private final Function<Record, MapResult> mapper;
  private final Sink sink;
  private final SplitSinks splitSinks;
  private final FlowController flow;
  private final Executor accounting;
  private final RunControl control;
  private final LiveCounts live;

  /** A runner that sends each split's rows to the sink's own per-split sink. */
  public SplitRunner(
      Function<Record, MapResult> mapper,
      Sink sink,
      FlowController flow,
      Executor accounting,
      RunControl control,
      LiveCounts live) {
    this(mapper, sink, SplitSinks.OWN, flow, accounting, control, live);
  }

  /**
   * @param mapper turns a record into rows (or filters or fails it)
   * @param sink where the rows go
   * @param splitSinks which sink takes each split's rows: the workflow's choice
   * @param flow the budget every write takes its permits from
   * @param accounting where answers are accounted: one thread, never a driver's
   * @param control the run's stop signal and error budget
   * @param live counts for the progress line, added to as records go
   */
  public SplitRunner(
      Function<Record, MapResult> mapper,
      Sink sink,
      SplitSinks splitSinks,
      FlowController flow,
      Executor accounting,
      RunControl control,
      LiveCounts live) {
    this.mapper = mapper;
    this.sink = sink;
    this.splitSinks = splitSinks;
    this.flow = flow;
    this.accounting = accounting;
    this.control = control;
    this.live = live;
  }

  /**
   * Runs the split to its end, or until the run stops, and waits for its writes to be answered and
   * accounted (a stopped run waits at most {@link #STOP_GRACE} for the writes in flight); returns
   * what this run committed.
   */
  public SplitResult run(PlannedSource source, SplitLedger ledger) throws InterruptedException {
    read(source, ledger);
    if (!ledger.awaitCommitted(control::stopped)) {
      flow.awaitIdle(STOP_GRACE);
    }
    return new SplitResult(ledger.committed(), ledger.checkpoint());
  }

  /** Reads the split and sends its rows, without waiting for the answers. */
  void read(PlannedSource source, SplitLedger ledger) {
    Split split = ledger.split();
    try (SplitReader reader = source.source().open(split, ledger.resumePosition())) {
      Record before = reader.resumedAfter();
      Sink splitSink =
          splitSinks.sinkFor(
              sink, source.source(), split, before == null ? List.of() : committedRows(before));
      RecordBatches batches = new RecordBatches(splitSink.batchRows());
      SourceItem item = null;
      long consumed = 0;
      long readAgain = reader.readAgain();
      while (!control.stopped() && (item = reader.next()) != null) {
        // Progress counts the split's own work (compressed bytes of a .gz file), while the
        // report counts each record's own size.
        long work = reader.workDone();
        long recordWork = work - consumed;
        consumed = work;
        // The records read again are counted with the first record read since: committed with
        // it, or read again with it.
        if (item instanceof Record record) {
          handle(splitSink, source, ledger, batches, record, recordWork, readAgain);
        } else if (item instanceof MalformedRecord malformed) {
          RecordOutcome outcome =
              begin(ledger, malformed, recordWork, malformed.sizeBytes(), readAgain);
          count(outcome, Count.REJECTED_DECODE, 1);
          reject(outcome, source, malformed.position(), RejectStage.DECODE, malformed.reason());
          ledger.complete(outcome);
        }
        readAgain = 0;
      }
      if (item == null && !control.stopped()) {
        for (RecordBatches.Batch batch : batches.drain()) {
          sendBatch(splitSink, source, ledger, batch);
        }
      }
      if (item == null && !control.stopped() && endSplit(splitSink, source, ledger)) {
        ledger.readToEnd();
      }
    } catch (IOException e) {
      control.stop(
          "cannot read split " + split.id() + " of " + split.resource() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      control.stop("interrupted");
    }
  }

  /** The rows a record an earlier run committed maps to, by their values alone. */
  private List<Row> committedRows(Record record) {
    List<Row> rows = new ArrayList<>();
    try {
      if (mapper.apply(record) instanceof MapResult.Rows mapped) {
        mapped.rows().forEach(values -> rows.add(new Row(values, 0, record.position())));
      }
    } catch (RuntimeException e) {
      // Its rows were rejected by the earlier run: there is nothing to start after.
    }
    return rows;
  }

  /**
   * Accounts what the split's sink found past the split's last record, as an outcome of its own
   * that commits after every record; it holds a place in the window until accounted, so that the
   * run waits for it. Returns false when the run stopped first: the split is then not done.
   */
  private boolean endSplit(Sink splitSink, PlannedSource source, SplitLedger ledger)
      throws InterruptedException {
    CompletionStage<WriteResult> end = splitSink.splitEnds();
    if (end == null) {
      return true;
    }
    if (!flow.acquire(0, 1, 0, control::stopped)) {
      return false;
    }
    RecordOutcome outcome = ledger.beginSplitEnd();
    end.whenCompleteAsync(
        (found, error) -> {
          try {
            account(splitSink, source, ledger, outcome, found, error);
          } catch (RuntimeException | Error e) {
            control.stop("accounting the end of a split failed: " + e);
          } finally {
            flow.release(1);
          }
        },
        accounting);
    return true;
  }

  private RecordOutcome begin(
      SplitLedger ledger, SourceItem item, long work, long recordBytes, long readAgain) {
    live.increment(Count.RECORDS_READ);
    live.add(Count.BYTES_READ, recordBytes);
    live.addWork(work);
    RecordOutcome outcome = ledger.begin(item, work, recordBytes);
    if (readAgain > 0) {
      count(outcome, Count.RECORDS_READ_AGAIN, readAgain);
    }
    return outcome;
  }

  /** Counts {@code amount} of {@code count} for the record, and in the run's live counts. */
  private void count(RecordOutcome outcome, Count count, long amount) {
    if (amount == 0) {
      // Most answers retry nothing and fail nothing: adding 0 to a shared counter still costs.
      return;
    }
    live.add(count, amount);
    outcome.counts.add(count, amount);
  }

  private void handle(
      Sink splitSink,
      PlannedSource source,
      SplitLedger ledger,
      RecordBatches batches,
      Record record,
      long work,
      long readAgain)
      throws InterruptedException {
    RecordOutcome outcome = begin(ledger, record, work, record.sizeBytes(), readAgain);
    MapResult result;
    try {
      result = mapper.apply(record);
    } catch (RuntimeException e) {
      // A mapping bug or an input no check foresaw: it is this record's problem, not the run's.
      rejectMapping(outcome, source, ledger, record, "the mapping failed: " + describe(e));
      return;
    }
    if (result instanceof MapResult.Filtered) {
      count(outcome, Count.RECORDS_FILTERED, 1);
      ledger.complete(outcome);
      return;
    }
    if (result instanceof MapResult.Failed failed) {
      rejectMapping(outcome, source, ledger, record, failed.reason());
      return;
    }
    MapResult.Rows mapped = (MapResult.Rows) result;
    long timestamp;
    try {
      timestamp = source.timestamps().timestampOf(record);
    } catch (IllegalArgumentException e) {
      rejectMapping(outcome, source, ledger, record, e.getMessage());
      return;
    }
    count(outcome, Count.RECORDS_MAPPED, 1);
    if (mapped.rows().isEmpty()) {
      ledger.complete(outcome);
      return;
    }
    List<Row> rows = new ArrayList<>(mapped.rows().size());
    for (Map<String, Object> row : mapped.rows()) {
      rows.add(new Row(row, timestamp, record.position(), mapped.cellTimes()));
    }
    count(outcome, Count.ROWS_PRODUCED, rows.size());
    if (ledger.keepsRows()) {
      outcome.rows = rows;
    }
    Object group = splitSink.batchKey(rows);
    if (group != null) {
      RecordBatches.Batch full =
          batches.add(group, new RecordBatches.Waiting(outcome, rows, record.sizeBytes()));
      if (full != null) {
        sendBatch(splitSink, source, ledger, full);
      }
      return;
    }
    int requests = splitSink.requests(rows);
    if (!flow.acquire(rows.size(), requests, record.sizeBytes(), control::stopped)) {
      // Stopping: the record stays uncommitted, and a resumed run reads it again.
      return;
    }
    // The places in the window are given back only once the answer is accounted, so a run that
    // finds nothing in flight has nothing left to account either.
    CompletionStage<WriteResult> answer;
    try {
      answer = splitSink.write(rows);
    } catch (RuntimeException e) {
      // The rows could not even be sent (a value the target's driver cannot encode): they are
      // refused like rows the target refused, and the run goes on.
      flow.release(requests);
      refuse(splitSink, outcome, source, ledger, rows, "the row cannot be sent: " + describe(e));
      return;
    }
    if (answer instanceof CompletableFuture<WriteResult> known && known.isDone()) {
      // An answer the sink had at hand (a validation's row met in the page it holds) is accounted
      // here: handing each to the accounting thread would cost more than accounting it.
      WriteResult written = null;
      Throwable error = null;
      try {
        written = known.join();
      } catch (CompletionException | CancellationException e) {
        error = e;
      }
      accountAnswer(splitSink, source, ledger, outcome, requests, written, error);
    } else {
      answer.whenCompleteAsync(
          (written, error) ->
              accountAnswer(splitSink, source, ledger, outcome, requests, written, error),
          accounting);
    }
  }

  /**
   * Sends the rows of a group of records as one request, once flow control lets it go; when the run
   * stops first, its records stay uncommitted and a resumed run reads them again.
   */
  private void sendBatch(
      Sink splitSink, PlannedSource source, SplitLedger ledger, RecordBatches.Batch batch)
      throws InterruptedException {
    List<Row> rows = batch.rows();
    if (!flow.acquire(rows.size(), 1, batch.bytes, control::stopped)) {
      return;
    }
    CompletionStage<WriteResult> answer;
    try {
      answer = splitSink.write(rows);
    } catch (RuntimeException e) {
      flow.release(1);
      for (RecordBatches.Waiting waiting : batch.records) {
        refuse(
            splitSink,
            waiting.outcome(),
            source,
            ledger,
            waiting.rows(),
            "the row cannot be sent: " + describe(e));
      }
      return;
    }
    answer.whenCompleteAsync(
        (written, error) -> accountBatch(splitSink, source, ledger, batch, written, error),
        accounting);
  }

  /**
   * Accounts a group's answer record by record: each record's rows the sink refused are its own
   * rejects, the others its written rows (the group's retries are counted once, with its first
   * record); then gives the group's place in the window back.
   */
  private void accountBatch(
      Sink splitSink,
      PlannedSource source,
      SplitLedger ledger,
      RecordBatches.Batch batch,
      WriteResult written,
      Throwable error) {
    try {
      if (error != null) {
        account(splitSink, source, ledger, batch.records.get(0).outcome(), null, error);
        return;
      }
      Map<Row, WriteResult.FailedRow> failed = new IdentityHashMap<>();
      written.failed().forEach(row -> failed.put(row.row(), row));
      long retries = written.retries();
      for (RecordBatches.Waiting waiting : batch.records) {
        List<WriteResult.FailedRow> its = failed.isEmpty() ? List.of() : new ArrayList<>();
        for (int i = 0; !failed.isEmpty() && i < waiting.rows().size(); i++) {
          WriteResult.FailedRow refused = failed.get(waiting.rows().get(i));
          if (refused != null) {
            its.add(refused);
          }
        }
        account(
            splitSink,
            source,
            ledger,
            waiting.outcome(),
            new WriteResult(waiting.rows().size() - its.size(), retries, its),
            null);
        retries = 0;
      }
    } catch (RuntimeException | Error e) {
      control.stop("accounting a finished write failed: " + e);
    } finally {
      flow.release(1);
    }
  }

  /**
   * Accounts an answer and gives its places in the window back. A failure leaves the record
   * uncommitted, so the saved progress ends before it and a resumed run writes it again.
   */
  private void accountAnswer(
      Sink splitSink,
      PlannedSource source,
      SplitLedger ledger,
      RecordOutcome outcome,
      int requests,
      WriteResult written,
      Throwable error) {
    try {
      account(splitSink, source, ledger, outcome, written, error);
    } catch (RuntimeException | Error e) {
      control.stop("accounting a finished write failed: " + e);
    } finally {
      flow.release(requests);
    }
  }

  private void refuse(
      Sink splitSink,
      RecordOutcome outcome,
      PlannedSource source,
      SplitLedger ledger,
      List<Row> rows,
      String reason) {
    count(outcome, Count.ROWS_FAILED, rows.size());
    for (Row row : rows) {
      reject(outcome, source, row.position(), splitSink.refusalStage(), reason);
    }
    ledger.complete(outcome);
  }

  private static String describe(RuntimeException e) {
    Throwable cause =
        e.getCause() != null
                && e.getMessage() != null
                && e.getMessage().equals(String.valueOf(e.getCause()))
            ? e.getCause()
            : e;
    return cause.getClass().getSimpleName()
        + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
  }

  private void rejectMapping(
      RecordOutcome outcome, PlannedSource source, SplitLedger ledger, Record record, String why) {
    count(outcome, Count.REJECTED_MAPPING, 1);
    reject(outcome, source, record.position(), RejectStage.MAPPING, why);
    ledger.complete(outcome);
  }

  private void account(
      Sink splitSink,
      PlannedSource source,
      SplitLedger ledger,
      RecordOutcome outcome,
      WriteResult result,
      Throwable error) {
    if (error != null) {
      Throwable cause =
          error instanceof CompletionException && error.getCause() != null
              ? error.getCause()
              : error;
      // The rows' fate is unknown: leave the record uncommitted so a resumed run rewrites it.
      control.stop(
          cause instanceof TargetUnavailableException
              ? cause.getMessage()
              : "a write failed unexpectedly: " + cause);
      return;
    }
    count(outcome, Count.ROWS_WRITTEN, result.written());
    count(outcome, Count.RETRIES, result.retries());
    if (result.lookedUp() > 0) {
      count(outcome, Count.ROWS_LOOKED_UP, result.lookedUp());
    }
    count(outcome, Count.ROWS_FAILED, result.failed().size());
    for (WriteResult.FailedRow failed : result.failed()) {
      reject(outcome, source, failed.row().position(), splitSink.refusalStage(), failed.reason());
    }
    for (WriteResult.Finding found : result.findings()) {
      found.counts().forEach(count -> count(outcome, count, 1));
      outcome.found(
          new RejectLine(
              source.source().name(),
              found.row() == null ? null : found.row().position(),
              RejectStage.DIFFERENCE,
              found.reason(),
              found.detail()));
    }
    ledger.complete(outcome);
  }

  private void reject(
      RecordOutcome outcome,
      PlannedSource source,
      SourcePosition position,
      RejectStage stage,
      String reason) {
    outcome.add(
        RejectLine.reject(
            source.source().name(),
            position,
            stage,
            stage == RejectStage.DECODE ? reason : withLine(source, position, reason)));
    control.rejected();
  }

  /**
   * The reason of a record refused after it was decoded, starting {@code line N:} where its source
   * has lines, as the reader's own (decode) rejects do.
   */
  private static String withLine(PlannedSource source, SourcePosition position, String reason) {
    if (position == null) {
      return reason;
    }
    OptionalLong line = source.source().lineOf(position);
    return line.isPresent() ? "line " + line.getAsLong() + ": " + reason : reason;
  }
}
