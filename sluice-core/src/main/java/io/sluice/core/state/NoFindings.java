package io.sluice.core.state;

import java.io.BufferedReader;
import java.io.StringReader;

/**
 * The findings of a run whose sink finds nothing but rejects (a migration): it holds no line, so a
 * migration leaves no findings file. A finding sent here is a bug in a sink, and stops the run.
 */
public final class NoFindings implements LineStore {

  @Override
  public void add(RejectLine line) {
    throw new IllegalStateException("this run lists no findings, yet its sink found: " + line);
  }

  @Override
  public long mark() {
    return 0;
  }

  /** None: a run's report then names no findings file. */
  @Override
  public String location() {
    return null;
  }

  @Override
  public BufferedReader read() {
    return new BufferedReader(new StringReader(""));
  }

  @Override
  public void close() {}
}
