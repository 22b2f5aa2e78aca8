package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetSourceProviderTest {

  @TempDir Path dir;

  @Test
  void should_be_discovered_as_the_parquet_type() {
    assertThat(ServiceLoader.load(SourceProvider.class))
        .anySatisfy(provider -> assertThat(provider.type()).isEqualTo("parquet"));
  }

  @Test
  void should_create_a_source_resolving_paths_against_the_job_folder() throws Exception {
    ContractFixtures.write(dir.resolve("users.parquet"), 3, 10, Set.of());
    SourceSpec spec =
        new SourceSpec("export", "parquet", List.of("users.parquet"), null, null, Map.of());

    try (Source source = Sources.create(spec, dir)) {
      assertThat(source).isInstanceOf(ParquetSource.class);
      assertThat(source.name()).isEqualTo("export");
      assertThat(source.plan())
          .singleElement()
          .satisfies(
              split -> {
                assertThat(split.resource()).isEqualTo("users.parquet");
                assertThat(split.id()).isEqualTo("export#0");
              });
    }
  }

  @Test
  void should_reject_unknown_options_naming_the_known_ones() {
    SourceSpec spec =
        new SourceSpec("e", "parquet", List.of("x.parquet"), null, null, Map.of("split-size", 1));

    assertThatThrownBy(() -> new ParquetSourceProvider().create(spec, dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "source 'e' options: unknown setting 'split-size'; known settings here are [")
        .hasMessageContainingAll("columns", "verify-checksums", "binary-as-string");
  }
}
