package io.sluice.node;

import java.time.Instant;
import java.util.OptionalLong;

/**
 * What Sluice records about a node in its folder's {@code node.json}. Its presence marks the folder
 * as one Sluice created; it keeps the ports and heap chosen at the first start, and the pid of the
 * running process.
 *
 * @param format the layout version of this record, {@value #FORMAT}
 * @param cassandraVersion the Cassandra version that last ran on this data
 * @param ports the ports of the last start
 * @param heapMb the heap of the last start, in MiB
 * @param pid the Cassandra process, or null when the node is stopped
 * @param createdAt when the folder was first set up
 * @param startedAt when the node was last launched, or null if never
 */
public record NodeState(
    int format,
    String cassandraVersion,
    NodePorts ports,
    int heapMb,
    Long pid,
    Instant createdAt,
    Instant startedAt) {

  /** The format this version of Sluice writes and reads. */
  public static final int FORMAT = 1;

  public OptionalLong runningPid() {
    return pid == null ? OptionalLong.empty() : OptionalLong.of(pid);
  }

  NodeState withPid(Long newPid) {
    return new NodeState(format, cassandraVersion, ports, heapMb, newPid, createdAt, startedAt);
  }

  NodeState launched(String version, NodePorts newPorts, int newHeapMb, Long newPid, Instant at) {
    return new NodeState(FORMAT, version, newPorts, newHeapMb, newPid, createdAt, at);
  }
}
