package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class NodeAddressTest {

  @Test
  void should_name_a_node_by_its_ip_and_cql_port() {
    NodeAddress node = NodeAddress.of(new InetSocketAddress("127.0.0.1", 9042));

    assertThat(node.name()).isEqualTo("127.0.0.1:9042");
    assertThat(node.withPort(7199)).isEqualTo("127.0.0.1:7199");
  }

  @Test
  void should_put_ipv6_hosts_in_brackets_for_another_port() {
    assertThat(new NodeAddress("::1", 9042).withPort(7199)).isEqualTo("[::1]:7199");
  }

  @Test
  void should_keep_an_unresolved_host_name() {
    assertThat(NodeAddress.of(InetSocketAddress.createUnresolved("db1", 9042)).name())
        .isEqualTo("db1:9042");
  }
}
