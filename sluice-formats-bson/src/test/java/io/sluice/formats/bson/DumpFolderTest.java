package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.options;
import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.writeNumbered;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.source.Record;
import io.sluice.core.source.Split;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mongodump output folder: {@code dump/shop/*.bson[.gz]} with metadata beside them. */
class DumpFolderTest {

  @TempDir Path base;
  Path shop;

  @BeforeEach
  void writeDump() throws Exception {
    shop = Files.createDirectories(base.resolve("dump/shop"));
    writeNumbered(shop.resolve("users.bson"), 30, 50);
    BsonDumpWriter.writeMetadata(shop, "users");
    writeNumbered(shop.resolve("orders.bson.gz"), 20, 50);
    writeNumbered(shop.resolve("audit%2flog.bson"), 5, 10);
    writeNumbered(shop.resolve("system.views.bson"), 2, 10);
    // mongodump shortens very long names in file names; the metadata keeps the real one.
    writeNumbered(shop.resolve("events_sh0rt.bson"), 4, 10);
    Files.writeString(
        shop.resolve("events_sh0rt.metadata.json"),
        "{\"indexes\":[],\"collectionName\":\"events_with_a_very_long_name\",\"type\":\"collection\"}");
    Files.writeString(shop.resolve("notes.txt"), "not a dump file");
  }

  private BsonDumpSource source(List<String> paths, Map<String, Object> options) {
    return new BsonDumpSource("shop", paths, base, options(options));
  }

  @Test
  void should_read_every_collection_of_a_folder_in_file_name_order() throws Exception {
    BsonDumpSource source = source(List.of("dump/shop"), Map.of());

    assertThat(source.files())
        .extracting(BsonDumpFile::resource)
        .containsExactly(
            "dump/shop/audit%2flog.bson",
            "dump/shop/events_sh0rt.bson", "dump/shop/orders.bson.gz", "dump/shop/users.bson");
    assertThat(source.collections())
        .containsExactly("audit/log", "events_with_a_very_long_name", "orders", "users");
    assertThat(records(readAll(source))).hasSize(5 + 4 + 20 + 30);
    assertThat(source.collectionOf("dump/shop/orders.bson.gz")).contains("orders");
  }

  @Test
  void should_name_resources_by_the_folder_as_given() throws Exception {
    BsonDumpSource source = source(List.of("dump/shop"), Map.of("collection", "users"));

    List<Split> splits = source.plan();
    List<Record> records = records(readAll(source));

    assertThat(splits).extracting(Split::resource).containsOnly("dump/shop/users.bson");
    assertThat(records.get(0).position().resource()).isEqualTo("dump/shop/users.bson");
  }

  @Test
  void should_select_collections_by_option() throws Exception {
    BsonDumpSource one = source(List.of("dump/shop"), Map.of("collection", "orders"));
    BsonDumpSource two =
        source(List.of("dump/shop"), Map.of("collection", List.of("users", "system.views")));

    assertThat(one.collections()).containsExactly("orders");
    assertThat(records(readAll(one))).hasSize(20);
    assertThat(two.collections()).containsExactly("system.views", "users");
  }

  @Test
  void should_reject_a_collection_that_is_not_in_the_dump() {
    assertThatThrownBy(() -> source(List.of("dump/shop"), Map.of("collection", "nope")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("collection 'nope' is not in")
        .hasMessageContaining("users");
  }

  @Test
  void should_not_take_split_caches_for_dump_files() throws Exception {
    source(List.of("dump/shop"), Map.of("split-size", "1KiB")).plan();

    assertThat(shop.resolve("users.bson.splits")).exists();
    assertThat(source(List.of("dump/shop"), Map.of()).files()).hasSize(4);
  }

  @Test
  void should_expand_a_glob_in_the_file_name() {
    BsonDumpSource source = source(List.of("dump/shop/*s.bson*"), Map.of());

    assertThat(source.collections()).containsExactly("orders", "users");
    assertThat(source.files())
        .extracting(BsonDumpFile::resource)
        .containsExactly("dump/shop/orders.bson.gz", "dump/shop/users.bson");
  }

  @Test
  void should_read_a_file_named_twice_once() throws Exception {
    BsonDumpSource source =
        source(List.of("dump/shop/users.bson", "dump/shop/../shop/users.bson"), Map.of());

    assertThat(records(readAll(source))).hasSize(30);
  }

  @Test
  void should_reject_a_path_that_does_not_exist() {
    assertThatThrownBy(() -> source(List.of("dump/nowhere"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("bson source path 'dump/nowhere' is neither a file nor a folder");
  }

  @Test
  void should_reject_a_folder_without_dump_files() throws Exception {
    Files.createDirectories(base.resolve("empty"));

    assertThatThrownBy(() -> source(List.of("empty"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("no .bson or .bson.gz files found in");
  }
}
