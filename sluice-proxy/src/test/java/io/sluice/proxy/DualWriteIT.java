package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.sluice.core.timeline.TimelineLines;
import io.sluice.core.timeline.TimelineSample;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestSessions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An unmodified Java driver client writes and reads through the proxy: afterwards both clusters
 * hold the same rows with the same write time in every cell, and what the client reads through the
 * proxy is what the primary holds.
 */
@RealCassandra
class DualWriteIT {

  private static final int PAGED_ROWS = 10_000;
  private static final long CLIENT_MICROS = 1_700_000_000_000_000L;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"V4", "V5", "V4-lz4", "V5-lz4"})
  void writesReachBothClustersWithOneWriteTime(
      String protocol, TestKeyspace primary, SecondCluster secondary) throws Exception {
    String table = "events_" + protocol.toLowerCase().replace('-', '_');
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfigs.of(primary, secondary), dir);
        CqlSession client = clientOf(proxy.address(), primary.localDatacenter(), protocol)) {
      client.execute("USE " + primary.name());
      client.execute(
          "CREATE TABLE "
              + table
              + " (id int, n int, name text, score double, at timeuuid, stamp timestamp,"
              + " PRIMARY KEY (id, n))");

      // Simple statements: without a client timestamp, with one, and with USING TTL.
      client.execute("INSERT INTO " + table + " (id, n, name) VALUES (1, 1, 'proxy time')");
      client.execute(
          SimpleStatement.newInstance(
                  "INSERT INTO " + table + " (id, n, name) VALUES (1, 2, 'client time')")
              .setQueryTimestamp(CLIENT_MICROS));
      client.execute(
          "INSERT INTO " + table + " (id, n, name) VALUES (1, 3, 'expires') USING TTL 86400");
      client.execute("UPDATE " + table + " SET score = 2.5 WHERE id = 1 AND n = 1");

      // Prepared statements, bound with and without a client timestamp.
      PreparedStatement insert =
          client.prepare("INSERT INTO " + table + " (id, n, name, score) VALUES (?, ?, ?, ?)");
      client.execute(insert.bind(2, 1, "prepared", 1.0));
      client.execute(insert.bind(2, 2, "prepared at", 2.0).setQueryTimestamp(CLIENT_MICROS + 7));

      // Batches of both kinds, mixing prepared and simple statements.
      client.execute(
          BatchStatement.newInstance(BatchType.LOGGED)
              .add(insert.bind(3, 1, "logged", 3.0))
              .add(
                  SimpleStatement.newInstance(
                      "INSERT INTO " + table + " (id, n, name) VALUES (3, 2, 'logged simple')")));
      client.execute(
          BatchStatement.newInstance(BatchType.UNLOGGED)
              .add(insert.bind(4, 1, "unlogged", 4.0))
              .add(insert.bind(5, 1, "unlogged", 5.0)));
      client.execute("DELETE name FROM " + table + " WHERE id = 2 AND n = 2");

      // Values each node would compute for itself: computed once, by the proxy.
      client.execute("INSERT INTO " + table + " (id, n, name, at) VALUES (6, 1, 'now', now())");
      PreparedStatement atNow =
          client.prepare("INSERT INTO " + table + " (id, n, name, at) VALUES (?, ?, ?, now())");
      client.execute(atNow.bind(6, 2, "prepared now"));
      client.execute(
          BatchStatement.newInstance(BatchType.UNLOGGED)
              .add(atNow.bind(6, 3, "batched now"))
              .add(
                  SimpleStatement.newInstance(
                      "UPDATE "
                          + table
                          + " SET stamp = toTimestamp(now()) WHERE id = 6 AND n = 4")));

      // Rows enough for many pages.
      BoundedWrites.send(
          client, PAGED_ROWS, i -> insert.bind(100 + i % 50, i, "row " + i, (double) i));
      String metrics = scrape(proxy);
      assertThat(
              count(
                  metrics,
                  "sluice_proxy_client_requests_seconds_count",
                  "kind=\"write\"",
                  "outcome=\"ok\""))
          .isGreaterThanOrEqualTo(PAGED_ROWS);
      assertThat(
              count(
                  metrics,
                  "sluice_cluster_requests_seconds_count",
                  "cluster=\"secondary\"",
                  "request=\"execute\""))
          .isGreaterThanOrEqualTo(PAGED_ROWS);
      assertThat(count(metrics, "sluice_proxy_prepared_statements")).isGreaterThanOrEqualTo(2);
      // The timeline in the proxy's state folder samples the same requests each second.
      Path timeline = dir.resolve(".sluice/proxy/timeline.jsonl");
      Await.until(
          "a timeline sample with the writes",
          Duration.ofMinutes(1),
          () -> writesSampled(timeline) >= PAGED_ROWS);

      try (CqlSession onPrimary = direct(primary)) {
        assertThat(cells(secondary.session(), table)).isEqualTo(cells(onPrimary, table));
        assertThat(cells(onPrimary, table)).hasSize(PAGED_ROWS + 13);
        assertThat(readPaged(client, table, 500)).isEqualTo(readPaged(onPrimary, table, 5000));
        Row clientTimed =
            onPrimary
                .execute("SELECT WRITETIME(name) FROM " + table + " WHERE id = 1 AND n = 2")
                .one();
        assertThat(clientTimed.getLong(0)).isEqualTo(CLIENT_MICROS);
        Row computedOnce =
            onPrimary
                .execute("SELECT COUNT(at), COUNT(stamp) FROM " + table + " WHERE id = 6")
                .one();
        assertThat(computedOnce.getLong(0)).isEqualTo(3);
        assertThat(computedOnce.getLong(1)).isEqualTo(1);
      }
    }
  }

  @Test
  void conditionalWritesFollowThePrimarysDecision(TestKeyspace primary, SecondCluster secondary) {
    String table = primary.name() + ".accounts";
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfigs.of(primary, secondary), dir);
        CqlSession client = clientOf(proxy.address(), primary.localDatacenter(), "V5")) {
      client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, owner text)");
      PreparedStatement claim =
          client.prepare("INSERT INTO " + table + " (id, owner) VALUES (?, ?) IF NOT EXISTS");
      assertThat(client.execute(claim.bind(1, "first")).wasApplied()).isTrue();
      assertThat(client.execute(claim.bind(1, "second")).wasApplied()).isFalse();
      assertThat(
              client
                  .execute(
                      "UPDATE " + table + " SET owner = 'third' WHERE id = 1 IF owner = 'first'")
                  .wasApplied())
          .isTrue();
      assertThat(
              client
                  .execute(
                      "UPDATE " + table + " SET owner = 'fourth' WHERE id = 1 IF owner = 'first'")
                  .wasApplied())
          .isFalse();

      try (CqlSession onPrimary = direct(primary)) {
        String select = "SELECT owner FROM " + table + " WHERE id = 1";
        assertThat(onPrimary.execute(select).one().getString(0)).isEqualTo("third");
        assertThat(secondary.session().execute(select).one().getString(0)).isEqualTo("third");
      }
    }
  }

  /** What the proxy's metrics endpoint serves. */
  static String scrape(SluiceProxy proxy) throws Exception {
    InetSocketAddress address = proxy.metricsAddress();
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + address.getPort() + "/metrics"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }

  /** The sum of a metric's samples whose labels hold every one of {@code labels}. */
  static double count(String metrics, String name, String... labels) {
    double sum = 0;
    for (String line : metrics.split("\n")) {
      if (line.startsWith(name) && Arrays.stream(labels).allMatch(line::contains)) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }

  /** Every cell of the table with its write time and whether it has a TTL, in key order. */
  private static List<String> cells(CqlSession session, String table) {
    List<String> cells = new ArrayList<>();
    ResultSet rows =
        session.execute(
            SimpleStatement.newInstance(
                    "SELECT id, n, name, WRITETIME(name), TTL(name), score, WRITETIME(score),"
                        + " at, stamp FROM "
                        + table)
                .setPageSize(5000));
    for (Row row : rows) {
      Integer ttl = row.isNull(4) ? null : row.getInt(4);
      cells.add(
          row.getInt(0)
              + "/"
              + row.getInt(1)
              + " name="
              + row.getString(2)
              + "@"
              + (row.isNull(3) ? null : row.getLong(3))
              + (ttl == null ? "" : " ttl")
              + " score="
              + (row.isNull(5) ? null : row.getDouble(5))
              + "@"
              + (row.isNull(6) ? null : row.getLong(6))
              + " at="
              + row.getUuid(7)
              + " stamp="
              + row.getInstant(8));
    }
    cells.sort(null);
    return cells;
  }

  private static List<String> readPaged(CqlSession session, String table, int pageSize) {
    List<String> rows = new ArrayList<>();
    for (Row row :
        session.execute(
            SimpleStatement.newInstance("SELECT id, n, name FROM " + table)
                .setPageSize(pageSize))) {
      rows.add(row.getInt(0) + "/" + row.getInt(1) + "=" + row.getString(2));
    }
    return rows;
  }

  static CqlSession direct(TestKeyspace keyspace) {
    return TestSessions.connect(
        keyspace.contactPoints(), keyspace.localDatacenter(), keyspace.name());
  }

  /**
   * A client as an application would build it, with no timestamps of its own by default.
   *
   * @param protocol the protocol version, such as {@code V5}, and {@code -lz4} for compression
   */
  static CqlSession clientOf(InetSocketAddress proxy, String datacenter, String protocol) {
    String[] versionAndCompression = protocol.split("-");
    return CqlSession.builder()
        .addContactPoint(proxy)
        .withLocalDatacenter(datacenter)
        .withConfigLoader(
            DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.PROTOCOL_VERSION, versionAndCompression[0])
                .withString(
                    DefaultDriverOption.PROTOCOL_COMPRESSION,
                    versionAndCompression.length > 1 ? versionAndCompression[1] : "none")
                .withString(
                    DefaultDriverOption.TIMESTAMP_GENERATOR_CLASS, "ServerSideTimestampGenerator")
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, TestSessions.REQUEST_TIMEOUT)
                .withDuration(
                    DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT,
                    TestSessions.REQUEST_TIMEOUT)
                .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
                .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
                .build())
        .build();
  }

  /**
   * The most writes a sample of the proxy's latest run counts in its timeline, 0 before the first
   * sample.
   */
  private static long writesSampled(Path timeline) {
    if (!Files.exists(timeline)) {
      return 0;
    }
    try {
      List<TimelineSample> samples = TimelineLines.parse(Files.readAllBytes(timeline));
      int latest = samples.stream().mapToInt(TimelineSample::run).max().orElse(0);
      return samples.stream()
          .filter(sample -> sample.run() == latest)
          .mapToLong(sample -> sample.counts().getOrDefault("write", 0L))
          .max()
          .orElse(0);
    } catch (IOException e) {
      return 0;
    }
  }
}
