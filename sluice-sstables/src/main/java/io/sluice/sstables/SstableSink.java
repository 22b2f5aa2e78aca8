package io.sluice.sstables;

import io.sluice.cassandra.RowCells;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.TargetUnavailableException;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.Split;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes rows as SSTables through the writer process: each split in segments of its own (a folder
 * of complete files), a row acknowledged only once the segment holding it is closed, so the runner
 * saves a split's progress only up to rows whose files are whole. It sends no request to a cluster
 * ({@link #requests} is 0): the user's rows/s and bytes/s alone hold it back.
 */
final class SstableSink implements Sink {

  private static final ByteBuffer NO_TTL = RowCells.UNSET;

  private final WriterProcess writer;
  private final SegmentFolders folders;
  private final TableDefinition table;
  private final String insert;
  private final int bufferMib;
  private final int segmentRows;
  private final String runStamp;
  private final AtomicInteger segments = new AtomicInteger();
  private final SplitWriter unsplit;

  SstableSink(
      WriterProcess writer,
      SegmentFolders folders,
      TableDefinition table,
      int bufferMib,
      int segmentRows,
      String runStamp) {
    this.writer = writer;
    this.folders = folders;
    this.table = table;
    this.insert = table.insert(quoted(table.keyspace()) + "." + quoted(table.table()));
    this.bufferMib = bufferMib;
    this.segmentRows = segmentRows;
    this.runStamp = runStamp;
    this.unsplit = new SplitWriter("all");
  }

  private static String quoted(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  @Override
  public int requests(List<Row> rows) {
    return 0;
  }

  @Override
  public Sink forSplit(Split split, boolean keyOrdered) {
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

  @Override
  public void close() {
    unsplit.splitEnds().toCompletableFuture().join();
    writer.close();
  }

  /** The rows of one record, waiting for their segment to close. */
  private static final class Pending {
    final List<Row> rows;
    final List<WriteResult.FailedRow> failed = new ArrayList<>();
    final CompletableFuture<WriteResult> result = new CompletableFuture<>();

    Pending(List<Row> rows) {
      this.rows = rows;
    }
  }

  /** One open segment: its writes by number (to find a refused one's row), and its records. */
  private final class Segment {
    final int id = segments.incrementAndGet();
    final Path tableFolder;
    final List<Row> byNumber = new ArrayList<>();
    final List<Pending> pending = new ArrayList<>();
    final Map<Long, String> refused = new ConcurrentHashMap<>();

    Segment(String splitId) {
      tableFolder = folders.create(splitId, runStamp + "-" + String.format("%06d", id));
      writer.open(
          id,
          tableFolder,
          table.createTable(),
          table.createTypes(),
          insert,
          bufferMib,
          refused::put);
    }

    /** The rows the writer refused, with its reason. */
    Map<Row, String> refusedRows() {
      Map<Row, String> rows = new IdentityHashMap<>();
      refused.forEach((number, reason) -> rows.put(byNumber.get(number.intValue()), reason));
      return rows;
    }
  }

  /** The sink of one split: its rows go to its own segments, in order, from one thread. */
  private final class SplitWriter implements Sink {
    private final String splitId;
    private Segment segment;
    private int rowsInSegment;

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
      for (Row row : rows) {
        List<RowCells.Write> writes;
        try {
          writes = table.cells().writes(row);
        } catch (IllegalArgumentException e) {
          record.failed.add(new WriteResult.FailedRow(row, e.getMessage()));
          continue;
        }
        for (RowCells.Write write : writes) {
          List<ByteBuffer> values = new ArrayList<>(write.values().size() + 2);
          values.addAll(write.values());
          values.add(ByteBuffer.allocate(8).putLong(0, write.timestampMicros()));
          values.add(
              write.ttlSeconds() == null
                  ? NO_TTL
                  : ByteBuffer.allocate(4).putInt(0, write.ttlSeconds()));
          int number = segment.byNumber.size();
          segment.byNumber.add(row);
          writer.row(segment.id, number, values, RowCells.UNSET);
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
        return closeSegment().thenApply(done -> new WriteResult(0, 0, List.of()));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(unavailable(e.getMessage(), e));
      }
    }

    private CompletableFuture<Void> closeSegment() {
      Segment closing = segment;
      segment = null;
      if (closing == null) {
        return CompletableFuture.completedFuture(null);
      }
      return writer
          .close(closing.id)
          .handle(
              (closed, failure) -> {
                settle(closing, closed, failure);
                return null;
              });
    }

    /**
     * Acknowledges every record of a closed segment once its files are complete. When they are not,
     * the records' stages fail as a target that is gone does: nothing of the segment counts, and a
     * resumed run writes it again.
     */
    private void settle(Segment closed, WriterProcess.Closed answer, Throwable failure) {
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
      Map<Row, String> refusedRows = closed.refusedRows();
      for (Pending record : closed.pending) {
        List<WriteResult.FailedRow> failed = new ArrayList<>(record.failed);
        long written = 0;
        for (Row row : record.rows) {
          if (record.failed.stream().anyMatch(f -> f.row() == row)) {
            continue;
          }
          if (refusedRows.containsKey(row)) {
            failed.add(
                new WriteResult.FailedRow(
                    row, "the SSTable writer refused the row: " + refusedRows.get(row)));
          } else {
            written++;
          }
        }
        record.result.complete(new WriteResult(written, 0, failed));
      }
    }

    @Override
    public void close() {}
  }

  private static TargetUnavailableException unavailable(String message, Throwable cause) {
    return new TargetUnavailableException(message, cause);
  }
}
