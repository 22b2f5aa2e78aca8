package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.Test;

@RealCassandra
class NodeCompactionsIT {

  @Test
  void should_turn_autocompaction_of_a_table_off_and_on(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) {
    session.execute("CREATE TABLE switched (id int PRIMARY KEY)");

    compactions.disableAutoCompaction(keyspace.name(), "switched");
    assertThat(compactions.autoCompactionEnabled(keyspace.name(), "switched")).isFalse();

    compactions.enableAutoCompaction(keyspace.name(), "switched");
    assertThat(compactions.autoCompactionEnabled(keyspace.name(), "switched")).isTrue();
  }

  @Test
  void should_flush_a_table_to_a_new_sstable(
      CqlSession session, TestKeyspace keyspace, NodeCompactions compactions) {
    session.execute("CREATE TABLE flushed (id int PRIMARY KEY)");
    compactions.disableAutoCompaction(keyspace.name(), "flushed");
    for (int id = 0; id < 2; id++) {
      session.execute("INSERT INTO flushed (id) VALUES (?)", id);

      compactions.flush(keyspace.name(), "flushed");
    }

    assertThat(compactions.liveSSTableCount(keyspace.name(), "flushed")).isEqualTo(2);
    assertThat(compactions.pendingTasks()).isNotNegative();
  }

  @Test
  void should_set_and_put_back_the_compaction_throughput(NodeCompactions compactions) {
    int before = compactions.compactionThroughputMibPerSec();
    try {
      compactions.setCompactionThroughputMibPerSec(3);

      assertThat(compactions.compactionThroughputMibPerSec()).isEqualTo(3);
    } finally {
      compactions.setCompactionThroughputMibPerSec(before);
    }
    assertThat(compactions.compactionThroughputMibPerSec()).isEqualTo(before);
  }

  @Test
  void should_tell_where_the_node_answers_jmx(TestKeyspace keyspace, NodeJmx jmx) {
    assertThat(jmx.host()).isEqualTo(keyspace.host());
    assertThat(jmx.port()).isNotEqualTo(keyspace.port());
    assertThat(jmx.serviceUrl())
        .isEqualTo("service:jmx:rmi:///jndi/rmi://" + jmx.hostAndPort() + "/jmxrmi");
  }
}
