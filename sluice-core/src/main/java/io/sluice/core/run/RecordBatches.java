package io.sluice.core.run;

import io.sluice.core.sink.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records of one split waiting to be sent together, by the group their sink puts them in
 * ({@link io.sluice.core.sink.Sink#batchKey}): a group goes as one request once it holds the sink's
 * most rows, or {@link #MAX_BYTES} of its records, and the rest when the split ends. Records
 * waiting here hold no place in the flow window, so a worker that waits for one never waits on its
 * own unsent rows. One worker uses it, from one thread.
 */
final class RecordBatches {

  /**
   * The most source bytes a group holds: well below the size at which Cassandra refuses a batch (50
   * KiB by default), counted on the records as read, which their rows' size follows.
   */
  static final long MAX_BYTES = 16 * 1024;

  /** A record whose rows wait in a group, with the outcome its answer completes. */
  record Waiting(RecordOutcome outcome, List<Row> rows, long bytes) {}

  /** The records of one group, in the order read. */
  static final class Batch {
    final List<Waiting> records = new ArrayList<>();
    int rows;
    long bytes;

    /** Every row of the group, its records' in order. */
    List<Row> rows() {
      List<Row> all = new ArrayList<>(rows);
      for (Waiting waiting : records) {
        for (Row row : waiting.rows()) {
          all.add(row);
        }
      }
      return all;
    }
  }

  private final Map<Object, Batch> open = new LinkedHashMap<>();
  private final int maxRows;

  RecordBatches(int maxRows) {
    this.maxRows = maxRows;
  }

  /**
   * Adds a record to its group; returns the group when it is full and to be sent now, else null.
   */
  Batch add(Object key, Waiting record) {
    Batch batch = open.computeIfAbsent(key, k -> new Batch());
    batch.records.add(record);
    batch.rows += record.rows().size();
    batch.bytes += record.bytes();
    if (batch.rows >= maxRows || batch.bytes >= MAX_BYTES) {
      open.remove(key);
      return batch;
    }
    return null;
  }

  /** Takes every group not sent yet, in the order they were opened. */
  List<Batch> drain() {
    List<Batch> left = new ArrayList<>(open.values());
    open.clear();
    return left;
  }
}
