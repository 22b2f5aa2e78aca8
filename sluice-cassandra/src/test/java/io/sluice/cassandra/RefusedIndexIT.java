package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.core.job.TargetSpec;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code schema: create} on a target that lacks a source index's kind: the test nodes keep SASI
 * disabled, as Cassandra 5 does by default, so a SASI index a Cassandra 4 source had is refused.
 * The table and the index of a kind the node has are created; the refused one is named, with the
 * node's reason, for the run's "not copied".
 */
@RealCassandra
class RefusedIndexIT {

  @Test
  void should_create_the_table_without_an_index_of_a_kind_the_target_lacks(
      CqlSession session, TestKeyspace keyspace) {
    String table = "refused_index";
    String qualified = keyspace.name() + "." + table;
    String copy =
        "CREATE TABLE IF NOT EXISTS "
            + qualified
            + " (\n  id int,\n  name text,\n  city text,\n  PRIMARY KEY (id)\n);\n"
            + "CREATE CUSTOM INDEX IF NOT EXISTS by_name ON "
            + qualified
            + " (name) USING 'org.apache.cassandra.index.sasi.SASIIndex';\n"
            + "CREATE INDEX IF NOT EXISTS by_city ON "
            + qualified
            + " (city);";
    TargetSpec target =
        new TargetSpec(
            null,
            List.of(keyspace.hostAndPort()),
            keyspace.localDatacenter(),
            keyspace.name(),
            table,
            null,
            null,
            null,
            "ONE",
            null,
            null,
            Map.of(),
            "create",
            Map.of());

    List<String> refused = new CassandraTargetProvider().createSchema(target, Path.of("."), copy);

    assertThat(refused).hasSize(1);
    assertThat(refused.get(0))
        .startsWith("index by_name on " + qualified + ": not created; the target refused it (")
        .containsIgnoringCase("SASI")
        .contains("The rows are copied");
    session.refreshSchema();
    var created =
        session
            .getMetadata()
            .getKeyspace(keyspace.name())
            .orElseThrow()
            .getTable(table)
            .orElseThrow();
    assertThat(created.getIndexes().keySet())
        .extracting(CqlIdentifier::asInternal)
        .containsExactly("by_city");
  }
}
