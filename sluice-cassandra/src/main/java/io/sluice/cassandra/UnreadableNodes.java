package io.sluice.cassandra;

import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs nodes a backlog probe cannot read without flooding the log: once at WARN when a node starts
 * failing, at DEBUG while it keeps failing, and once at INFO when it answers again. Probes read
 * every few seconds for hours, so a node that is down would otherwise fill the log.
 */
final class UnreadableNodes {

  private static final Logger LOG = LoggerFactory.getLogger(UnreadableNodes.class);

  private final String signal;
  private final Set<String> failing = new HashSet<>();

  /**
   * @param signal how the probe reads, for the messages, such as "over JMX"
   */
  UnreadableNodes(String signal) {
    this.signal = signal;
  }

  /** Logs what the readings say about each node's readability. */
  synchronized void record(Iterable<NodeReading> readings) {
    for (NodeReading reading : readings) {
      if (reading.failure() == null) {
        if (answered(reading.node())) {
          LOG.info(
              "The compaction backlog of node {} can be read {} again.", reading.node(), signal);
        }
      } else if (failed(reading.node())) {
        LOG.warn(
            "Cannot read the compaction backlog of node {} {}: {}; the load goes on, steered by"
                + " the other nodes, and this is logged again only once the node answers.",
            reading.node(),
            signal,
            reading.failure());
      } else {
        LOG.debug(
            "Still cannot read the compaction backlog of node {} {}: {}.",
            reading.node(),
            signal,
            reading.failure());
      }
    }
  }

  /** Notes a failure; true if it is the node's first since it last answered. */
  boolean failed(String node) {
    return failing.add(node);
  }

  /** Notes an answer; true if the node had been failing. */
  boolean answered(String node) {
    return failing.remove(node);
  }
}
