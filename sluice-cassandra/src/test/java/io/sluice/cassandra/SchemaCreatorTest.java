package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.TargetSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaCreatorTest {

  private static TargetSpec target(String schema, Map<String, Integer> replication) {
    return new TargetSpec(
        null,
        null,
        null,
        "Shop",
        "orders",
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        schema,
        replication);
  }

  @Test
  void should_create_the_keyspace_with_the_replicas_of_each_datacenter_in_the_job_order() {
    Map<String, Integer> replication = new LinkedHashMap<>();
    replication.put("dc1", 3);
    replication.put("eu-west", 2);

    assertThat(SchemaCreator.createKeyspace(target("create", replication), replication))
        .isEqualTo(
            "CREATE KEYSPACE IF NOT EXISTS \"Shop\" WITH replication = {'class':"
                + " 'NetworkTopologyStrategy', 'dc1': 3, 'eu-west': 2}");
  }

  @Test
  void should_split_a_copy_into_its_statements() {
    String cql =
        "CREATE TYPE IF NOT EXISTS \"Shop\".point (\n  x int,\n  y int\n);\n"
            + "CREATE TABLE IF NOT EXISTS \"Shop\".orders (\n  id int,\n  PRIMARY KEY (id)\n);";

    assertThat(SchemaCreator.statementsOf(cql))
        .containsExactly(
            "CREATE TYPE IF NOT EXISTS \"Shop\".point (\n  x int,\n  y int\n)",
            "CREATE TABLE IF NOT EXISTS \"Shop\".orders (\n  id int,\n  PRIMARY KEY (id)\n)");
  }

  @Test
  void should_refuse_an_unknown_schema_choice_and_a_datacenter_without_replicas() {
    assertThat(target(null, null).createsSchema()).isFalse();
    assertThat(target("CREATE", null).createsSchema()).isTrue();
    assertThatThrownBy(() -> target("maybe", null))
        .hasMessage("target.schema must be 'existing' or 'create', not 'maybe'");
    assertThatThrownBy(() -> target("create", Map.of("dc1", 0)))
        .hasMessageContaining("datacenter 'dc1' 0 replicas");
  }
}
