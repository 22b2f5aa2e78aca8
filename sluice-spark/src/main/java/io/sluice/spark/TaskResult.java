package io.sluice.spark;

import io.sluice.core.count.Counts;
import io.sluice.core.flow.FlowStats;
import java.io.Serializable;
import java.util.Map;

/**
 * What a task hands back to the driver: what its run of the split committed, and what its flow
 * controller saw.
 *
 * @param splitId the split
 * @param counts what this run of the split committed, by count key
 * @param done whether every record of the split is committed now
 * @param stopReason why the split stopped before its end, or null
 * @param executor the executor that ran it
 * @param requests requests of the task answered
 * @param overloaded requests of the task refused as overloaded
 * @param struggling requests of the task that timed out or found too few replicas
 */
record TaskResult(
    String splitId,
    Map<String, Long> counts,
    boolean done,
    String stopReason,
    String executor,
    long requests,
    long overloaded,
    long struggling)
    implements Serializable {

  static TaskResult of(
      String splitId,
      Counts counts,
      boolean done,
      String stopReason,
      String executor,
      FlowStats flow) {
    return new TaskResult(
        splitId,
        Map.copyOf(counts.asMap()),
        done,
        stopReason,
        executor,
        flow == null ? 0 : flow.requests(),
        flow == null ? 0 : flow.overloaded(),
        flow == null ? 0 : flow.struggling());
  }

  Counts committed() {
    return Counts.fromMap(counts);
  }
}
