package io.sluice.cassandra.doctor;

import io.sluice.core.job.ClusterSpec;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a consistency level can be met with the replicas a keyspace can have: a datacenter with
 * fewer nodes than its replication factor holds only as many replicas as it has nodes. What each
 * level needs is Cassandra's own rule (a quorum is half the replicas plus one).
 */
final class ReplicasNeeded {

  /** The name {@code SimpleStrategy}'s single group of replicas goes by. */
  static final String WHOLE_CLUSTER = "";

  private ReplicasNeeded() {}

  /**
   * Why {@code consistency} cannot be met, one clause, or empty when it can.
   *
   * @param factors replication factor per datacenter ({@link #WHOLE_CLUSTER} for SimpleStrategy)
   * @param nodes nodes per datacenter (the same key for SimpleStrategy: all of them)
   * @param local the local datacenter (or {@link #WHOLE_CLUSTER})
   */
  static Optional<String> unmet(
      String consistency, Map<String, Integer> factors, Map<String, Long> nodes, String local) {
    String level =
        consistency == null
            ? ClusterSpec.DEFAULT_CONSISTENCY
            : consistency.toUpperCase(Locale.ROOT);
    int replicas = 0;
    int held = 0;
    for (Map.Entry<String, Integer> factor : factors.entrySet()) {
      replicas += factor.getValue();
      held += held(factor.getKey(), factors, nodes);
    }
    switch (level) {
      case "ANY", "ONE", "TWO", "THREE" -> {
        int needed = level.equals("TWO") ? 2 : level.equals("THREE") ? 3 : 1;
        return held >= needed
            ? Optional.empty()
            : Optional.of(
                level + " needs " + needed + " replica(s), and the cluster can hold " + held);
      }
      case "QUORUM", "SERIAL" -> {
        int needed = replicas / 2 + 1;
        return held >= needed
            ? Optional.empty()
            : Optional.of(
                level + " needs " + needed + " replicas, and the cluster can hold " + held);
      }
      case "LOCAL_ONE", "LOCAL_QUORUM", "LOCAL_SERIAL" -> {
        int factor = factors.getOrDefault(local, 0);
        int needed = level.equals("LOCAL_ONE") ? 1 : factor / 2 + 1;
        int there = held(local, factors, nodes);
        return there >= needed
            ? Optional.empty()
            : Optional.of(
                level
                    + " needs "
                    + needed
                    + " replica(s) in "
                    + where(local)
                    + ", which can hold "
                    + there);
      }
      case "EACH_QUORUM" -> {
        for (String datacenter : factors.keySet()) {
          int needed = factors.get(datacenter) / 2 + 1;
          int there = held(datacenter, factors, nodes);
          if (there < needed) {
            return Optional.of(
                "EACH_QUORUM needs "
                    + needed
                    + " replicas in "
                    + where(datacenter)
                    + ", which can hold "
                    + there);
          }
        }
        return Optional.empty();
      }
      case "ALL" -> {
        return held >= replicas
            ? Optional.empty()
            : Optional.of("ALL needs " + replicas + " replicas, and the cluster can hold " + held);
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  /** Replicas a datacenter can hold: its factor, or its node count when that is lower. */
  private static int held(
      String datacenter, Map<String, Integer> factors, Map<String, Long> nodes) {
    return (int) Math.min(factors.getOrDefault(datacenter, 0), nodes.getOrDefault(datacenter, 0L));
  }

  private static String where(String datacenter) {
    return datacenter.equals(WHOLE_CLUSTER) ? "the cluster" : "'" + datacenter + "'";
  }
}
