package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's driver learns of schema changes another client makes through the proxy, as it would
 * from a node: the proxy pushes the schema events its own driver gets from the primary to every
 * client that registered for them, so the second client's metadata follows without a reconnect.
 */
@RealCassandra
class SchemaEventsIT {

  @TempDir Path dir;

  @Test
  void should_push_another_clients_schema_changes(TestKeyspace primary, SecondCluster secondary)
      throws Exception {
    String name = "pushed";
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfigs.of(primary, secondary), dir);
        CqlSession changing =
            DualWriteIT.clientOf(proxy.address(), primary.localDatacenter(), "V5");
        CqlSession watching =
            DualWriteIT.clientOf(proxy.address(), primary.localDatacenter(), "V4")) {
      assertThat(table(watching, primary, name)).isEmpty();

      changing.execute("CREATE TABLE " + primary.name() + "." + name + " (id int PRIMARY KEY)");
      Await.until(
          "the other client's driver to know the new table",
          Duration.ofMinutes(1),
          () -> table(watching, primary, name).isPresent());

      changing.execute("ALTER TABLE " + primary.name() + "." + name + " ADD note text");
      Await.until(
          "the other client's driver to know the new column",
          Duration.ofMinutes(1),
          () -> table(watching, primary, name).flatMap(t -> t.getColumn("note")).isPresent());

      changing.execute("DROP TABLE " + primary.name() + "." + name);
      Await.until(
          "the other client's driver to forget the table",
          Duration.ofMinutes(1),
          () -> table(watching, primary, name).isEmpty());
    }
  }

  private static Optional<TableMetadata> table(
      CqlSession session, TestKeyspace keyspace, String table) {
    return session
        .getMetadata()
        .getKeyspace(CqlIdentifier.fromInternal(keyspace.name()))
        .flatMap(k -> k.getTable(table));
  }
}
