package io.sluice.core.state;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * Where a run keeps its reject lines, or its findings (a validation's differences, in a store of
 * their own), in the order their records commit. A checkpoint records a {@link #mark() mark}; a
 * resumed run reopens the store at that mark, dropping the lines of records it redoes, so no line
 * is listed twice.
 */
public interface LineStore extends AutoCloseable {

  /** Adds a line; may be called from several threads. */
  void add(RejectLine line);

  /**
   * Makes every line added so far durable and returns the store's length with them: the mark a
   * checkpoint saves, to reopen the store holding exactly those lines.
   */
  long mark();

  /** Where the lines are, for a person to read: a file path, a URL. */
  String location();

  /** Reads the lines kept so far, first to last. */
  BufferedReader read() throws IOException;

  @Override
  void close();
}
