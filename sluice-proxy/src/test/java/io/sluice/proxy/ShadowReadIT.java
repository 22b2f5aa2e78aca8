package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shadow reads at 100% on one table: rows changed on the secondary behind the proxy's back are
 * reported, exactly those keys, while every answer the client gets comes from the primary.
 */
@RealCassandra
class ShadowReadIT {

  private static final int ROWS = 200;
  private static final int CHANGED = 25;

  @TempDir Path dir;

  @Test
  void should_report_exactly_the_rows_changed_on_the_secondary(
      TestKeyspace primary, SecondCluster secondary) throws Exception {
    String table = primary.name() + ".shadowed";
    ShadowReadSpec spec = new ShadowReadSpec(0, Map.of(table, 100), null, null);
    try (SluiceProxy proxy =
            SluiceProxy.start(ProxyConfigs.withShadowReads(primary, secondary, spec), dir);
        CqlSession client =
            DualWriteIT.clientOf(proxy.address(), primary.localDatacenter(), "V5")) {
      client.execute("CREATE TABLE " + table + " (id int PRIMARY KEY, name text)");
      PreparedStatement insert =
          client.prepare("INSERT INTO " + table + " (id, name) VALUES (?, ?)");
      for (int id = 0; id < ROWS; id++) {
        client.execute(insert.bind(id, "name " + id));
      }
      // Behind the proxy's back: every eighth row changed on the secondary only.
      Set<String> changed = new TreeSet<>();
      for (int id = 0; id < ROWS && changed.size() < CHANGED; id += 8) {
        secondary
            .session()
            .execute("UPDATE " + table + " SET name = 'changed on the secondary' WHERE id = " + id);
        changed.add(String.valueOf(id));
      }
      PreparedStatement select = client.prepare("SELECT id, name FROM " + table + " WHERE id = ?");
      // The driver of the proxy learns of the new table by a schema event: reads a row that is not
      // there until one read is compared (a read of no row counts no row).
      Await.until(
          "a first shadow read compared",
          Duration.ofMinutes(1),
          () -> {
            client.execute(select.bind(ROWS + 1));
            return compared(proxy, table) > 0;
          });

      List<String> names = new ArrayList<>();
      for (int id = 0; id < ROWS; id++) {
        Row row = client.execute(select.bind(id)).one();
        names.add(row.getString("name"));
        if ((id + 1) % 50 == 0) {
          // Never more reads shadowed at once than the proxy takes (more would be skipped as busy),
          // however slowly a loaded machine runs the compares.
          int read = id + 1;
          Await.until(
              "the shadow compares to catch up with the reads",
              Duration.ofMinutes(1),
              () -> rowsCompared(proxy, table) >= read);
        }
      }

      assertThat(names).allMatch(name -> name.startsWith("name "), "every answer the primary's");
      // Each read of the workload finds one row (the warm-up reads found none): all compared.
      Await.until(
          "every row of the workload compared",
          Duration.ofMinutes(1),
          () -> rowsCompared(proxy, table) >= ROWS);
      String metrics = DualWriteIT.scrape(proxy);
      assertThat(rowsCompared(proxy, table)).isEqualTo(ROWS);
      assertThat(rows(metrics, table, "different")).isEqualTo(CHANGED);
      assertThat(rows(metrics, table, "equal")).isEqualTo(ROWS - CHANGED);
      assertThat(rows(metrics, table, "missing_on_secondary")).isZero();
      assertThat(rows(metrics, table, "extra_on_secondary")).isZero();

      List<JsonNode> mismatches = new ArrayList<>();
      for (String line : Files.readAllLines(dir.resolve(".sluice/proxy/shadow-mismatches.jsonl"))) {
        mismatches.add(new ObjectMapper().readTree(line));
      }
      Set<String> reported = new TreeSet<>();
      for (JsonNode mismatch : mismatches) {
        assertThat(mismatch.path("table").asText()).isEqualTo(table);
        assertThat(mismatch.path("difference").asText()).isEqualTo("different");
        assertThat(mismatch.has("primary")).as("values are left out by default").isFalse();
        reported.add(mismatch.path("key").path("id").asText());
      }
      assertThat(mismatches).hasSize(CHANGED);
      assertThat(reported).isEqualTo(changed);
    }
  }

  private static double compared(SluiceProxy proxy, String table) {
    try {
      return DualWriteIT.count(
          DualWriteIT.scrape(proxy),
          "sluice_proxy_shadow_reads_total",
          "table=\"" + table + "\"",
          "outcome=\"compared\"");
    } catch (Exception e) {
      return 0;
    }
  }

  private static double rowsCompared(SluiceProxy proxy, String table) {
    try {
      return DualWriteIT.count(
          DualWriteIT.scrape(proxy), "sluice_proxy_shadow_rows_total", "table=\"" + table + "\"");
    } catch (Exception e) {
      return 0;
    }
  }

  private static double rows(String metrics, String table, String result) {
    return DualWriteIT.count(
        metrics,
        "sluice_proxy_shadow_rows_total",
        "table=\"" + table + "\"",
        "result=\"" + result + "\"");
  }
}
