package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import org.junit.jupiter.api.Test;

@RealCassandra
class CassandraExtensionIT {

  @Test
  void should_give_a_session_in_a_fresh_keyspace_named_after_the_class(
      CqlSession session, TestKeyspace keyspace) {
    assertThat(keyspace.name()).isEqualTo("sluice_it_cassandra_extension_it");
    assertThat(session.getKeyspace())
        .hasValueSatisfying(k -> assertThat(k.asInternal()).isEqualTo(keyspace.name()));
    assertThat(
            session
                .execute(
                    "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
                    keyspace.name())
                .all())
        .isEmpty();

    session.execute("CREATE TABLE things (id int PRIMARY KEY, name text)");
    session.execute("INSERT INTO things (id, name) VALUES (1, 'one')");

    Row row = session.execute("SELECT name FROM things WHERE id = 1").one();
    assertThat(row.getString("name")).isEqualTo("one");
  }

  @Test
  void should_tell_where_the_cluster_is(TestKeyspace keyspace) {
    try (CqlSession own =
        CqlSession.builder()
            .addContactPoint(keyspace.contactPoint())
            .withLocalDatacenter(keyspace.localDatacenter())
            .withKeyspace(keyspace.name())
            .build()) {
      assertThat(own.execute("SELECT release_version FROM system.local").one()).isNotNull();
    }
    assertThat(keyspace.hostAndPort()).isEqualTo(keyspace.host() + ":" + keyspace.port());
  }
}
