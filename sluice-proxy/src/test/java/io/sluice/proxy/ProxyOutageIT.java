package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.node.LocalNode;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A node of one of the proxy's clusters restarts while a client writes through the proxy: the
 * writes during the outage fail as they would against that cluster directly, and afterwards the
 * same client, through the same proxy, writes again with the statement it prepared before, which
 * the restarted node has forgotten. Runs its own node, as primary or as secondary, since it stops
 * it; the other cluster is the shared node.
 */
@RealCassandra
class ProxyOutageIT {

  private static final int WRITES_BEFORE = 50;
  private static final int WRITES_DURING = 10;
  private static final int WRITES_AFTER = 50;

  @TempDir static Path dir;

  static OwnNode ownNode;
  static InetSocketAddress ownPoint;

  @BeforeAll
  static void startOwnNode(OwnNode own) throws Exception {
    ownNode = own;
    ownPoint = own.start(TestNodes.options().build());
  }

  @ParameterizedTest
  @ValueSource(strings = {"primary", "secondary"})
  void writesFailDuringTheOutageAndResumeAfterItWithoutARestartOfTheProxy(
      String restarted, TestKeyspace shared) throws Exception {
    String keyspace = shared.name();
    try (CqlSession own = TestSessions.connect(ownPoint, "datacenter1")) {
      own.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + keyspace
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
    ProxyCluster ownCluster =
        new ProxyCluster(
            List.of("127.0.0.1:" + ownPoint.getPort()), "datacenter1", null, null, null, null);
    ProxyCluster sharedCluster =
        new ProxyCluster(
            List.of(shared.hostAndPort()), shared.localDatacenter(), null, null, null, null);
    boolean ownIsPrimary = restarted.equals("primary");
    ProxyConfig config =
        new ProxyConfig(
                "127.0.0.1:0",
                ownIsPrimary ? ownCluster : sharedCluster,
                ownIsPrimary ? sharedCluster : ownCluster,
                null,
                null,
                "5s",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null)
            .checked("test");
    String table = keyspace + ".outage_" + restarted;

    try (LogWatch log = LogWatch.start();
        SluiceProxy proxy = SluiceProxy.start(config, dir);
        CqlSession client = DualWriteIT.clientOf(proxy.address(), shared.localDatacenter(), "V5")) {
      client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, v text)");
      PreparedStatement insert = client.prepare("INSERT INTO " + table + " (id, v) VALUES (?, ?)");
      for (int id = 0; id < WRITES_BEFORE; id++) {
        client.execute(insert.bind(id, "before"));
      }

      ownNode.stop();
      forgetPreparedStatements(ownNode.node());
      int failed = 0;
      for (int id = 1000; id < 1000 + WRITES_DURING; id++) {
        try {
          client.execute(insert.bind(id, "during"));
        } catch (RuntimeException e) {
          failed++;
        }
      }
      assertThat(failed).as("writes while the %s is down", restarted).isEqualTo(WRITES_DURING);
      if (!ownIsPrimary) {
        assertThat(client.execute("SELECT v FROM " + table + " WHERE id = 0").one().getString(0))
            .as("reads come from the primary, which is up")
            .isEqualTo("before");
      }

      ownNode.restart();
      int[] probe = {2000};
      Await.until(
          "a write through the proxy to succeed after the restart",
          Duration.ofMinutes(3),
          () -> {
            try {
              client.execute(insert.bind(probe[0]++, "probe"));
              return true;
            } catch (RuntimeException e) {
              return probe[0] > 2400;
            }
          });
      assertThat(probe[0]).isLessThanOrEqualTo(2400);
      for (int id = 3000; id < 3000 + WRITES_AFTER; id++) {
        client.execute(insert.bind(id, "after"));
      }
      assertThat(log.saw("which had forgotten it")).as(log.toString()).isTrue();
    }

    try (CqlSession own = TestSessions.connect(ownPoint, "datacenter1");
        CqlSession direct = TestSessions.connect(shared.contactPoint(), shared.localDatacenter())) {
      Map<Integer, String> onOwn = cells(own, table);
      Map<Integer, String> onShared = cells(direct, table);
      for (int id = 0; id < WRITES_BEFORE; id++) {
        assertThat(onOwn.get(id)).isEqualTo(onShared.get(id)).isNotNull();
      }
      for (int id = 3000; id < 3000 + WRITES_AFTER; id++) {
        assertThat(onOwn.get(id)).isEqualTo(onShared.get(id)).isNotNull();
      }
    }
  }

  /**
   * Removes the stopped node's saved prepared statements, so that after its restart it answers the
   * proxy's first execute with {@code UNPREPARED}, as a replaced node would.
   */
  private static void forgetPreparedStatements(LocalNode node) {
    Path system = node.layout().dataDir().resolve("system");
    try (Stream<Path> tables = Files.list(system)) {
      for (Path table :
          tables
              .filter(p -> p.getFileName().toString().startsWith("prepared_statements-"))
              .toList()) {
        try (Stream<Path> files = Files.walk(table)) {
          for (Path file : files.filter(Files::isRegularFile).toList()) {
            Files.delete(file);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<Integer, String> cells(CqlSession session, String table) {
    Map<Integer, String> cells = new TreeMap<>();
    List<Row> rows =
        new ArrayList<>(session.execute("SELECT id, v, WRITETIME(v) FROM " + table).all());
    for (Row row : rows) {
      cells.put(row.getInt(0), row.getString(1) + "@" + row.getLong(2));
    }
    return cells;
  }
}
