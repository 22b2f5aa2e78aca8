package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cutover without a restart: under a bounded write and read workload, the admin endpoint switches
 * reads to the secondary and back. No request fails, reads follow the switch (a row that differs on
 * purpose shows which cluster answered), and statements prepared before the switch keep working.
 */
@RealCassandra
class SwitchIT {

  private static final String TOKEN = "switch-token-7f3a";
  private static final long MAX_OPERATIONS = 200_000;

  @TempDir Path dir;

  @Test
  void should_switch_reads_and_back_without_failing_a_request(
      TestKeyspace primary, SecondCluster secondary) throws Exception {
    Files.writeString(dir.resolve("admin.token"), TOKEN + "\n");
    AdminSpec admin = new AdminSpec("127.0.0.1:0", null, "admin.token");
    String table = primary.name() + ".switched";
    ExecutorService workload = Executors.newSingleThreadExecutor();
    try (SluiceProxy proxy =
            SluiceProxy.start(ProxyConfigs.withAdmin(primary, secondary, admin), dir);
        CqlSession client =
            DualWriteIT.clientOf(proxy.address(), primary.localDatacenter(), "V5")) {
      client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, v text)");
      PreparedStatement insert = client.prepare("INSERT INTO " + table + " (id, v) VALUES (?, ?)");
      PreparedStatement select = client.prepare("SELECT v FROM " + table + " WHERE id = ?");
      // The row that tells the clusters apart, written on each directly.
      try (CqlSession onPrimary = DualWriteIT.direct(primary)) {
        onPrimary.execute("INSERT INTO " + table + " (id, v) VALUES (-1, 'the primary')");
      }
      secondary.session().execute("INSERT INTO " + table + " (id, v) VALUES (-1, 'the secondary')");

      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong done = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      Future<?> running =
          workload.submit(
              () -> {
                for (long n = 0; n < MAX_OPERATIONS && !stop.get(); n++) {
                  try {
                    int id = (int) (n % 500);
                    client.execute(insert.bind(id, "value " + n));
                    client.execute(select.bind(id));
                  } catch (RuntimeException e) {
                    failed.incrementAndGet();
                  }
                  done.incrementAndGet();
                }
              });
      awaitMore(done, 200);
      assertThat(whoAnswers(client, select)).isEqualTo("the primary");

      assertThat(post(proxy, "secondary", TOKEN)).contains("\"serving-reads\":\"secondary\"");
      assertThat(whoAnswers(client, select)).isEqualTo("the secondary");
      assertThat(client.execute("SELECT v FROM " + table + " WHERE id = -1").one().getString("v"))
          .isEqualTo("the secondary");
      awaitMore(done, 200);

      assertThat(post(proxy, "primary", TOKEN)).contains("\"serving-reads\":\"primary\"");
      assertThat(whoAnswers(client, select)).isEqualTo("the primary");
      awaitMore(done, 200);
      stop.set(true);
      running.get();

      assertThat(failed.get()).as("requests failed across both switches").isZero();

      // A read paged across a switch ends on the cluster it started on; the next one starts on
      // the new cluster.
      String paged = primary.name() + ".paged";
      client.execute("CREATE TABLE " + paged + " (id int PRIMARY KEY, v text)");
      try (CqlSession onPrimary = DualWriteIT.direct(primary)) {
        for (int id = 0; id < 50; id++) {
          onPrimary.execute("INSERT INTO " + paged + " (id, v) VALUES (" + id + ", 'primary')");
          secondary
              .session()
              .execute("INSERT INTO " + paged + " (id, v) VALUES (" + id + ", 'secondary')");
        }
      }
      SimpleStatement all = SimpleStatement.newInstance("SELECT v FROM " + paged).setPageSize(10);
      ResultSet started = client.execute(all);
      assertThat(started.getAvailableWithoutFetching()).isEqualTo(10);
      assertThat(post(proxy, "secondary", TOKEN)).contains("\"serving-reads\":\"secondary\"");
      List<String> fromTheStart = new ArrayList<>();
      started.forEach(row -> fromTheStart.add(row.getString("v")));
      assertThat(fromTheStart).hasSize(50).containsOnly("primary");
      List<String> afterTheSwitch = new ArrayList<>();
      client.execute(all).forEach(row -> afterTheSwitch.add(row.getString("v")));
      assertThat(afterTheSwitch).hasSize(50).containsOnly("secondary");
      assertThat(post(proxy, "primary", TOKEN)).contains("\"serving-reads\":\"primary\"");
      assertThat(post(proxy, "secondary", "not-the-token")).contains("401");
      assertThat(whoAnswers(client, select)).isEqualTo("the primary");
      String metrics = DualWriteIT.scrape(proxy);
      assertThat(DualWriteIT.count(metrics, "sluice_proxy_switches_total")).isEqualTo(4);
      assertThat(DualWriteIT.count(metrics, "sluice_proxy_serving_reads", "cluster=\"primary\""))
          .isEqualTo(1);
    } finally {
      workload.shutdownNow();
    }
  }

  private static String whoAnswers(CqlSession client, PreparedStatement select) {
    return client.execute(select.bind(-1)).one().getString("v");
  }

  private static void awaitMore(AtomicLong done, long more) {
    long from = done.get();
    Await.until(
        more + " more operations of the workload",
        Duration.ofMinutes(2),
        () -> done.get() >= from + more);
  }

  /** Asks the admin endpoint to serve reads from {@code cluster}; the status and body. */
  private static String post(SluiceProxy proxy, String cluster, String token) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            "http://127.0.0.1:"
                                + proxy.adminAddress().getPort()
                                + "/serve-reads?cluster="
                                + cluster))
                    .header("Authorization", "Bearer " + token)
                    .timeout(Duration.ofMinutes(1))
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.body();
  }
}
