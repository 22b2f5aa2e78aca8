package io.sluice.cassandra.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cassandra.doctor.ClusterFacts.KeyspaceFacts;
import io.sluice.cassandra.doctor.ClusterFacts.NodeFacts;
import io.sluice.cassandra.doctor.ClusterFacts.Readahead;
import io.sluice.cassandra.doctor.ClusterFacts.TableFacts;
import io.sluice.cassandra.doctor.Finding.Level;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The doctor's decisions, over facts as a cluster would give them: every rule, including one no
 * real node can be made to show on purpose (nodes disagreeing on the schema). The CLI's doctor ITs
 * show the others against real nodes.
 */
class ChecksTest {

  private static final String SCHEMA = "2f7307de-cb4a-346b-bfc3-83b6753ea44e";

  private static NodeFacts node(String address, String dc, boolean up) {
    return new NodeFacts(address, dc, up, "5.0.9", SCHEMA);
  }

  private static final List<NodeFacts> THREE_UP =
      List.of(
          node("10.0.0.1:9042", "dc1", true),
          node("10.0.0.2:9042", "dc1", true),
          node("10.0.0.3:9042", "dc1", true));

  private static KeyspaceFacts nts(Map<String, String> factors) {
    Map<String, String> replication = new java.util.TreeMap<>(factors);
    replication.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
    return new KeyspaceFacts("shop", "NetworkTopologyStrategy", replication);
  }

  private static ClusterFacts facts(
      List<NodeFacts> nodes, KeyspaceFacts keyspace, TableFacts table) {
    return new ClusterFacts(
        "target",
        nodes,
        "dc1",
        "LOCAL_QUORUM",
        "V5",
        Optional.ofNullable(keyspace),
        "shop",
        Optional.ofNullable(table),
        "orders",
        Map.of("native_transport_rate_limiting_enabled", "false"),
        true,
        "running compactions over CQL (system_views.sstable_tasks)",
        null,
        Optional.empty());
  }

  /** The same facts, at another consistency level. */
  private static ClusterFacts at(String consistency, ClusterFacts facts) {
    return new ClusterFacts(
        facts.role(),
        facts.nodes(),
        facts.localDatacenter(),
        consistency,
        facts.protocolVersion(),
        facts.keyspace(),
        facts.keyspaceName(),
        facts.table(),
        facts.tableName(),
        facts.settings(),
        facts.compactionWatched(),
        facts.backlogSignal(),
        facts.backlogProblem(),
        facts.readahead());
  }

  private static final TableFacts HEALTHY_TABLE =
      new TableFacts("orders", "UnifiedCompactionStrategy", 864000, true);

  private static Finding only(List<Finding> findings, String check) {
    List<Finding> matching = findings.stream().filter(f -> f.check().equals(check)).toList();
    assertThat(matching).as(check).hasSize(1);
    return matching.get(0);
  }

  @Test
  void should_find_a_healthy_cluster_ok_everywhere() {
    List<Finding> findings = Checks.of(facts(THREE_UP, nts(Map.of("dc1", "3")), HEALTHY_TABLE));

    assertThat(findings).allMatch(f -> f.level() == Level.OK, "all OK");
    assertThat(findings)
        .extracting(Finding::check)
        .containsExactly(
            "nodes", "schema", "replication", "table", "protocol", "rate-limit", "flow-signals");
    assertThat(only(findings, "nodes").found())
        .isEqualTo("3 node(s) up (3 in dc1), version 5.0.9.");
  }

  @Test
  void should_warn_of_a_down_node_whose_ranges_have_other_replicas() {
    List<NodeFacts> nodes =
        List.of(THREE_UP.get(0), THREE_UP.get(1), node("10.0.0.3:9042", "dc1", false));

    Finding down = only(Checks.nodes(facts(nodes, nts(Map.of("dc1", "3")), null)), "nodes");

    assertThat(down.level()).isEqualTo(Level.WARN);
    assertThat(down.line())
        .contains("node 10.0.0.3:9042 in dc1 is down")
        .contains("Fix: start it (or 'nodetool removenode' a node that is gone for good)");
  }

  @Test
  void should_fail_on_a_down_node_holding_the_only_replica() {
    List<NodeFacts> nodes = List.of(THREE_UP.get(0), node("10.0.0.2:9042", "dc1", false));

    Finding down = only(Checks.nodes(facts(nodes, nts(Map.of("dc1", "1")), null)), "nodes");

    assertThat(down.level()).isEqualTo(Level.FAIL);
    assertThat(down.found()).contains("keeps one replica there: writes to its token ranges fail");
  }

  @Test
  void should_warn_of_a_rolling_upgrade() {
    List<NodeFacts> nodes =
        List.of(
            THREE_UP.get(0),
            THREE_UP.get(1),
            new NodeFacts("10.0.0.3:9042", "dc1", true, "4.1.7", SCHEMA));

    Finding versions = only(Checks.nodes(facts(nodes, null, null)), "versions");

    assertThat(versions.level()).isEqualTo(Level.WARN);
    assertThat(versions.found()).contains("4.1.7 on 1, 5.0.9 on 2");
  }

  @Test
  void should_fail_when_nodes_disagree_on_the_schema() {
    List<NodeFacts> nodes =
        List.of(
            THREE_UP.get(0),
            new NodeFacts(
                "10.0.0.2:9042", "dc1", true, "5.0.9", "11111111-0000-0000-0000-000000000000"));

    Finding schema = Checks.schema(facts(nodes, null, null));

    assertThat(schema.level()).isEqualTo(Level.FAIL);
    assertThat(schema.line())
        .contains("11111111-0000-0000-0000-000000000000 on 10.0.0.2:9042")
        .contains("Fix: wait a minute and run 'sluice doctor' again");
  }

  @Test
  void should_fail_on_a_keyspace_replicated_to_an_absent_datacenter() {
    Finding absent =
        only(
            Checks.replication(facts(THREE_UP, nts(Map.of("dc1", "3", "dc-gone", "3")), null)),
            "replication");

    assertThat(absent.level()).isEqualTo(Level.FAIL);
    assertThat(absent.found())
        .contains("replicated to datacenter 'dc-gone', which has no node (datacenters: dc1)");
    assertThat(absent.fix()).contains("ALTER KEYSPACE shop").contains("without 'dc-gone'");
  }

  @Test
  void should_fail_when_the_local_datacenter_holds_no_replica() {
    List<NodeFacts> nodes = List.of(THREE_UP.get(0), node("10.1.0.1:9042", "dc2", true));

    List<Finding> findings = Checks.replication(facts(nodes, nts(Map.of("dc2", "1")), null));

    assertThat(findings).hasSize(1);
    assertThat(findings.get(0).level()).isEqualTo(Level.FAIL);
    assertThat(findings.get(0).found()).contains("no replica in the local datacenter 'dc1'");
  }

  @Test
  void should_fail_when_the_consistency_cannot_be_met_with_the_nodes_there() {
    List<NodeFacts> two = THREE_UP.subList(0, 2);

    Finding tooMany =
        only(Checks.replication(facts(two, nts(Map.of("dc1", "5")), null)), "replication");

    assertThat(tooMany.level()).isEqualTo(Level.FAIL);
    assertThat(tooMany.found())
        .contains("wants 5 replicas in 'dc1', which has 2 node(s)")
        .contains("LOCAL_QUORUM needs 3 replica(s) in 'dc1', which can hold 2")
        .contains("every write of the load fails");
  }

  @Test
  void should_warn_of_more_replicas_than_nodes_when_the_consistency_is_met() {
    List<NodeFacts> two = THREE_UP.subList(0, 2);
    ClusterFacts quorum = facts(two, nts(Map.of("dc1", "3")), null);
    KeyspaceFacts simple =
        new KeyspaceFacts(
            "shop", "SimpleStrategy", Map.of("class", "SimpleStrategy", "replication_factor", "3"));

    Finding atQuorum = only(Checks.replication(quorum), "replication");
    Finding oneNodeAtOne =
        only(
            Checks.replication(at("ONE", facts(THREE_UP.subList(0, 1), simple, null))),
            "replication");
    Finding oneNodeAtQuorum =
        only(Checks.replication(facts(THREE_UP.subList(0, 1), simple, null)), "replication");

    assertThat(atQuorum.level()).isEqualTo(Level.WARN);
    assertThat(atQuorum.found()).contains("the replicas beyond them are never written");
    assertThat(oneNodeAtOne.level()).isEqualTo(Level.WARN);
    assertThat(oneNodeAtOne.found())
        .contains("wants 3 replicas in the cluster, which has 1 node(s)");
    assertThat(oneNodeAtQuorum.level()).isEqualTo(Level.FAIL);
    assertThat(oneNodeAtQuorum.fix()).contains("{'class': 'NetworkTopologyStrategy', 'dc1': 1}");
  }

  @Test
  void should_warn_of_a_strategy_apache_cassandra_lacks() {
    KeyspaceFacts everywhere =
        new KeyspaceFacts("shop", "EverywhereStrategy", Map.of("class", "EverywhereStrategy"));

    Finding strategy = only(Checks.replication(facts(THREE_UP, everywhere, null)), "replication");

    assertThat(strategy.level()).isEqualTo(Level.WARN);
    assertThat(strategy.found())
        .contains("uses EverywhereStrategy, which Apache Cassandra does not have");
  }

  @Test
  void should_warn_of_leveled_compaction_no_compression_and_no_grace() {
    TableFacts table = new TableFacts("orders", "LeveledCompactionStrategy", 0, false);

    List<Finding> findings = Checks.table(facts(THREE_UP, nts(Map.of("dc1", "3")), table));

    assertThat(findings)
        .extracting(Finding::check)
        .containsExactly("compaction", "gc-grace", "compression");
    assertThat(findings).allMatch(f -> f.level() == Level.WARN);
    assertThat(findings.get(0).fix())
        .contains(
            "ALTER TABLE shop.orders WITH compaction = {'class': 'UnifiedCompactionStrategy'}");
  }

  @Test
  void should_leave_a_source_tables_compaction_alone() {
    ClusterFacts source =
        new ClusterFacts(
            "source 'old'",
            THREE_UP,
            "dc1",
            "LOCAL_QUORUM",
            "V5",
            Optional.of(nts(Map.of("dc1", "3"))),
            "shop",
            Optional.of(new TableFacts("orders", "LeveledCompactionStrategy", 864000, true)),
            "orders",
            Map.of(),
            true,
            null,
            null,
            Optional.empty());

    List<Finding> findings = Checks.of(source);

    assertThat(findings).allMatch(f -> f.level() == Level.OK);
    assertThat(findings).extracting(Finding::check).doesNotContain("flow-signals");
  }

  @Test
  void should_warn_of_a_node_rate_limit_and_an_old_protocol() {
    ClusterFacts limited =
        new ClusterFacts(
            "target",
            THREE_UP,
            "dc1",
            "LOCAL_QUORUM",
            "V3",
            Optional.empty(),
            null,
            Optional.empty(),
            null,
            Map.of(
                "native_transport_rate_limiting_enabled", "true",
                "native_transport_max_requests_per_second", "5000"),
            true,
            null,
            null,
            Optional.empty());

    List<Finding> findings = Checks.of(limited);

    assertThat(only(findings, "rate-limit").found()).contains("limit clients to 5000 requests/s");
    assertThat(only(findings, "protocol").level()).isEqualTo(Level.WARN);
    assertThat(only(findings, "flow-signals").level()).isEqualTo(Level.WARN);
  }

  @Test
  void should_fail_when_the_asked_for_jmx_cannot_be_read() {
    ClusterFacts unreachable =
        new ClusterFacts(
            "target",
            THREE_UP,
            "dc1",
            "LOCAL_QUORUM",
            "V5",
            Optional.empty(),
            null,
            Optional.empty(),
            null,
            Map.of(),
            true,
            null,
            "JMX on port 7199 of 10.0.0.1 refused the connection, so the compaction backlog cannot"
                + " be watched: check flow.compaction.jmx-port.",
            Optional.empty());

    Finding signal = only(Checks.of(unreachable), "flow-signals");

    assertThat(signal.level()).isEqualTo(Level.FAIL);
    assertThat(signal.found()).contains("JMX on port 7199");
  }

  @Test
  void should_say_when_the_job_does_not_watch_compaction() {
    ClusterFacts facts = facts(THREE_UP, null, null);
    ClusterFacts off =
        new ClusterFacts(
            "target",
            THREE_UP,
            "dc1",
            "LOCAL_QUORUM",
            "V5",
            Optional.empty(),
            null,
            Optional.empty(),
            null,
            Map.of(),
            false,
            null,
            null,
            Optional.empty());

    assertThat(Checks.compactionSignal(facts).level()).isEqualTo(Level.OK);
    assertThat(Checks.compactionSignal(off).found()).contains("flow.compaction.enabled: false");
  }

  @Test
  void should_warn_of_a_large_readahead_only() {
    assertThat(Checks.readahead(new Readahead("/var/lib/cassandra", "sda", 3072)).line())
        .startsWith("WARN ")
        .contains("sda with a read-ahead of 3072 KiB")
        .contains("blockdev --setra 128 /dev/sda");
    assertThat(Checks.readahead(new Readahead("/var/lib/cassandra", "nvme0n1", 64)).level())
        .isEqualTo(Level.OK);
    assertThat(Checks.readahead(new Readahead("/tmp/data", null, 0)).found())
        .contains("not on a block device");
  }

  @Test
  void should_split_linux_device_numbers_as_glibc_does() {
    // makedev(8, 1) and makedev(259, 65536)
    assertThat(BlockDevices.major(0x801)).isEqualTo(8);
    assertThat(BlockDevices.minor(0x801)).isEqualTo(1);
    long big = (259L & 0xfff) << 8 | (65536L & 0xff) | ((65536L & ~0xffL) << 12);
    assertThat(BlockDevices.major(big)).isEqualTo(259);
    assertThat(BlockDevices.minor(big)).isEqualTo(65536);
  }
}
