package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.node.LocalNodeException;
import org.junit.jupiter.api.Test;

class TestNodesTest {

  @Test
  void aStartIsMadeAgainOnlyWhenCassandraFoundAPortTaken() {
    assertThat(
            TestNodes.portTaken(
                new LocalNodeException(
                    "Cassandra stopped during start-up (exit code 1). Cassandra's log says: \"Fatal"
                        + " configuration error: /127.0.0.1:32849 is in use by another process. "
                        + " Change listen_address:storage_port in cassandra.yaml\"")))
        .isTrue();
    assertThat(
            TestNodes.portTaken(
                new LocalNodeException("Cassandra reported an error it cannot start with")))
        .isFalse();
  }
}
