package io.sluice.formats.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BsonSourceProviderTest {

  @TempDir Path dir;

  @Test
  void should_be_discovered_as_the_bson_type() {
    assertThat(ServiceLoader.load(SourceProvider.class))
        .anySatisfy(provider -> assertThat(provider.type()).isEqualTo("bson"));
  }

  @Test
  void should_create_a_source_resolving_paths_against_the_job_folder() throws Exception {
    DumpFixtures.writeNumbered(dir.resolve("users.bson"), 3, 10);
    SourceSpec spec =
        new SourceSpec(
            "old-dump", "bson", List.of("users.bson"), null, null, Map.of("split-size", "1MiB"));

    try (Source source = new BsonSourceProvider().create(spec, dir)) {
      assertThat(source.name()).isEqualTo("old-dump");
      assertThat(source.plan())
          .singleElement()
          .satisfies(
              split -> {
                assertThat(split.resource()).isEqualTo("users.bson");
                assertThat(split.id()).isEqualTo("old-dump#0");
              });
      assertThat(((BsonDumpSource) source).collections()).containsExactly("users");
    }
  }

  @Test
  void should_reject_unknown_options_naming_the_known_ones() {
    SourceSpec spec =
        new SourceSpec("d", "bson", List.of("x.bson"), null, null, Map.of("splitsize", "1"));

    assertThatThrownBy(() -> new BsonSourceProvider().create(spec, dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "source 'd' options: unknown setting 'splitsize'; known settings here are [")
        .hasMessageContainingAll("split-size", "collection", "split-cache");
  }
}
