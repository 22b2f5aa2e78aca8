package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.writeNumbered;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobTables;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import io.sluice.core.source.Sources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tables: per-collection}: a mongodump folder of several collections is one table per
 * collection, and a job reading it is one job per table ({@link JobTables}).
 */
class CollectionTablesTest {

  @TempDir Path base;

  @BeforeEach
  void writeDump() throws Exception {
    Path shop = Files.createDirectories(base.resolve("dump/shop"));
    writeNumbered(shop.resolve("users.bson"), 30, 20);
    BsonDumpWriter.writeMetadata(shop, "users");
    writeNumbered(shop.resolve("order-items.bson.gz"), 20, 20);
    Files.writeString(
        shop.resolve("order-items.metadata.json"),
        "{\"indexes\":[],\"collectionName\":\"orderItems\",\"type\":\"collection\"}");
    writeNumbered(shop.resolve("carts.bson"), 0, 0);
    writeNumbered(shop.resolve("system.views.bson"), 2, 10);
  }

  private static SourceSpec spec(Map<String, Object> options) {
    return new SourceSpec("shop", "bson", List.of("dump/shop"), null, null, options);
  }

  @Test
  void should_name_one_table_per_collection_each_reading_its_own_file() throws Exception {
    SourceTables tables =
        new BsonSourceProvider().tables(spec(Map.of("tables", "per-collection")), base);

    assertThat(tables.read().keySet()).containsExactly("order_items", "users");
    assertThat(tables.notRead())
        .containsOnlyKeys("carts")
        .hasEntrySatisfying("carts", why -> assertThat(why).contains("holds no document"));
    SourceSpec users = tables.read().get("users");
    assertThat(users.name()).isEqualTo("users");
    assertThat(users.options()).doesNotContainKey("tables");
    try (Source source = Sources.create(users, base)) {
      assertThat(source.plan()).allSatisfy(s -> assertThat(s.resource()).endsWith("users.bson"));
      assertThat(records(readAll(source))).hasSize(30);
    }
    try (Source source = Sources.create(tables.read().get("order_items"), base)) {
      assertThat(((BsonDumpSource) source).collections()).containsExactly("orderItems");
      assertThat(records(readAll(source))).hasSize(20);
    }
  }

  @Test
  void should_keep_choosing_collections_with_the_collection_option() {
    SourceTables tables =
        new BsonSourceProvider()
            .tables(spec(Map.of("tables", "per-collection", "collection", "users")), base);

    assertThat(tables.read().keySet()).containsExactly("users");
    assertThat(tables.notRead()).isEmpty();
  }

  @Test
  void should_name_no_tables_when_one_table_takes_every_collection() {
    assertThat(new BsonSourceProvider().tables(spec(Map.of()), base).several()).isFalse();
    assertThat(new BsonSourceProvider().tables(spec(Map.of("tables", "one")), base).several())
        .isFalse();
  }

  @Test
  void should_refuse_two_collections_that_would_be_one_table() throws Exception {
    writeNumbered(base.resolve("dump/shop/Users.bson"), 1, 1);

    assertThatThrownBy(
            () -> new BsonSourceProvider().tables(spec(Map.of("tables", "per-collection")), base))
        .hasMessageContainingAll("'Users'", "'users'", "table 'users'");
  }

  @Test
  void should_refuse_an_unknown_tables_value_and_a_source_created_whole() {
    assertThatThrownBy(
            () -> new BsonSourceProvider().tables(spec(Map.of("tables", "per-file")), base))
        .hasMessageContaining("tables must be 'one' or 'per-collection', not 'per-file'");
    assertThatThrownBy(
            () -> new BsonSourceProvider().create(spec(Map.of("tables", "per-collection")), base))
        .hasMessageContaining("leave out target.table and mapping");
  }

  @Test
  void should_expand_a_job_into_one_job_per_collection_with_its_per_table_mapping()
      throws Exception {
    Path jobFile = base.resolve("job.yaml");
    Files.writeString(
        jobFile,
        """
        name: shop
        sources:
          - name: shop
            type: bson
            path: dump/shop
            write-timestamp: 2024-06-30T00:00:00Z
            options: {tables: per-collection, split-size: 1MiB}
        target:
          keyspace: app
        per-table:
          users:
            mapping:
              columns: {id: _id, name: name}
          order_items:
            table: line_items
            mapping:
              columns: {id: _id}
        """);
    JobSpec job = JobFiles.load(jobFile);

    JobTables tables = JobTables.of(job);

    assertThat(tables.tables().keySet()).containsExactly("line_items", "users");
    assertThat(tables.notCopied()).containsOnlyKeys("carts");
    JobSpec users = tables.tables().get("users");
    assertThat(users.target().keyspace()).isEqualTo("app");
    assertThat(users.target().table()).isEqualTo("users");
    assertThat(users.mapping().columns()).containsOnlyKeys("id", "name");
    assertThat(users.sources())
        .singleElement()
        .satisfies(
            source -> {
              assertThat(source.options()).containsEntry("collection", List.of("users"));
              assertThat(source.options()).containsEntry("split-size", "1MiB");
              assertThat(source.writeTimestamp()).isEqualTo(job.sources().get(0).writeTimestamp());
            });
    assertThat(tables.tables().get("line_items").sources().get(0).options())
        .containsEntry("collection", List.of("orderItems"));
  }

  @Test
  void should_refuse_a_job_naming_a_target_table_for_a_folder_of_tables() throws Exception {
    Path jobFile = base.resolve("job.yaml");
    Files.writeString(
        jobFile,
        """
        sources:
          - {name: shop, type: bson, path: dump/shop, options: {tables: per-collection}}
        target: {keyspace: app, table: users}
        """);

    assertThatThrownBy(() -> JobTables.of(JobFiles.load(jobFile)))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("the target names a keyspace only");
  }
}
