package io.sluice.cassandra;

import io.sluice.core.flow.Backlog;
import java.util.Optional;

/**
 * What one node gave when a backlog probe read it: its backlog, or why it could not be read. The
 * probes collect one per node and keep the busiest; failures only feed the log (and, for JMX, the
 * check when the probe opens).
 *
 * @param node the node, as {@code host:port} of its CQL address
 * @param backlog what it reported, or null if it could not be read
 * @param failure why it could not be read (no secrets), or null if it was read
 */
record NodeReading(String node, Backlog backlog, String failure) {

  static NodeReading read(Backlog backlog) {
    return new NodeReading(backlog.node(), backlog, null);
  }

  static NodeReading failed(String node, String failure) {
    return new NodeReading(node, null, failure);
  }

  Optional<Backlog> backlogIfRead() {
    return Optional.ofNullable(backlog);
  }
}
