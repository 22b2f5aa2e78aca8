package io.sluice.sstables;

import io.sluice.cassandra.RowCells;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.TargetUnavailableException;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Writes rows as SSTables through the writer process: each split in segments of its own (a folder
 * of complete files), a row acknowledged only once the segment holding it is closed, so the runner
 * saves a split's progress only up to rows whose files are whole. It sends no request to a cluster
 * ({@link #requests} is 0): the user's rows/s and bytes/s alone hold it back.
 */
final class SstableSink implements Sink {

  private static final ByteBuffer NO_TTL = RowCells.UNSET;

  /**
   * What a write's TTL marker gets: unset for the table's default, a TTL of 0 for cells that do not
   * expire, or their expiry second (8 bytes), which the writer process turns into the TTL left at
   * the moment it writes the row (a segment's rows are written when the segment closes).
   */
  private static ByteBuffer ttlSlot(Long expiresAtSecond) {
    if (expiresAtSecond == null) {
      return NO_TTL;
    }
    if (expiresAtSecond == CellTime.NEVER) {
      return ByteBuffer.allocate(4).putInt(0, 0);
    }
    return ByteBuffer.allocate(8).putLong(0, expiresAtSecond);
  }

  private final WriterProcess writer;
  private final SegmentFolders folders;
  private final TableDefinition table;
  private final List<RowCells.Statement> statements;
  private final int bufferMib;
  private final int segmentRows;
  private final String runStamp;
  private final long[] cuts;
  private final SplitWriter unsplit;

  /** Segments opened in the writer and not yet settled. */
  private final AtomicInteger openSegments = new AtomicInteger();

  private final BiConsumer<WriterProcess, Boolean> release;

  SstableSink(
      WriterProcess writer,
      SegmentFolders folders,
      TableDefinition table,
      int bufferMib,
      int segmentRows,
      String runStamp,
      long[] cuts,
      BiConsumer<WriterProcess, Boolean> release) {
    this.cuts = cuts;
    this.release = release;
    this.writer = writer;
    this.folders = folders;
    this.table = table;
    this.statements = table.cells().statements();
    this.bufferMib = bufferMib;
    this.segmentRows = segmentRows;
    this.runStamp = runStamp;
    this.unsplit = new SplitWriter("all");
  }

  @Override
  public int requests(List<Row> rows) {
    return 0;
  }

  @Override
  public Sink forSplit(Split split) {
    return new SplitWriter(split.id());
  }

  @Override
  public CompletionStage<WriteResult> write(List<Row> rows) {
    return unsplit.write(rows);
  }

  @Override
  public CompletionStage<WriteResult> splitEnds() {
    return unsplit.splitEnds();
  }

  /**
   * Closes the rows written outside any split, then gives the writer process back to its target,
   * saying whether this sink left a segment open in it (a task stopped in the middle of a split):
   * such a process holds that segment's rows, and is not used again.
   */
  @Override
  public void close() {
    try {
      unsplit.splitEnds().toCompletableFuture().join();
    } finally {
      release.accept(writer, openSegments.get() == 0);
    }
  }

  /**
   * One record's rows, waiting for their segment to close. Only their positions are kept, for the
   * rejects: a segment holds many thousands of records, and their values are already sent.
   */
  private static final class Pending {
    final SourcePosition[] positions;
    final List<WriteResult.FailedRow> failed = new ArrayList<>(0);
    final CompletableFuture<WriteResult> result = new CompletableFuture<>();

    Pending(List<Row> rows) {
      positions = new SourcePosition[rows.size()];
      for (int i = 0; i < positions.length; i++) {
        positions[i] = rows.get(i).position();
      }
    }
  }

  /**
   * One open segment: its records, and for each write it sent (by number) the record and the row of
   * that record it came from, to find the row of a write the writer refuses.
   */
  private final class Segment {
    final int id = writer.nextSegment();
    final Path tableFolder;
    final List<Pending> pending = new ArrayList<>();
    final Map<Long, String> refused = new ConcurrentHashMap<>();
    private long[] writeOwners = new long[1024];
    private int writes;

    Segment(String splitId) {
      tableFolder = folders.create(splitId, runStamp + "-" + String.format("%06d", id));
      writer.open(
          id,
          tableFolder,
          table.createTable(),
          table.createTypes(),
          statements,
          bufferMib,
          table.partitionKeyColumns(),
          cuts,
          refused::put);
      openSegments.incrementAndGet();
    }

    /** Numbers the next write, of row {@code row} of record {@code record}. */
    int nextWrite(int record, int row) {
      if (writes == writeOwners.length) {
        writeOwners = Arrays.copyOf(writeOwners, writes * 2);
      }
      writeOwners[writes] = ((long) record << 32) | row;
      return writes++;
    }

    /** The refused rows of each record that has any, by record and row, with the reason. */
    Map<Integer, Map<Integer, String>> refusedRows() {
      Map<Integer, Map<Integer, String>> rows = new HashMap<>();
      refused.forEach(
          (write, reason) -> {
            long owner = writeOwners[write.intValue()];
            rows.computeIfAbsent((int) (owner >>> 32), r -> new HashMap<>())
                .putIfAbsent((int) owner, reason);
          });
      return rows;
    }
  }

  /** The sink of one split: its rows go to its own segments, in order, from one thread. */
  private final class SplitWriter implements Sink {
    private final String splitId;
    private Segment segment;
    private int rowsInSegment;

    /** Every segment of the split closed so far, settled: the writer may answer out of order. */
    private CompletableFuture<Void> closed = CompletableFuture.completedFuture(null);

    SplitWriter(String splitId) {
      this.splitId = splitId;
    }

    @Override
    public int requests(List<Row> rows) {
      return 0;
    }

    /**
     * Sends the record's rows to the writer. When the writer cannot take them (it is gone, or a
     * segment cannot be opened), the stage fails as a target that is gone does: the run stops with
     * its progress saved before these rows, which a resumed run writes again.
     */
    @Override
    public synchronized CompletionStage<WriteResult> write(List<Row> rows) {
      try {
        return send(rows);
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(unavailable(e.getMessage(), e));
      }
    }

    private CompletionStage<WriteResult> send(List<Row> rows) {
      if (segment == null) {
        segment = new Segment(splitId);
        rowsInSegment = 0;
      }
      Pending record = new Pending(rows);
      int recordIndex = segment.pending.size();
      for (int r = 0; r < rows.size(); r++) {
        Row row = rows.get(r);
        List<RowCells.Write> writes;
        try {
          writes = table.cells().writes(row);
        } catch (IllegalArgumentException e) {
          record.failed.add(failure(row.position(), e.getMessage()));
          continue;
        }
        for (RowCells.Write write : writes) {
          List<ByteBuffer> values = new ArrayList<>(write.values().size() + 2);
          values.addAll(write.values());
          values.add(ByteBuffer.allocate(8).putLong(0, write.timestampMicros()));
          values.add(ttlSlot(write.expiresAtSecond()));
          writer.row(
              segment.id,
              segment.nextWrite(recordIndex, r),
              write.statement(),
              values,
              RowCells.UNSET);
        }
      }
      segment.pending.add(record);
      rowsInSegment += rows.size();
      CompletionStage<WriteResult> result = record.result;
      if (rowsInSegment >= segmentRows) {
        closeSegment();
      }
      return result;
    }

    @Override
    public synchronized CompletionStage<WriteResult> splitEnds() {
      try {
        closeSegment();
        return closed.thenApply(done -> new WriteResult(0, 0, List.of()));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(unavailable(e.getMessage(), e));
      }
    }

    private void closeSegment() {
      Segment closing = segment;
      segment = null;
      if (closing == null) {
        return;
      }
      CompletableFuture<Void> settled =
          writer
              .close(closing.id)
              .handle(
                  (answer, failure) -> {
                    settle(closing, answer, failure);
                    return null;
                  });
      closed = CompletableFuture.allOf(closed, settled);
    }

    /**
     * Acknowledges every record of a closed segment once its files are complete. When they are not,
     * the records' stages fail as a target that is gone does: nothing of the segment counts, and a
     * resumed run writes it again.
     */
    private void settle(Segment closed, WriterProcess.Closed answer, Throwable failure) {
      openSegments.decrementAndGet();
      String error = failure != null ? failure.getMessage() : answer.ok() ? null : answer.error();
      if (error == null) {
        try {
          SegmentFolders.markComplete(SegmentFolders.segmentOf(closed.tableFolder));
        } catch (java.io.IOException e) {
          error = "cannot mark its SSTables complete: " + e.getMessage();
        }
      }
      if (error != null) {
        TargetUnavailableException gone =
            unavailable(
                "the SSTable writer could not complete a segment's files: " + error, failure);
        closed.pending.forEach(record -> record.result.completeExceptionally(gone));
        return;
      }
      Map<Integer, Map<Integer, String>> refusedRows = closed.refusedRows();
      for (int i = 0; i < closed.pending.size(); i++) {
        Pending record = closed.pending.get(i);
        Map<Integer, String> refusedHere = refusedRows.getOrDefault(i, Map.of());
        List<WriteResult.FailedRow> failed = record.failed;
        if (!refusedHere.isEmpty()) {
          failed = new ArrayList<>(failed);
          for (Map.Entry<Integer, String> refusal : refusedHere.entrySet()) {
            failed.add(
                failure(
                    record.positions[refusal.getKey()],
                    "the SSTable writer refused the row: " + refusal.getValue()));
          }
        }
        record.result.complete(new WriteResult(record.positions.length - failed.size(), 0, failed));
      }
    }

    @Override
    public void close() {}
  }

  /** A row that was not written; only its position goes into the reject. */
  private static WriteResult.FailedRow failure(SourcePosition position, String reason) {
    return new WriteResult.FailedRow(new Row(Map.of(), 0, position), reason);
  }

  private static TargetUnavailableException unavailable(String message, Throwable cause) {
    return new TargetUnavailableException(message, cause);
  }
}
