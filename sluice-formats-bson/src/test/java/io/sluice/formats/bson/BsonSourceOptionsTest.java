package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.Setting;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BsonSourceOptionsTest {

  @Test
  void should_default_to_64_mib_splits_all_collections_and_a_split_cache() {
    BsonSourceOptions options = new BsonSourceOptions(null, null, null, null);

    assertThat(options.splitSize()).isEqualTo("64MiB");
    assertThat(options.splitSizeBytes()).isEqualTo(64L * 1024 * 1024);
    assertThat(options.collection()).isEmpty();
    assertThat(options.splitCache()).isTrue();
    assertThat(options(Map.of())).isEqualTo(options);
  }

  @Test
  void should_accept_numbers_and_lists_from_yaml() {
    BsonSourceOptions options =
        options(Map.of("split-size", 4096, "collection", List.of("a", "b"), "split-cache", false));

    assertThat(options.splitSizeBytes()).isEqualTo(4096);
    assertThat(options.collection()).containsExactly("a", "b");
    assertThat(options.splitCache()).isFalse();
  }

  @Test
  void should_accept_one_collection_sizes_with_units_and_yes_or_no() {
    BsonSourceOptions options =
        options(Map.of("split-size", "512 kb", "collection", "users", "split-cache", "No"));

    assertThat(options.splitSizeBytes()).isEqualTo(512 * 1024);
    assertThat(options.collection()).containsExactly("users");
    assertThat(options.splitCache()).isFalse();
    assertThat(options(Map.of("split-cache", "on")).splitCache()).isTrue();
  }

  @Test
  void should_reject_bad_values_naming_the_setting() {
    assertThatThrownBy(() -> options(Map.of("split-size", "lots")))
        .isInstanceOf(JobFileException.class)
        .hasMessage(
            "source 'test' options: split-size must be a byte count such as 67108864 or 64MiB,"
                + " not 'lots'.");
    assertThatThrownBy(() -> options(Map.of("split-size", "0")))
        .hasMessage("source 'test' options: split-size must be at least 1 byte.");
    assertThatThrownBy(() -> options(Map.of("split-cache", "maybe")))
        .hasMessage("source 'test' options: 'split-cache' must be true or false, not 'maybe'.");
    assertThatThrownBy(() -> options(Map.of("collection", List.of("a", " "))))
        .hasMessage("source 'test' options: collection names must not be blank.");
    assertThatThrownBy(() -> options(Map.of("collection", Map.of("a", 1))))
        .hasMessage("source 'test' options: 'collection' must be text, not a section of settings.");
  }

  @Test
  void should_describe_every_setting() {
    for (RecordComponent component : BsonSourceOptions.class.getRecordComponents()) {
      Setting setting = component.getAnnotation(Setting.class);
      assertThat(setting).as(component.getName()).isNotNull();
      assertThat(setting.value()).as(component.getName()).hasSizeGreaterThan(40);
    }
  }
}
