package io.sluice.core.run;

import io.sluice.core.state.LineStore;
import io.sluice.core.state.RejectLine;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/** Reject lines held in memory; its mark is its line count, and a reopened store keeps those. */
final class InMemoryLines implements LineStore {

  final List<RejectLine> lines = new ArrayList<>();

  /** The store as a run resuming from {@code mark} reopens it. */
  synchronized InMemoryLines reopen(long mark) {
    InMemoryLines reopened = new InMemoryLines();
    reopened.lines.addAll(lines.subList(0, (int) mark));
    return reopened;
  }

  @Override
  public synchronized void add(RejectLine line) {
    lines.add(line);
  }

  @Override
  public synchronized long mark() {
    return lines.size();
  }

  @Override
  public String location() {
    return "memory";
  }

  @Override
  public synchronized BufferedReader read() {
    StringBuilder text = new StringBuilder();
    lines.forEach(line -> text.append(line).append('\n'));
    return new BufferedReader(new StringReader(text.toString()));
  }

  @Override
  public void close() {}
}
