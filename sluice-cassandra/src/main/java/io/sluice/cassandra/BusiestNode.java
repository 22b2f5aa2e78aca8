package io.sluice.cassandra;

import io.sluice.core.flow.Backlog;
import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * Picks the reading a load should be steered by: the node with the most outstanding compaction
 * tasks, since one node falling behind is enough to slow reads of the ranges it holds.
 */
final class BusiestNode {

  /**
   * Most tasks first; then more bytes left; then the node name, so that ties pick the same node.
   */
  private static final Comparator<Backlog> BUSIER =
      Comparator.comparingLong(Backlog::tasks)
          .thenComparingLong(Backlog::bytesRemaining)
          .thenComparing(Backlog::node, Comparator.reverseOrder());

  private BusiestNode() {}

  /** The busiest node that could be read, or empty when none could. */
  static Optional<Backlog> of(Collection<NodeReading> readings) {
    return readings.stream().map(NodeReading::backlogIfRead).flatMap(Optional::stream).max(BUSIER);
  }
}
