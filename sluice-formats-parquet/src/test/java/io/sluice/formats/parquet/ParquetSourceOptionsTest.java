package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParquetSourceOptionsTest {

  @Test
  void should_default_to_every_column_checked_pages_and_binary_as_bytes() {
    ParquetSourceOptions options = ParquetSourceOptions.defaults();

    assertThat(options.columns()).isEmpty();
    assertThat(options.verifyChecksums()).isTrue();
    assertThat(options.binaryAsString()).isFalse();
  }

  @Test
  void should_accept_lists_single_names_and_booleans_from_yaml() {
    ParquetSourceOptions options =
        ParquetSourceOptions.parse(
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
    assertThat(ParquetSourceOptions.parse(Map.of("columns", "id")).columns()).containsExactly("id");
  }

  @Test
  void should_reject_unknown_options_and_bad_values() {
    assertThatThrownBy(() -> ParquetSourceOptions.parse(Map.of("column", "a")))
        .hasMessage(
            "unknown parquet source option 'column'; known options are columns,"
                + " verify-checksums, binary-as-string");
    assertThatThrownBy(() -> ParquetSourceOptions.parse(Map.of("verify-checksums", "maybe")))
        .hasMessage("verify-checksums must be true or false, not 'maybe'");
    assertThatThrownBy(() -> ParquetSourceOptions.parse(Map.of("columns", List.of("a", " "))))
        .hasMessage("columns must not be blank");
    assertThatThrownBy(() -> ParquetSourceOptions.parse(Map.of("columns", List.of("a", "a"))))
        .hasMessage("columns names a column twice: [a, a]");
  }

  @Test
  void should_document_every_option() {
    for (ParquetSourceOption option : ParquetSourceOption.values()) {
      assertThat(option.description()).as(option.key()).hasSizeGreaterThan(40);
    }
  }
}
