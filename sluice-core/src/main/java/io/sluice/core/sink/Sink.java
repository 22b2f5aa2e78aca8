package io.sluice.core.sink;

import io.sluice.core.source.Split;
import io.sluice.core.state.RejectStage;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A place rows are written to, such as a Cassandra table.
 *
 * <p>Writes are asynchronous: {@link #write} returns at once and the stage completes when every row
 * of the group was acknowledged or given up on. The stage never completes exceptionally for a row
 * the target refused; such rows are listed in {@link WriteResult#failed()}. Transient failures
 * (timeouts, overload, an unavailable node) are retried inside the sink. Every write carries the
 * row's explicit timestamp, so repeating a write is harmless.
 *
 * <p>Callers bound the number of requests in flight themselves; {@link #write} may be called from
 * several threads at once.
 */
public interface Sink extends AutoCloseable {

  /**
   * How many requests {@link #write} sends for these rows, which flow control counts: one per row
   * unless the sink groups rows (a batch per partition is one request).
   */
  default int requests(List<Row> rows) {
    return rows.size();
  }

  /**
   * The group a record's rows may be sent with, in one request with the rows of other records of
   * the same split and the same group (a batch of rows bound for the same replicas), up to {@link
   * #batchRows} rows; or null, the default, to send each record's rows by themselves. A grouped
   * write of several records' rows is one request ({@link #requests} is not asked), and a sink
   * answers it row by row: a row it refuses is listed alone, never the whole group.
   */
  default Object batchKey(List<Row> rows) {
    return null;
  }

  /** The most rows one grouped write holds ({@link #batchKey}). */
  default int batchRows() {
    return 1;
  }

  /**
   * The stage at which rows this sink refuses are rejected: {@code write} for a sink that writes,
   * {@code check} for one that reads rows back to compare them.
   */
  default RejectStage refusalStage() {
    return RejectStage.WRITE;
  }

  /**
   * The sink for the rows of one split, which the runner then sends in the split's order from one
   * thread; by default this sink. A sink that keeps something per split (the SSTable target's
   * segments) gives one of its own. The returned sink is not closed: it holds nothing this sink's
   * {@link #close} does not release.
   */
  default Sink forSplit(Split split) {
    return this;
  }

  /**
   * For a sink given by {@link #forSplit}, once the split's last row was sent: a stage that
   * completes when the sink is done with the split, with what it found past the split's last row as
   * a result with no written or failed rows (its {@link WriteResult#findings()}); or null when it
   * has nothing to wait for or add.
   */
  default CompletionStage<WriteResult> splitEnds() {
    return null;
  }

  /** Writes a group of rows produced from one source record. */
  CompletionStage<WriteResult> write(List<Row> rows);

  @Override
  void close();
}
