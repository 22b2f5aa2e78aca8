package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsing and checking the options of a csv source. */
class CsvSourceOptionsTest {

  @Test
  void should_default_to_rfc_4180_with_a_header() {
    CsvSourceOptions options = CsvSourceOptions.defaults();

    assertThat(options.header()).isTrue();
    assertThat(options.delimiter()).isEqualTo(',');
    assertThat(options.quote()).isEqualTo('"');
    assertThat(options.escape()).isEqualTo(-1);
    assertThat(options.comment()).isEqualTo(-1);
    assertThat(options.nullValues()).containsExactly("");
    assertThat(options.encoding()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(options.multiline()).isTrue();
    assertThat(options.splitSize()).isEqualTo(64L << 20);
    assertThat(options.maxRecordBytes()).isEqualTo(16 << 20);
  }

  @Test
  void should_reject_an_unknown_option_listing_the_known_ones() {
    assertThatThrownBy(() -> CsvSourceOptions.parse(Map.of("delimeter", ";")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown csv source option 'delimeter'")
        .hasMessageContaining("delimiter")
        .hasMessageContaining("null-values");
  }

  @Test
  void should_turn_header_off_when_columns_are_given() {
    assertThat(CsvSourceOptions.parse(Map.of("columns", List.of("a", "b"))).header()).isFalse();
  }

  @Test
  void should_accept_tab_for_the_delimiter() {
    assertThat(CsvSourceOptions.parse(Map.of("delimiter", "tab")).delimiter()).isEqualTo('\t');
    assertThat(CsvSourceOptions.parse(Map.of("delimiter", "\t")).delimiter()).isEqualTo('\t');
  }

  @Test
  void should_reject_a_delimiter_equal_to_the_quote() {
    assertThatThrownBy(() -> CsvSourceOptions.parse(Map.of("delimiter", "\"")))
        .hasMessageContaining("'delimiter' must differ");
  }

  @Test
  void should_reject_an_escape_equal_to_the_quote() {
    assertThatThrownBy(() -> CsvSourceOptions.parse(Map.of("escape", "\"")))
        .hasMessageContaining("'quote' must differ");
  }

  @Test
  void should_reject_encodings_whose_ascii_characters_are_not_single_bytes() {
    assertThatThrownBy(() -> CsvSourceOptions.parse(Map.of("encoding", "UTF-16")))
        .hasMessageContaining("not supported");
    assertThat(CsvSourceOptions.parse(Map.of("encoding", "windows-1252")).encoding().name())
        .isEqualTo("windows-1252");
  }

  @Test
  void should_reject_a_column_named_by_two_typed_options() {
    assertThatThrownBy(
            () ->
                CsvSourceOptions.parse(
                    Map.of("json-columns", List.of("x"), "hex-columns", List.of("x"))))
        .hasMessageContaining("names column 'x', which json-columns names too");
  }

  @Test
  void should_reject_a_typed_column_missing_from_the_columns() {
    assertThatThrownBy(
            () ->
                CsvSourceOptions.parse(
                    Map.of("columns", List.of("a"), "base64-columns", List.of("b"))))
        .hasMessageContaining("names column 'b', which columns [a] lacks");
  }

  @Test
  void should_reject_an_invalid_date_pattern_and_zone() {
    assertThatThrownBy(
            () -> CsvSourceOptions.parse(Map.of("date-formats", Map.of("d", "dd/MM/yyyyp{"))))
        .hasMessageContaining("invalid pattern for column 'd'");
    assertThatThrownBy(() -> CsvSourceOptions.parse(Map.of("time-zone", "Mars/Olympus")))
        .hasMessageContaining("unknown zone");
  }

  @Test
  void should_read_sizes_with_binary_units() {
    assertThat(CsvSourceOptions.parse(Map.of("split-size", "512KiB")).splitSize())
        .isEqualTo(512 * 1024);
    assertThatThrownBy(() -> CsvSourceOptions.parse(Map.of("split-size", "lots")))
        .hasMessageContaining("'split-size' must be a byte count");
  }

  @Test
  void should_describe_every_option() {
    for (CsvSourceOption option : CsvSourceOption.values()) {
      assertThat(option.description()).as(option.key()).isNotBlank();
    }
    for (NdjsonSourceOption option : NdjsonSourceOption.values()) {
      assertThat(option.description()).as(option.key()).isNotBlank();
    }
  }

  @Test
  void should_reject_an_unknown_ndjson_option() {
    assertThatThrownBy(() -> NdjsonSourceOptions.parse(Map.of("header", true)))
        .hasMessageContaining("unknown ndjson source option 'header'")
        .hasMessageContaining("split-size, max-record-size, extended-json");
  }
}
