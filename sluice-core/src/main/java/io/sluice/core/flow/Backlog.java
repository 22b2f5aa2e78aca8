package io.sluice.core.flow;

/**
 * One reading of the compaction backlog of the busiest target node.
 *
 * @param node the node the reading is from, as {@code host:port}
 * @param tasks the compaction tasks the node has outstanding: its estimate of pending compactions
 *     where that is exposed (JMX), otherwise the compactions running now (CQL virtual tables)
 * @param bytesRemaining bytes the running compactions still have to process, or -1 if unknown
 */
public record Backlog(String node, long tasks, long bytesRemaining) {}
