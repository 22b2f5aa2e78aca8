package io.sluice.formats.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BsonSourceOptionsTest {

  @Test
  void should_default_to_64_mib_splits_all_collections_and_a_split_cache() {
    BsonSourceOptions options = BsonSourceOptions.defaults();

    assertThat(options.splitSize()).isEqualTo(64L * 1024 * 1024);
    assertThat(options.collections()).isEmpty();
    assertThat(options.splitCache()).isTrue();
  }

  @ParameterizedTest
  @CsvSource({
    "1048576, 1048576",
    "512KiB, 524288",
    "512 kb, 524288",
    "64MiB, 67108864",
    "64m, 67108864",
    "2GiB, 2147483648",
    "10B, 10"
  })
  void should_parse_sizes_in_binary_units(String text, long bytes) {
    assertThat(BsonSourceOptions.parseSize(text)).isEqualTo(bytes);
  }

  @Test
  void should_accept_numbers_and_lists_from_yaml() {
    BsonSourceOptions options =
        BsonSourceOptions.parse(
            Map.of("split-size", 4096, "collection", List.of("a", "b"), "split-cache", false));

    assertThat(options.splitSize()).isEqualTo(4096);
    assertThat(options.collections()).containsExactly("a", "b");
    assertThat(options.splitCache()).isFalse();
  }

  @Test
  void should_reject_bad_values() {
    assertThatThrownBy(() -> BsonSourceOptions.parse(Map.of("split-size", "lots")))
        .hasMessage("split-size must be a byte count such as 67108864 or 64MiB, not 'lots'");
    assertThatThrownBy(() -> BsonSourceOptions.parse(Map.of("split-size", "0")))
        .hasMessage("split-size must be at least 1 byte");
    assertThatThrownBy(() -> BsonSourceOptions.parse(Map.of("split-cache", "maybe")))
        .hasMessage("split-cache must be true or false, not 'maybe'");
  }
}
