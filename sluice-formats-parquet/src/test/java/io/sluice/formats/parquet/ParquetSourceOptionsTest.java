package io.sluice.formats.parquet;

import static io.sluice.formats.parquet.Reads.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.Setting;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParquetSourceOptionsTest {

  @Test
  void should_default_to_every_column_checked_pages_and_binary_as_bytes() {
    ParquetSourceOptions options = new ParquetSourceOptions(null, null, null);

    assertThat(options.columns()).isEmpty();
    assertThat(options.verifyChecksums()).isTrue();
    assertThat(options.binaryAsString()).isFalse();
    assertThat(options(Map.of())).isEqualTo(options);
  }

  @Test
  void should_accept_lists_single_names_and_booleans_from_yaml() {
    ParquetSourceOptions options =
        options(
            Map.of(
                "columns",
                List.of("b", "a"),
                "verify-checksums",
                false,
                "binary-as-string",
                "yes"));

    assertThat(options.columns()).containsExactly("b", "a");
    assertThat(options.verifyChecksums()).isFalse();
    assertThat(options.binaryAsString()).isTrue();
    assertThat(options(Map.of("columns", "id")).columns()).containsExactly("id");
  }

  @Test
  void should_reject_unknown_options_and_bad_values() {
    assertThatThrownBy(() -> options(Map.of("column", "a")))
        .hasMessageStartingWith(
            "source 'test' options: unknown setting 'column'; known settings here are [")
        .hasMessageContainingAll("columns", "verify-checksums", "binary-as-string");
    assertThatThrownBy(() -> options(Map.of("verify-checksums", "maybe")))
        .hasMessage(
            "source 'test' options: 'verify-checksums' must be true or false, not 'maybe'.");
    assertThatThrownBy(() -> options(Map.of("columns", List.of("a", " "))))
        .hasMessage("source 'test' options: columns must not be blank.");
    assertThatThrownBy(() -> options(Map.of("columns", List.of("a", "a"))))
        .hasMessage("source 'test' options: columns names a column twice: [a, a].");
  }

  @Test
  void should_describe_every_setting() {
    for (RecordComponent component : ParquetSourceOptions.class.getRecordComponents()) {
      Setting setting = component.getAnnotation(Setting.class);
      assertThat(setting).as(component.getName()).isNotNull();
      assertThat(setting.value()).as(component.getName()).hasSizeGreaterThan(40);
    }
  }
}
