package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.source;
import static io.sluice.formats.bson.DumpFixtures.writeNumbered;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.core.source.Split;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitCacheTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, Object> SMALL_SPLITS = Map.of("split-size", "8KiB");

  @TempDir Path dir;
  Path file;
  Path cache;

  @BeforeEach
  void writeDump() throws Exception {
    file = dir.resolve("items.bson");
    cache = dir.resolve("items.bson.splits");
    writeNumbered(file, 400, 100);
  }

  @Test
  void should_write_the_split_points_beside_the_file() throws Exception {
    List<Split> splits = source(file, SMALL_SPLITS).plan();

    JsonNode cached = JSON.readTree(cache.toFile());
    assertThat(cached.get("format").asText()).isEqualTo(SplitCache.FORMAT);
    assertThat(cached.get("fileSize").asLong()).isEqualTo(Files.size(file));
    assertThat(cached.get("lastModified").asText())
        .isEqualTo(Files.getLastModifiedTime(file).toInstant().toString());
    assertThat(cached.get("splitSize").asLong()).isEqualTo(8192);
    assertThat(cached.get("starts"))
        .extracting(JsonNode::asLong)
        .containsExactlyElementsOf(splits.stream().map(Split::start).toList());
  }

  @Test
  void should_reuse_the_cache_while_the_file_is_unchanged() throws Exception {
    source(file, SMALL_SPLITS).plan();
    rewriteCachedStarts(0);

    List<Split> splits = source(file, SMALL_SPLITS).plan();

    assertThat(splits).singleElement().extracting(Split::end).isEqualTo(Files.size(file));
  }

  @Test
  void should_recompute_when_the_file_grows() throws Exception {
    source(file, SMALL_SPLITS).plan();
    rewriteCachedStarts(0);
    writeNumbered(file, 500, 100);

    List<Split> splits = source(file, SMALL_SPLITS).plan();

    assertThat(splits).hasSizeGreaterThan(1);
    assertThat(records(readAll(source(file, SMALL_SPLITS)))).hasSize(500);
    assertThat(JSON.readTree(cache.toFile()).get("fileSize").asLong()).isEqualTo(Files.size(file));
  }

  @Test
  void should_recompute_when_only_the_modification_time_changes() throws Exception {
    source(file, SMALL_SPLITS).plan();
    rewriteCachedStarts(0);
    Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

    assertThat(source(file, SMALL_SPLITS).plan()).hasSizeGreaterThan(1);
  }

  @Test
  void should_recompute_when_the_split_size_changes() throws Exception {
    List<Split> small = source(file, SMALL_SPLITS).plan();

    List<Split> large = source(file, Map.of("split-size", "32KiB")).plan();

    assertThat(large.size()).isLessThan(small.size());
    assertThat(JSON.readTree(cache.toFile()).get("splitSize").asLong()).isEqualTo(32 * 1024);
  }

  @Test
  void should_ignore_and_replace_an_unreadable_cache() throws Exception {
    List<Split> expected = source(file, Map.of("split-size", "8KiB", "split-cache", false)).plan();
    Files.writeString(cache, "{not json");

    assertThat(source(file, SMALL_SPLITS).plan()).isEqualTo(expected);
    assertThat(JSON.readTree(cache.toFile()).get("format").asText()).isEqualTo(SplitCache.FORMAT);
  }

  @Test
  void should_go_on_without_a_cache_that_cannot_be_written() throws Exception {
    Files.createDirectory(cache);
    Files.writeString(cache.resolve("in-the-way"), "x");

    List<Split> splits = source(file, SMALL_SPLITS).plan();

    assertThat(splits).hasSizeGreaterThan(1);
    assertThat(records(readAll(source(file, SMALL_SPLITS)))).hasSize(400);
    try (var leftovers = Files.list(dir)) {
      assertThat(leftovers.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("items.bson", "items.bson.splits");
    }
  }

  @Test
  void should_not_cache_a_file_of_one_split() throws Exception {
    source(file, Map.of("split-size", "1MiB")).plan();

    assertThat(cache).doesNotExist();
  }

  @Test
  void should_neither_read_nor_write_the_cache_when_disabled() throws Exception {
    source(file, Map.of("split-size", "8KiB", "split-cache", "false")).plan();

    assertThat(cache).doesNotExist();
  }

  private void rewriteCachedStarts(long... starts) throws Exception {
    ObjectNode cached = (ObjectNode) JSON.readTree(cache.toFile());
    var array = cached.putArray("starts");
    for (long start : starts) {
      array.add(start);
    }
    JSON.writeValue(cache.toFile(), cached);
  }
}
