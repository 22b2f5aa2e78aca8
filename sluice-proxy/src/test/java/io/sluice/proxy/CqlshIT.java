package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestSessions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * cqlsh, from PyPI, works through the proxy with protocol v4 and v5: its writes reach both clusters
 * with the same write times, and it reads a table of many pages through the proxy.
 */
@RealCassandra
class CqlshIT {

  private static final int ROWS = 10_000;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(ints = {4, 5})
  void cqlshWritesReachBothClustersAndReadsPagesThroughTheProxy(
      int protocol, TestKeyspace primary, SecondCluster secondary) throws Exception {
    Cqlsh cqlsh = Cqlsh.installed();
    String table = "shell_v" + protocol;
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfigs.of(primary, secondary), dir)) {
      String printed =
          cqlsh.execute(
              proxy.address(),
              protocol,
              "USE "
                  + primary.name()
                  + ";\n"
                  + "CREATE TABLE "
                  + table
                  + " (id int, n int, v text, at timeuuid, PRIMARY KEY (id, n));\n"
                  + "INSERT INTO "
                  + table
                  + " (id, n, v) VALUES (1, 1, 'shell');\n"
                  + "INSERT INTO "
                  + table
                  + " (id, n, v) VALUES (1, 2, 'timed') USING TIMESTAMP 1700000000000000;\n"
                  + "INSERT INTO "
                  + table
                  + " (id, n, v, at) VALUES (1, 3, 'now', now()) USING TTL 86400;\n"
                  + "BEGIN BATCH\n"
                  + "  INSERT INTO "
                  + table
                  + " (id, n, v) VALUES (2, 1, 'batched');\n"
                  + "  UPDATE "
                  + table
                  + " SET v = 'batched too' WHERE id = 2 AND n = 2;\n"
                  + "APPLY BATCH;\n"
                  + "DELETE v FROM "
                  + table
                  + " WHERE id = 1 AND n = 1;\n"
                  + "SELECT id, n, v FROM "
                  + table
                  + " WHERE id = 2;\n");
      assertThat(printed).contains("batched too").contains("(2 rows)");

      try (CqlSession client =
          DualWriteIT.clientOf(proxy.address(), primary.localDatacenter(), "V5")) {
        PreparedStatement insert =
            client.prepare(
                "INSERT INTO " + primary.name() + "." + table + " (id, n, v) VALUES (?, ?, ?)");
        BoundedWrites.send(client, ROWS, i -> insert.bind(100 + i % 20, i, "row " + i));
      }
      String pages =
          cqlsh.execute(
              proxy.address(),
              protocol,
              "SELECT id, n FROM "
                  + primary.name()
                  + "."
                  + table
                  + " WHERE id >= 100 ALLOW FILTERING;\n");
      assertThat(pages).contains("(" + ROWS + " rows)");
    }

    try (CqlSession onPrimary =
        TestSessions.connect(primary.contactPoints(), primary.localDatacenter(), primary.name())) {
      assertThat(cells(secondary.session(), table)).isEqualTo(cells(onPrimary, table)).hasSize(5);
    }
  }

  private static List<String> cells(CqlSession session, String table) {
    List<String> cells = new ArrayList<>();
    for (Row row :
        session.execute(
            "SELECT id, n, v, WRITETIME(v), at FROM " + table + " WHERE id IN (1, 2)")) {
      cells.add(
          row.getInt(0)
              + "/"
              + row.getInt(1)
              + " "
              + row.getString(2)
              + "@"
              + (row.isNull(3) ? null : row.getLong(3))
              + " at="
              + row.getUuid(4));
    }
    return cells;
  }
}
