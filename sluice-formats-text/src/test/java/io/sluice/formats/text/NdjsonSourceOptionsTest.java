package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading and checking the options of an ndjson source, as its provider reads them. */
class NdjsonSourceOptionsTest {

  private static NdjsonSourceOptions read(Map<String, Object> options) {
    return JobFiles.readPart(options, NdjsonSourceOptions.class, "source 't' options");
  }

  @Test
  void should_default_to_64_mib_splits_16_mib_records_and_extended_json() {
    NdjsonSourceOptions options = new NdjsonSourceOptions(null, null, null);

    assertThat(options.splitSize()).isEqualTo("64MiB");
    assertThat(options.splitSizeBytes()).isEqualTo(64L << 20);
    assertThat(options.maxRecordBytes()).isEqualTo(16 << 20);
    assertThat(options.extendedJson()).isTrue();
    assertThat(read(Map.of())).isEqualTo(options);
  }

  @Test
  void should_read_sizes_and_yes_or_no() {
    NdjsonSourceOptions options =
        read(Map.of("split-size", "1KiB", "max-record-size", 512, "extended-json", "no"));

    assertThat(options.splitSizeBytes()).isEqualTo(1024);
    assertThat(options.maxRecordBytes()).isEqualTo(512);
    assertThat(options.extendedJson()).isFalse();
  }

  @Test
  void should_reject_an_unknown_option_and_bad_values() {
    assertThatThrownBy(() -> read(Map.of("header", true)))
        .hasMessageStartingWith("source 't' options: unknown setting 'header'")
        .hasMessageContainingAll("split-size", "max-record-size", "extended-json");
    assertThatThrownBy(() -> read(Map.of("max-record-size", "0")))
        .hasMessage("source 't' options: max-record-size must be at least 1 byte.");
  }
}
