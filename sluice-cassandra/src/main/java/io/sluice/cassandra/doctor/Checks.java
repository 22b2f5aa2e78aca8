package io.sluice.cassandra.doctor;

import io.sluice.cassandra.doctor.ClusterFacts.KeyspaceFacts;
import io.sluice.cassandra.doctor.ClusterFacts.NodeFacts;
import io.sluice.cassandra.doctor.ClusterFacts.Readahead;
import io.sluice.cassandra.doctor.ClusterFacts.TableFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The checks of {@code sluice doctor}, each a decision over what was read of a cluster: nodes up
 * and their versions, schema agreement, the keyspace's replication against the datacenters that
 * exist, the table's settings for a bulk load, the protocol and the nodes' own rate limits, the
 * compaction signal the load watches, and a local data disk's read-ahead.
 */
public final class Checks {

  /** Read-ahead above this many KiB is warned of; about 64 KiB suits small random reads. */
  static final int READAHEAD_LIMIT_KIB = 128;

  private static final Set<String> CASSANDRA_STRATEGIES =
      Set.of("SimpleStrategy", "NetworkTopologyStrategy", "LocalStrategy");

  private Checks() {}

  /** Every finding about the cluster, in the order the console prints them. */
  public static List<Finding> of(ClusterFacts facts) {
    List<Finding> findings = new ArrayList<>();
    findings.addAll(nodes(facts));
    findings.add(schema(facts));
    if (facts.keyspaceName() != null) {
      findings.addAll(replication(facts));
    }
    if (facts.keyspace().isPresent() && facts.tableName() != null) {
      findings.addAll(table(facts));
    }
    findings.add(protocol(facts));
    findings.add(rateLimit(facts));
    if (facts.role().equals("target")) {
      findings.add(compactionSignal(facts));
    }
    facts.readahead().ifPresent(readahead -> findings.add(readahead(readahead)));
    return findings;
  }

  static List<Finding> nodes(ClusterFacts facts) {
    List<Finding> findings = new ArrayList<>();
    List<NodeFacts> down = facts.nodes().stream().filter(node -> !node.up()).toList();
    for (NodeFacts node : down) {
      int factor = replicationFactor(facts, node.datacenter());
      String found =
          "node "
              + node.address()
              + " in "
              + node.datacenter()
              + " is down"
              + (factor == 1
                  ? ", and keyspace "
                      + facts.keyspaceName()
                      + " keeps one replica there: writes to"
                      + " its token ranges fail."
                  : ": writes to its ranges rely on the other replicas, and hints pile up.");
      String fix =
          "start it (or 'nodetool removenode' a node that is gone for good) before the load.";
      findings.add(
          factor == 1 ? Finding.fail("nodes", found, fix) : Finding.warn("nodes", found, fix));
    }
    Map<String, Long> versions =
        facts.nodes().stream()
            .map(NodeFacts::version)
            .filter(Objects::nonNull)
            .collect(Collectors.groupingBy(v -> v, TreeMap::new, Collectors.counting()));
    if (versions.size() > 1) {
      findings.add(
          Finding.warn(
              "versions",
              "the nodes run different versions ("
                  + versions.entrySet().stream()
                      .map(e -> e.getKey() + " on " + e.getValue())
                      .collect(Collectors.joining(", "))
                  + "): a rolling upgrade is under way.",
              "finish the upgrade (and 'nodetool upgradesstables') before the load: schema changes"
                  + " and streaming between versions are refused."));
    }
    if (down.isEmpty()) {
      Map<String, Long> byDatacenter =
          facts.nodes().stream()
              .collect(
                  Collectors.groupingBy(
                      NodeFacts::datacenter, TreeMap::new, Collectors.counting()));
      findings.add(
          Finding.ok(
              "nodes",
              facts.nodes().size()
                  + " node(s) up ("
                  + describe(byDatacenter)
                  + ")"
                  + (versions.isEmpty() ? "" : ", version " + String.join(", ", versions.keySet()))
                  + "."));
    }
    return findings;
  }

  static Finding schema(ClusterFacts facts) {
    Map<String, List<String>> byVersion = new TreeMap<>();
    for (NodeFacts node : facts.nodes()) {
      if (node.up() && node.schemaVersion() != null) {
        byVersion.computeIfAbsent(node.schemaVersion(), v -> new ArrayList<>()).add(node.address());
      }
    }
    if (byVersion.size() > 1) {
      String versions =
          byVersion.entrySet().stream()
              .map(e -> e.getKey() + " on " + String.join(", ", e.getValue()))
              .collect(Collectors.joining("; "));
      return Finding.fail(
          "schema",
          "the nodes disagree on the schema (" + versions + ").",
          "wait a minute and run 'sluice doctor' again; if it stays, check 'nodetool"
              + " describecluster' and run 'nodetool resetlocalschema' on the odd node.");
    }
    return Finding.ok(
        "schema",
        byVersion.isEmpty()
            ? "no schema version reported."
            : "every node up agrees on schema version "
                + byVersion.keySet().iterator().next()
                + ".");
  }

  static List<Finding> replication(ClusterFacts facts) {
    String name = facts.keyspaceName();
    if (facts.keyspace().isEmpty()) {
      return List.of(
          Finding.fail(
              "keyspace",
              "keyspace " + name + " does not exist on the " + facts.role() + " cluster.",
              "create it, replicated to the datacenters that serve the application."));
    }
    KeyspaceFacts keyspace = facts.keyspace().get();
    String strategy = keyspace.strategy();
    if (!CASSANDRA_STRATEGIES.contains(strategy)) {
      return List.of(
          Finding.warn(
              "replication",
              "keyspace "
                  + name
                  + " uses "
                  + strategy
                  + ", which Apache Cassandra does not have"
                  + " (a DSE, ScyllaDB or managed service strategy).",
              "a copy into Apache Cassandra needs the keyspace created there with"
                  + " NetworkTopologyStrategy, one replication factor per datacenter."));
    }
    Map<String, Long> nodesByDatacenter =
        facts.nodes().stream()
            .collect(
                Collectors.groupingBy(NodeFacts::datacenter, TreeMap::new, Collectors.counting()));
    List<Finding> findings = new ArrayList<>();
    Map<String, Integer> factors = new TreeMap<>();
    Map<String, Long> nodes = nodesByDatacenter;
    String local = facts.localDatacenter();
    if (strategy.equals("SimpleStrategy")) {
      factors.put(
          ReplicasNeeded.WHOLE_CLUSTER, parse(keyspace.replication().get("replication_factor")));
      nodes = Map.of(ReplicasNeeded.WHOLE_CLUSTER, (long) facts.nodes().size());
      local = ReplicasNeeded.WHOLE_CLUSTER;
      if (nodesByDatacenter.size() > 1) {
        findings.add(
            Finding.warn(
                "replication",
                "keyspace "
                    + name
                    + " uses SimpleStrategy in a cluster of "
                    + nodesByDatacenter.size()
                    + " datacenters: replicas land without regard to them.",
                "use NetworkTopologyStrategy with a replication factor per datacenter."));
      }
    } else if (strategy.equals("NetworkTopologyStrategy")) {
      keyspace
          .replication()
          .forEach(
              (key, value) -> {
                if (!key.equals("class") && !key.equals("replication_factor")) {
                  factors.put(key, parse(value));
                }
              });
      for (String datacenter : factors.keySet()) {
        if (!nodesByDatacenter.containsKey(datacenter)) {
          findings.add(
              Finding.fail(
                  "replication",
                  "keyspace "
                      + name
                      + " is replicated to datacenter '"
                      + datacenter
                      + "', which has no node (datacenters: "
                      + String.join(", ", nodesByDatacenter.keySet())
                      + "): its replicas are never written and EACH_QUORUM fails.",
                  "ALTER KEYSPACE "
                      + name
                      + " WITH replication = {...} without '"
                      + datacenter
                      + "' (or with the datacenter's current name)."));
        }
      }
      if (!factors.containsKey(local)) {
        findings.add(
            Finding.fail(
                "replication",
                "keyspace "
                    + name
                    + " has no replica in the local datacenter '"
                    + local
                    + "' (it is replicated to "
                    + String.join(", ", factors.keySet())
                    + "): LOCAL_ consistency levels fail.",
                "add '"
                    + local
                    + "' to its replication, or name one of "
                    + String.join(", ", factors.keySet())
                    + " as the local datacenter."));
        return findings;
      }
    }
    findings.addAll(replicasAgainstNodes(facts, factors, nodes, local));
    if (findings.isEmpty()) {
      findings.add(
          Finding.ok(
              "replication",
              "keyspace "
                  + name
                  + ": "
                  + strategy
                  + " "
                  + keyspace.replication().entrySet().stream()
                      .filter(e -> !e.getKey().equals("class"))
                      .map(e -> e.getKey() + "=" + e.getValue())
                      .collect(Collectors.joining(", ", "{", "}"))
                  + ", every datacenter present with enough nodes."));
    }
    return findings;
  }

  /**
   * A FAIL when the job's consistency level cannot be met with the replicas the nodes can hold, a
   * WARN for a datacenter with fewer nodes than its replication factor when it can.
   */
  private static List<Finding> replicasAgainstNodes(
      ClusterFacts facts, Map<String, Integer> factors, Map<String, Long> nodes, String local) {
    String name = facts.keyspaceName();
    List<Finding> findings = new ArrayList<>();
    Optional<String> unmet = ReplicasNeeded.unmet(facts.consistency(), factors, nodes, local);
    for (Map.Entry<String, Integer> factor : factors.entrySet()) {
      long there = nodes.getOrDefault(factor.getKey(), 0L);
      if (there == 0 || factor.getValue() <= there) {
        continue;
      }
      boolean simple = factor.getKey().equals(ReplicasNeeded.WHOLE_CLUSTER);
      String found =
          "keyspace "
              + name
              + " wants "
              + factor.getValue()
              + " replicas in "
              + (simple ? "the cluster" : "'" + factor.getKey() + "'")
              + ", which has "
              + there
              + " node(s)";
      String lower =
          simple
              ? "'class': 'NetworkTopologyStrategy', '" + facts.localDatacenter() + "': " + there
              : "..., '" + factor.getKey() + "': " + there;
      if (unmet.isPresent()) {
        findings.add(
            Finding.fail(
                "replication",
                found + ": " + unmet.get() + ", so every write of the load fails.",
                "ALTER KEYSPACE "
                    + name
                    + " WITH replication = {"
                    + lower
                    + "}, add nodes, or lower the job's consistency."));
        unmet = Optional.empty();
      } else {
        findings.add(
            Finding.warn(
                "replication",
                found + ": the replicas beyond them are never written.",
                "ALTER KEYSPACE "
                    + name
                    + " WITH replication = {"
                    + lower
                    + "}, or add nodes there and run a repair."));
      }
    }
    return findings;
  }

  static List<Finding> table(ClusterFacts facts) {
    String name = facts.keyspaceName() + "." + facts.tableName();
    if (facts.table().isEmpty()) {
      return List.of(
          Finding.fail(
              "table",
              "table " + name + " does not exist on the " + facts.role() + " cluster.",
              "create it: 'sluice plan job.yaml' infers a CREATE TABLE from the sources."));
    }
    TableFacts table = facts.table().get();
    List<Finding> findings = new ArrayList<>();
    boolean target = facts.role().equals("target");
    if (target && table.compaction().equals("LeveledCompactionStrategy")) {
      findings.add(
          Finding.warn(
              "compaction",
              name
                  + " uses LeveledCompactionStrategy: under a bulk load it rewrites every SSTable"
                  + " level by level and can fall behind for days.",
              "load with UnifiedCompactionStrategy (or SizeTieredCompactionStrategy) and switch back"
                  + " after: ALTER TABLE "
                  + name
                  + " WITH compaction = {'class': 'UnifiedCompactionStrategy'}."));
    }
    if (table.gcGraceSeconds() == 0 && facts.nodes().size() > 1) {
      findings.add(
          Finding.warn(
              "gc-grace",
              name + " has gc_grace_seconds 0: a deletion a down replica missed can come back.",
              "set it above the longest time a node may be down, such as the default 864000"
                  + " (10 days)."));
    }
    if (target && !table.compressed()) {
      findings.add(
          Finding.warn(
              "compression",
              name + " is not compressed: the load takes several times the disk space.",
              "ALTER TABLE " + name + " WITH compression = {'class': 'LZ4Compressor'}."));
    }
    if (findings.isEmpty()) {
      findings.add(
          Finding.ok(
              "table",
              name
                  + ": "
                  + table.compaction()
                  + ", gc_grace_seconds "
                  + table.gcGraceSeconds()
                  + (table.compressed() ? ", compressed." : ".")));
    }
    return findings;
  }

  static Finding protocol(ClusterFacts facts) {
    String version = facts.protocolVersion();
    if (version.equals("V3") || version.equals("V2") || version.equals("V1")) {
      return Finding.warn(
          "protocol",
          "the driver speaks native protocol "
              + version
              + " to this cluster: fewer requests per"
              + " connection and no per-request keyspace.",
          "upgrade the cluster to a version that speaks V4 or V5 (Cassandra 3.0 and later).");
    }
    return Finding.ok("protocol", "native protocol " + version + ".");
  }

  static Finding rateLimit(ClusterFacts facts) {
    Map<String, String> settings = facts.settings();
    if (settings.isEmpty()) {
      return Finding.ok(
          "rate-limit",
          "the nodes' settings cannot be read here (no system_views.settings); Sluice adapts to"
              + " the overload answers of a throttling service.");
    }
    if ("true".equalsIgnoreCase(settings.get("native_transport_rate_limiting_enabled"))) {
      return Finding.warn(
          "rate-limit",
          "the nodes limit clients to "
              + settings.getOrDefault("native_transport_max_requests_per_second", "?")
              + " requests/s each (native_transport_rate_limiting_enabled).",
          "flow control holds the load below it; set flow.rows-per-second under it to avoid the"
              + " refusals, or raise the limit for the load.");
    }
    return Finding.ok("rate-limit", "the nodes set no client request rate limit.");
  }

  static Finding compactionSignal(ClusterFacts facts) {
    if (!facts.compactionWatched()) {
      return Finding.ok(
          "flow-signals",
          "the job does not watch compaction (flow.compaction.enabled: false): latency alone"
              + " steers the load.");
    }
    if (facts.backlogProblem() != null) {
      return Finding.fail("flow-signals", facts.backlogProblem(), "");
    }
    if (facts.backlogSignal() != null) {
      return Finding.ok(
          "flow-signals",
          "the load watches " + facts.backlogSignal() + " and pauses while compaction is behind.");
    }
    return Finding.warn(
        "flow-signals",
        "no compaction backlog to watch (no system_views.sstable_tasks, no flow.compaction.jmx-port).",
        "set flow.compaction.jmx-port so the load can pause while compaction catches up, or"
            + " watch the cluster's own metrics.");
  }

  static Finding readahead(Readahead readahead) {
    if (readahead.device() == null) {
      return Finding.ok(
          "readahead",
          readahead.directory() + " is not on a block device: read-ahead does not apply.");
    }
    if (readahead.kib() > READAHEAD_LIMIT_KIB) {
      return Finding.warn(
          "readahead",
          readahead.directory()
              + " is on "
              + readahead.device()
              + " with a read-ahead of "
              + readahead.kib()
              + " KiB: each small read pulls that much from the disk.",
          "about 64 KiB suits Cassandra's small random reads: 'blockdev --setra 128 /dev/"
              + readahead.device()
              + "' (in 512-byte sectors), and in a udev rule to keep it.");
    }
    return Finding.ok(
        "readahead",
        readahead.directory()
            + " is on "
            + readahead.device()
            + " with a read-ahead of "
            + readahead.kib()
            + " KiB.");
  }

  private static int replicationFactor(ClusterFacts facts, String datacenter) {
    return facts
        .keyspace()
        .map(
            keyspace ->
                parse(
                    keyspace.strategy().equals("SimpleStrategy")
                        ? keyspace.replication().get("replication_factor")
                        : keyspace.replication().get(datacenter)))
        .orElse(0);
  }

  /** A replication factor, {@code 3} or {@code 3/1} (transient replicas), 0 when absent. */
  private static int parse(String factor) {
    if (factor == null) {
      return 0;
    }
    try {
      return Integer.parseInt(factor.split("/")[0].trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String describe(Map<String, Long> counts) {
    return counts.entrySet().stream()
        .map(e -> e.getValue() + " in " + e.getKey())
        .collect(Collectors.joining(", "));
  }
}
