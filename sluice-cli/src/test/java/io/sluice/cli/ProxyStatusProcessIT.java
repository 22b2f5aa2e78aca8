package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.sluice.node.LocalPorts;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestSessions;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice proxy}, {@code sluice proxy status} and {@code sluice proxy switch} run as a user
 * runs them, each a process of its own: the status command prints the serving cluster, the nodes
 * up, the replay backlog and the shadow reads' table, and exits 0; the switch moves reads to the
 * other cluster, which the next status says. Both clusters of the proxy are the shared node, which
 * takes each write twice with one timestamp: the commands' output is under test, not the dual
 * write.
 */
@RealCassandra
class ProxyStatusProcessIT {

  @TempDir Path dir;

  @Test
  void should_print_the_state_of_a_running_proxy(TestKeyspace keyspace) throws Exception {
    int clientPort = LocalPorts.freePort();
    int adminPort = LocalPorts.freePort();
    Files.writeString(dir.resolve("admin.token"), "status-token-7f1\n");
    Path proxyFile =
        Files.writeString(
            dir.resolve("proxy.yaml"),
            "listen: 127.0.0.1:"
                + clientPort
                + "\nprimary:\n  contact-points: ["
                + keyspace.hostAndPort()
                + "]\n  local-datacenter: "
                + keyspace.localDatacenter()
                + "\nsecondary:\n  contact-points: ["
                + keyspace.hostAndPort()
                + "]\n  local-datacenter: "
                + keyspace.localDatacenter()
                + "\nsecondary-failure: log\nshadow-reads:\n  percent: 100\n"
                + "admin:\n  listen: 127.0.0.1:"
                + adminPort
                + "\n  token-file: admin.token\n");
    String table = keyspace.name() + ".status_rows";
    // Made on the node itself: through the proxy, the second of two creations on one node fails.
    try (CqlSession node =
        TestSessions.connect(keyspace.contactPoint(), keyspace.localDatacenter())) {
      node.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, v text)");
    }
    SluiceProcess proxy = SluiceProcess.start(dir, "proxy", proxyFile.toString());
    try {
      AtomicReference<SluiceProcess.Ended> last = new AtomicReference<>();
      Await.until(
          "the proxy to answer its admin endpoint",
          Duration.ofMinutes(3),
          () -> {
            if (!proxy.isAlive()) {
              throw new AssertionError("the proxy ended:\n" + proxy.output());
            }
            last.set(status(proxyFile));
            return last.get().exitCode() == 0;
          });
      try (CqlSession client =
          TestSessions.connect(
              new InetSocketAddress("127.0.0.1", clientPort), keyspace.localDatacenter())) {
        PreparedStatement insert =
            client.prepare("INSERT INTO " + table + " (id, v) VALUES (?, ?)");
        PreparedStatement select = client.prepare("SELECT * FROM " + table + " WHERE id = ?");
        for (int id = 0; id < 20; id++) {
          client.execute(insert.bind(id, "row " + id));
          client.execute(select.bind(id));
        }
      }
      Await.until(
          "the shadow reads of the 20 rows to be compared",
          Duration.ofMinutes(2),
          () -> {
            last.set(status(proxyFile));
            return last.get().stdout().contains("status_rows");
          });

      SluiceProcess.Ended status = last.get();
      assertThat(status.exitCode()).as(status.toString()).isZero();
      assertThat(status.stdout())
          .as(status.toString())
          .contains("Reads served by: primary")
          .contains("primary:   1 of 1 nodes up")
          .contains("secondary: 1 of 1 nodes up")
          .contains("Replay log: 0 writes waiting")
          .containsPattern("status_rows\\s+20\\s+20\\s+0\\s+0\\s+0");
      assertThat(status.stderr()).as(status.toString()).doesNotContain("Error");
      assertThat(status.toString()).doesNotContain("status-token-7f1");

      SluiceProcess.Ended switched =
          SluiceProcess.run(
              dir, 120, "proxy", "switch", "--primary", "secondary", proxyFile.toString());

      assertThat(switched.exitCode()).as(switched.toString()).isZero();
      assertThat(switched.stdout())
          .as(switched.toString())
          .contains("Reads now go to the secondary cluster; writes still go to both.");
      SluiceProcess.Ended after = status(proxyFile);
      assertThat(after.stdout()).as(after.toString()).contains("Reads served by: secondary");
    } finally {
      proxy.terminate();
      proxy.waitFor(120);
    }
  }

  private SluiceProcess.Ended status(Path proxyFile) {
    try {
      return SluiceProcess.run(dir, 120, "proxy", "status", proxyFile.toString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
