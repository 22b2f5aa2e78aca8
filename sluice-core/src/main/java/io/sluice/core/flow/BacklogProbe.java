package io.sluice.core.flow;

import java.util.Optional;

/**
 * Reads the target's compaction backlog, so a load can pause while compaction catches up. The
 * target decides which signal it can offer; {@link #none()} is the one for targets that expose none
 * (managed services), where latency alone steers the load.
 */
public interface BacklogProbe extends AutoCloseable {

  /** The signal in use, said once to the user, such as "pending compactions over JMX". */
  String signal();

  /** Whether the probe reads a backlog at all; {@link #none()} does not. */
  default boolean watches() {
    return true;
  }

  /**
   * Reads the backlog now: the reading of the node with the most outstanding tasks, or empty when
   * no node could be read this time (a failed read never stops the load).
   */
  Optional<Backlog> read();

  @Override
  void close();

  /** A probe for targets that expose no compaction backlog. */
  static BacklogProbe none() {
    return new BacklogProbe() {
      @Override
      public String signal() {
        return "none (latency only)";
      }

      @Override
      public boolean watches() {
        return false;
      }

      @Override
      public Optional<Backlog> read() {
        return Optional.empty();
      }

      @Override
      public void close() {}
    };
  }
}
