package io.sluice.node;

/** How {@link LocalNode#stop} ended. */
public enum StopResult {
  /** Cassandra shut down cleanly after being asked to. */
  STOPPED,
  /** Cassandra did not shut down within the grace period and was killed. */
  KILLED,
  /** No Cassandra of this folder was running; nothing was done. */
  WAS_NOT_RUNNING
}
