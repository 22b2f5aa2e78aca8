package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class SharedClusterTest {

  @Test
  void should_parse_contact_points_with_and_without_ports() {
    assertThat(SharedCluster.parseContactPoints("10.0.0.5:9142, db2"))
        .containsExactly(
            InetSocketAddress.createUnresolved("10.0.0.5", 9142),
            InetSocketAddress.createUnresolved("db2", 9042));
  }
}
