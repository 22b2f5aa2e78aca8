package io.sluice.core.flow;

import java.util.Optional;

/** A backlog probe whose reading the test sets. */
final class SettableProbe implements BacklogProbe {
  volatile long tasks;

  @Override
  public String signal() {
    return "set by the test";
  }

  @Override
  public Optional<Backlog> read() {
    return Optional.of(new Backlog("node1", tasks, -1));
  }

  @Override
  public void close() {}
}
