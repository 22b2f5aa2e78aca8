package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both providers are found through META-INF/services by their type. */
class ProviderRegistrationTest {

  @TempDir Path dir;

  @Test
  void should_find_the_csv_and_ndjson_providers_by_type() throws IOException {
    TextFixtures.write(dir.resolve("a.csv"), "x\n1\n");
    TextFixtures.write(dir.resolve("a.ndjson"), "{\"x\":1}\n");

    try (Source csv =
            Sources.create(
                new SourceSpec("c", "csv", List.of("a.csv"), null, null, Map.of()), dir);
        Source ndjson =
            Sources.create(
                new SourceSpec("n", "NDJSON", List.of("a.ndjson"), null, null, Map.of()), dir)) {
      assertThat(csv).isInstanceOf(CsvSource.class);
      assertThat(csv.name()).isEqualTo("c");
      assertThat(ndjson).isInstanceOf(NdjsonSource.class);
    }
  }
}
