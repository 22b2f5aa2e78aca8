package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.mapping.MappingYaml;
import io.sluice.core.source.TableCopy;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code plan} prints for a job of several tables, read back as a user would use it. */
class TablesPlanPartsTest {

  private static final String TARGET =
      "target:\n"
          + "  contact-points: [127.0.0.1:9042]\n"
          + "  local-datacenter: dc1\n"
          + "  keyspace: shop\n";

  private static MappingSpec mapping(String... columnAndField) {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    for (int i = 0; i < columnAndField.length; i += 2) {
      columns.put(columnAndField[i], ColumnSpec.ofField(columnAndField[i + 1]));
    }
    return MappingSpec.of(columns);
  }

  @Test
  void should_write_a_per_table_block_that_the_job_file_reads_back() {
    PerTableYaml block = new PerTableYaml();
    block.add(
        "users",
        "users",
        MappingYaml.write(
            mapping("id", "_id", "first_name", "firstName"),
            Map.of("id", "ObjectId as text"),
            List.of("Inferred for table shop.users.")));
    block.add("order_items", "line_items", MappingYaml.write(mapping("id", "_id")));

    JobSpec job =
        JobFiles.parse(
            "sources:\n  - {type: bson, path: dump/shop}\n" + TARGET + block.yaml(),
            Path.of("job.yaml"));

    assertThat(job.perTable()).containsOnlyKeys("users", "order_items");
    assertThat(job.perTable().get("users").table()).isNull();
    assertThat(job.perTable().get("users").mapping().columns())
        .containsExactly(
            Map.entry("id", ColumnSpec.ofField("_id")),
            Map.entry("first_name", ColumnSpec.ofField("firstName")));
    assertThat(job.perTable().get("order_items").table()).isEqualTo("line_items");
    assertThat(job.perTable().get("order_items").mapping().columns()).containsOnlyKeys("id");
  }

  @Test
  void should_print_each_user_type_once_before_the_tables_and_the_keyspace_first() {
    PlannedSchema schema = new PlannedSchema();
    String point = "CREATE TYPE IF NOT EXISTS shop.point (\n  x int,\n  y int\n);";
    String place = "CREATE TYPE IF NOT EXISTS shop.place (\n  at frozen<point>\n);";
    schema.add(
        "readings",
        new TableCopy(
            List.of("id", "spot"),
            point
                + "\nCREATE TABLE IF NOT EXISTS shop.readings (\n  id int,\n  spot"
                + " frozen<point>,\n  PRIMARY KEY (id)\n);\n"
                + "CREATE INDEX IF NOT EXISTS by_spot ON shop.readings (spot);",
            List.of(),
            List.of("view readings_by_spot: not copied")));
    schema.add(
        "venues",
        new TableCopy(
            List.of("id", "place"),
            point
                + "\n"
                + place
                + "\nCREATE TABLE IF NOT EXISTS shop.venues (\n  id int,\n  place"
                + " frozen<place>,\n  PRIMARY KEY (id)\n);"));
    schema.notCopied("table shop.hits: not copied; it holds counters");
    JobSpec job = JobFiles.parse("sources:\n  - {type: bson, path: x}\n" + TARGET, Path.of("j"));

    String cql = schema.cql(job.target());

    assertThat(cql.split("\n(?=CREATE )"))
        .extracting(
            statement ->
                statement.contains(" (")
                    ? statement.substring(0, statement.indexOf(" (") + 1)
                    : statement)
        .containsExactly(
            "CREATE KEYSPACE IF NOT EXISTS shop WITH replication = {'class':"
                + " 'NetworkTopologyStrategy', 'dc1': 3};",
            "CREATE TYPE IF NOT EXISTS shop.point ",
            "CREATE TYPE IF NOT EXISTS shop.place ",
            "CREATE TABLE IF NOT EXISTS shop.readings ",
            "CREATE INDEX IF NOT EXISTS by_spot ON shop.readings ",
            "CREATE TABLE IF NOT EXISTS shop.venues ");
    assertThat(schema.notCopied())
        .containsExactly(
            "view readings_by_spot: not copied", "table shop.hits: not copied; it holds counters");
    assertThat(schema.replicationNote(job.target()))
        .contains("3 replicas in datacenter dc1")
        .contains("set target.schema: create");
  }
}
