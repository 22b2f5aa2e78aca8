package io.sluice.core.flow;

import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A backlog probe whose reading the test sets: {@link #tasks} as it is now, or readings scripted to
 * come in turn (the last of them staying). A negative reading is one that could not be taken.
 */
final class SettableProbe implements BacklogProbe {
  volatile long tasks;
  private final Queue<Long> script = new ConcurrentLinkedQueue<>();

  /** A probe that gives {@code readings} in turn, then the last of them again. */
  static SettableProbe scripted(Long... readings) {
    SettableProbe probe = new SettableProbe();
    probe.script.addAll(List.of(readings));
    return probe;
  }

  @Override
  public String signal() {
    return "set by the test";
  }

  @Override
  public Optional<Backlog> read() {
    Long next = script.poll();
    if (next != null) {
      tasks = next;
    }
    return tasks < 0 ? Optional.empty() : Optional.of(new Backlog("node1", tasks, -1));
  }

  @Override
  public void close() {}
}
