package io.sluice.core.source;

import java.io.IOException;

/**
 * Reads the records of one {@link Split}, in source order, on one thread.
 *
 * <p>A record that cannot be decoded is returned as a {@link MalformedRecord} and reading goes on.
 * An {@link IOException} means the split cannot be read further at all (a file vanished, a disk
 * failed) and aborts the run.
 */
public interface SplitReader extends AutoCloseable {

  /** Returns the next item of the split, or {@code null} when the split is exhausted. */
  SourceItem next() throws IOException;

  /**
   * The split's work consumed so far by this reader, in the units of {@link Split#work()} (file
   * bytes for a file, compressed bytes of a compressed file), for progress figures.
   */
  long workDone();

  /**
   * Records this reader read and skipped to reach the position it was opened at: a table's reader
   * fetches the page of its saved position again and skips the rows before it. 0 for a reader that
   * seeks (a file's), and for one opened at its split's start.
   */
  default long readAgain() {
    return 0;
  }

  /**
   * The last record this reader read again and skipped to reach the position it was opened at (the
   * record right before it), or null: the runner hands its rows to the workflow that picks the
   * split's sink ({@code Workflow#sinkForSplit}), for a sink that continues right after them.
   */
  default Record resumedAfter() {
    return null;
  }

  @Override
  void close() throws IOException;
}
