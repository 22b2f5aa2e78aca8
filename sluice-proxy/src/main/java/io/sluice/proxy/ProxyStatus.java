package io.sluice.proxy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;

/**
 * What {@code GET /status} of the admin endpoint answers, and {@code sluice proxy status} prints:
 * the cluster that serves reads, each cluster's nodes, the replay log's backlog, and the shadow
 * reads' rows by result per table. Counts only, but for the latest writes the replay could not send
 * because the cluster may have applied them already (a counter update that timed out): their
 * statements and values, for a person to check those rows.
 */
final class ProxyStatus {

  private static final String[] ROW_RESULTS = {
    "equal", "different", "missing_on_secondary", "extra_on_secondary"
  };

  private final Switchboard switchboard;
  private final Backend primary;
  private final Backend secondary;
  private final ProxyMetrics metrics;
  private final MissedWrites missed;
  private final Replayer replayer;

  /**
   * @param missed the writes kept for the other cluster, or null with {@code secondary-failure:
   *     strict}
   * @param replayer their replay, or null likewise
   */
  ProxyStatus(
      Switchboard switchboard,
      Backend primary,
      Backend secondary,
      ProxyMetrics metrics,
      MissedWrites missed,
      Replayer replayer) {
    this.switchboard = switchboard;
    this.primary = primary;
    this.secondary = secondary;
    this.metrics = metrics;
    this.missed = missed;
    this.replayer = replayer;
  }

  /** The status now. */
  ObjectNode now(ObjectMapper json) {
    ObjectNode status = json.createObjectNode();
    status.put("serving-reads", switchboard.serving().label());
    ObjectNode clusters = status.putObject("clusters");
    for (Backend backend : new Backend[] {primary, secondary}) {
      int[] nodes = backend.nodesUpAndKnown();
      clusters
          .putObject(backend.role().label())
          .put("nodes-up", nodes[0])
          .put("nodes-known", nodes[1]);
    }
    status.put("secondary-failure", missed == null ? "strict" : "log");
    if (missed != null) {
      ReplayLog log = missed.log();
      ObjectNode replay = status.putObject("replay-log");
      replay.put("backlog-writes", log.backlogWrites());
      replay.put("backlog-bytes", log.backlogBytes());
      replay.put("oldest-write", instant(replayer.oldestMillis()));
      replay.put("logged", sum("sluice_proxy_missed_writes", "result", "logged"));
      replay.put("replayed", sum("sluice_proxy_replayed_writes", "outcome", "ok"));
      replay.put("refused", sum("sluice_proxy_replayed_writes", "outcome", "refused"));
      UncertainWrites uncertain = replayer.uncertain();
      replay.put("uncertain", uncertain.count());
      if (uncertain.count() > 0) {
        replay.put("uncertain-file", uncertain.file().toString());
        ArrayNode latest = replay.putArray("uncertain-writes");
        for (UncertainWrites.Uncertain write : uncertain.latest()) {
          latest
              .addObject()
              .put("cluster", write.cluster().label())
              .put("made-at", instant(write.madeAtMillis()))
              .put("write", write.write());
        }
      }
      replay.put("lost", sum("sluice_proxy_missed_writes", "result", "lost"));
      replay.put("lost-from", instant(missed.firstLostMillis()));
      replay.put("lost-until", instant(missed.lastLostMillis()));
    }
    ObjectNode shadows = status.putObject("shadow-reads");
    for (Map.Entry<String, Map<String, Long>> table : metrics.shadowRows().entrySet()) {
      ObjectNode rows = shadows.putObject(table.getKey());
      long all = 0;
      long differ = 0;
      for (String result : ROW_RESULTS) {
        long count = table.getValue().getOrDefault(result, 0L);
        rows.put(result, count);
        all += count;
        differ += result.equals("equal") ? 0 : count;
      }
      rows.put("rows", all);
      rows.put("mismatch-rate", all == 0 ? 0.0 : (double) differ / all);
    }
    return status;
  }

  private long sum(String name, String label, String value) {
    long sum = 0;
    for (ClusterRole cluster : ClusterRole.values()) {
      sum += metrics.count(name, "cluster", cluster.label(), label, value);
    }
    return sum;
  }

  private static String instant(long millis) {
    return millis < 0 ? null : Instant.ofEpochMilli(millis).toString();
  }
}
