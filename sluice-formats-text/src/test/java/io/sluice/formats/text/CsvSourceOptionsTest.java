package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.Setting;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading and checking the options of a csv source, as its provider reads them. */
class CsvSourceOptionsTest {

  private static CsvSourceOptions read(Map<String, Object> options) {
    return JobFiles.readPart(options, CsvSourceOptions.class, "source 't' options");
  }

  @Test
  void should_default_to_rfc_4180_with_a_header() {
    CsvSourceOptions options = read(Map.of());

    assertThat(options.header()).isTrue();
    assertThat(options.delimiterChar()).isEqualTo(',');
    assertThat(options.quoteChar()).isEqualTo('"');
    assertThat(options.escapeChar()).isEqualTo(-1);
    assertThat(options.commentChar()).isEqualTo(-1);
    assertThat(options.nullValues()).containsExactly("");
    assertThat(options.charset()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(options.skipLines()).isZero();
    assertThat(options.multiline()).isTrue();
    assertThat(options.lenientQuotes()).isFalse();
    assertThat(options.splitSizeBytes()).isEqualTo(64L << 20);
    assertThat(options.maxRecordBytes()).isEqualTo(16 << 20);
    assertThat(options.dateFormats()).isEmpty();
    assertThat(options.zone().getId()).isEqualTo("UTC");
  }

  @Test
  void should_give_the_defaults_when_built_with_every_setting_null() {
    CsvSourceOptions options =
        new CsvSourceOptions(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null);

    assertThat(options).isEqualTo(read(Map.of()));
    assertThat(options.delimiter()).isEqualTo(",");
    assertThat(options.escape()).isEqualTo("none");
    assertThat(options.splitSize()).isEqualTo("64MiB");
    assertThat(options.maxRecordSize()).isEqualTo("16MiB");
    assertThat(
            new CsvSourceOptions(
                    null,
                    List.of("a"),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null)
                .header())
        .isFalse();
  }

  @Test
  void should_reject_an_unknown_option_listing_the_known_ones() {
    assertThatThrownBy(() -> read(Map.of("delimeter", ";")))
        .isInstanceOf(JobFileException.class)
        .hasMessageStartingWith("source 't' options: unknown setting 'delimeter'")
        .hasMessageContaining("delimiter")
        .hasMessageContaining("null-values");
  }

  @Test
  void should_turn_header_off_when_columns_are_given() {
    assertThat(read(Map.of("columns", List.of("a", "b"))).header()).isFalse();
    assertThat(read(Map.of("columns", List.of("a", "b"), "header", "yes")).header()).isTrue();
  }

  @Test
  void should_accept_one_name_where_a_list_is_expected() {
    CsvSourceOptions options = read(Map.of("columns", "id", "null-values", "NULL"));

    assertThat(options.columns()).containsExactly("id");
    assertThat(options.nullValues()).containsExactly("NULL");
  }

  @Test
  void should_accept_tab_for_the_delimiter() {
    assertThat(read(Map.of("delimiter", "tab")).delimiterChar()).isEqualTo('\t');
    assertThat(read(Map.of("delimiter", "\t")).delimiterChar()).isEqualTo('\t');
  }

  @Test
  void should_read_quote_none_and_booleans_written_as_yes_no_on_off() {
    CsvSourceOptions options =
        read(Map.of("quote", "", "multiline", "off", "lenient-quotes", "Yes", "skip-lines", "2"));

    assertThat(options.quoteChar()).isEqualTo(-1);
    assertThat(options.multiline()).isFalse();
    assertThat(options.lenientQuotes()).isTrue();
    assertThat(options.skipLines()).isEqualTo(2);
  }

  @Test
  void should_reject_a_delimiter_equal_to_the_quote() {
    assertThatThrownBy(() -> read(Map.of("delimiter", "\"")))
        .hasMessage(
            "source 't' options: delimiter must differ from the quote, escape and comment"
                + " characters.");
  }

  @Test
  void should_reject_an_escape_equal_to_the_quote() {
    assertThatThrownBy(() -> read(Map.of("escape", "\"")))
        .hasMessageContaining("quote must differ");
  }

  @Test
  void should_reject_encodings_whose_ascii_characters_are_not_single_bytes() {
    assertThatThrownBy(() -> read(Map.of("encoding", "UTF-16")))
        .hasMessageContaining("not supported");
    assertThatThrownBy(() -> read(Map.of("encoding", "klingon")))
        .hasMessage("source 't' options: encoding names an unknown encoding 'klingon'.");
    assertThat(read(Map.of("encoding", "windows-1252")).charset().name()).isEqualTo("windows-1252");
  }

  @Test
  void should_reject_a_column_named_by_two_typed_options() {
    assertThatThrownBy(() -> read(Map.of("json-columns", List.of("x"), "hex-columns", "x")))
        .hasMessage(
            "source 't' options: hex-columns names column 'x', which json-columns names too.");
  }

  @Test
  void should_reject_a_typed_column_missing_from_the_columns() {
    assertThatThrownBy(() -> read(Map.of("columns", List.of("a"), "base64-columns", List.of("b"))))
        .hasMessageContaining("names column 'b', which columns [a] lacks");
  }

  @Test
  void should_reject_blank_repeated_and_null_column_names() {
    assertThatThrownBy(() -> read(Map.of("columns", List.of("a", " "))))
        .hasMessage("source 't' options: columns must not hold blank names.");
    assertThatThrownBy(() -> read(Map.of("columns", List.of("a", "a"))))
        .hasMessage("source 't' options: columns names 'a' twice.");
    assertThatThrownBy(() -> read(Map.of("null-values", Arrays.asList("", null))))
        .hasMessage("source 't' options: null-values must not hold empty (null) items.");
  }

  @Test
  void should_reject_an_invalid_date_pattern_and_zone() {
    assertThatThrownBy(() -> read(Map.of("date-formats", Map.of("d", "dd/MM/yyyyp{"))))
        .hasMessageContaining("date-formats has an invalid pattern for column 'd'");
    Map<String, Object> noPattern = new HashMap<>();
    noPattern.put("d", null);
    assertThatThrownBy(() -> read(Map.of("date-formats", noPattern)))
        .hasMessage("source 't' options: date-formats must not hold empty (null) values.");
    assertThatThrownBy(() -> read(Map.of("date-formats", List.of("d"))))
        .hasMessageStartingWith("source 't' options: 'date-formats' must be a section");
    assertThatThrownBy(() -> read(Map.of("time-zone", "Mars/Olympus")))
        .hasMessage("source 't' options: time-zone names an unknown zone 'Mars/Olympus'.");
  }

  @Test
  void should_reject_wrong_kinds_of_values_naming_the_setting() {
    assertThatThrownBy(() -> read(Map.of("skip-lines", "some")))
        .hasMessage("source 't' options: 'skip-lines' must be a whole number, not 'some'.");
    assertThatThrownBy(() -> read(Map.of("skip-lines", -1)))
        .hasMessage(
            "source 't' options: skip-lines must be a whole number of at least 0, not '-1'.");
    assertThatThrownBy(() -> read(Map.of("multiline", "maybe")))
        .hasMessage("source 't' options: 'multiline' must be true or false, not 'maybe'.");
    assertThatThrownBy(() -> read(Map.of("delimiter", ";;")))
        .hasMessage(
            "source 't' options: delimiter must be one ASCII character other than a line break,"
                + " not ';;'.");
  }

  @Test
  void should_read_sizes_with_binary_units() {
    assertThat(read(Map.of("split-size", "512KiB")).splitSizeBytes()).isEqualTo(512 * 1024);
    assertThat(read(Map.of("split-size", 4096)).splitSizeBytes()).isEqualTo(4096);
    assertThatThrownBy(() -> read(Map.of("split-size", "lots")))
        .hasMessage(
            "source 't' options: split-size must be a byte count such as 67108864 or 64MiB, not"
                + " 'lots'.");
    assertThatThrownBy(() -> read(Map.of("max-record-size", "3GiB")))
        .hasMessage("source 't' options: max-record-size must be below 2GiB.");
  }

  @Test
  void should_describe_every_setting() {
    for (Class<?> type : List.of(CsvSourceOptions.class, NdjsonSourceOptions.class)) {
      for (RecordComponent component : type.getRecordComponents()) {
        Setting setting = component.getAnnotation(Setting.class);
        assertThat(setting).as(component.getName()).isNotNull();
        assertThat(setting.value()).as(component.getName()).isNotBlank();
      }
    }
  }
}
