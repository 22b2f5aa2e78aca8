package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPortsTest {

  @TempDir Path dir;

  @Test
  void should_read_where_the_systems_range_for_outgoing_connections_starts() throws Exception {
    Path range = Files.writeString(dir.resolve("ip_local_port_range"), "32768\t60999\n");

    assertThat(LocalPorts.ephemeralRangeStart(range)).isEqualTo(32_768);
    assertThat(LocalPorts.ephemeralRangeStart(dir.resolve("missing"))).isZero();
  }

  @Test
  void should_choose_free_ports_below_that_range() {
    int below = LocalPorts.ephemeralRangeStart(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
    for (int i = 0; i < 20; i++) {
      int port = LocalPorts.freePort();
      assertThat(LocalPorts.isFree(port)).as("port %d", port).isTrue();
      if (below > LocalPorts.FIRST_CHOSEN + 100) {
        assertThat(port).isBetween(LocalPorts.FIRST_CHOSEN, below - 1);
      }
    }
  }
}
