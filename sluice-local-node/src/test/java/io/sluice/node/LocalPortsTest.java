package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
  void should_choose_free_ports_below_that_range_on_linux() {
    Path system = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    assumeTrue(Files.exists(system), "a system that says where its range starts");
    int below = LocalPorts.ephemeralRangeStart(system);

    // Linux's range starts at 32768 unless set otherwise, always well above 1024.
    assertThat(below).as("the start of the range in %s", system).isGreaterThan(1024);
    for (int i = 0; i < 20; i++) {
      int port = LocalPorts.freePort();
      assertThat(LocalPorts.isFree(port)).as("port %d", port).isTrue();
      if (below > LocalPorts.FIRST_CHOSEN + 100) {
        assertThat(port).isBetween(LocalPorts.FIRST_CHOSEN, below - 1);
      }
    }
  }
}
