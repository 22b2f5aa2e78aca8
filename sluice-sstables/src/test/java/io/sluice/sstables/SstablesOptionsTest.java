package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.TargetSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SstablesOptionsTest {

  private static TargetSpec target(Map<String, Object> options) {
    return new TargetSpec(
        "sstables", null, null, "ks", "t", null, null, null, null, null, null, options, null, null);
  }

  @Test
  void should_take_the_defaults_around_the_one_required_setting() {
    SstablesOptions options = SstablesTargetProvider.options(target(Map.of("directory", "files")));

    assertThat(options.directory()).isEqualTo("files");
    assertThat(options.segmentRows()).isEqualTo(100_000);
    assertThat(options.bufferMib()).isEqualTo(64);
    assertThat(options.throttleMib()).isEqualTo(64);
    assertThat(options.streamBatchMib()).isEqualTo(1024);
    assertThat(options.datacenters()).isEmpty();
    assertThat(options.keepLoaded()).isFalse();
    assertThat(options.format()).isEqualTo("oa");
    assertThat(options.streamAfterMigrate()).isFalse();
  }

  /** YAML reads an unquoted 4.1 as a number: it is taken all the same. */
  @Test
  void should_write_the_format_of_the_oldest_release_named() {
    assertThat(
            SstablesTargetProvider.options(
                    target(Map.of("directory", "f", "cassandra-version", 4.1)))
                .format())
        .isEqualTo("nb");
    assertThat(
            SstablesTargetProvider.options(
                    target(Map.of("directory", "f", "cassandra-version", "5.0")))
                .format())
        .isEqualTo("oa");
    assertThatThrownBy(
            () ->
                SstablesTargetProvider.options(
                    target(Map.of("directory", "f", "cassandra-version", "4.0"))))
        .hasMessageContaining("target.options.cassandra-version")
        .hasMessageContaining("not 4.0");
  }

  @Test
  void should_read_kebab_case_settings() {
    SstablesOptions options =
        SstablesTargetProvider.options(
            target(
                Map.of(
                    "directory",
                    "files",
                    "segment-rows",
                    500,
                    "datacenters",
                    List.of("dc2"),
                    "stream-batch-mib",
                    8,
                    "stream-after-migrate",
                    true)));

    assertThat(options.segmentRows()).isEqualTo(500);
    assertThat(options.streamAfterMigrate()).isTrue();
    assertThat(options.datacenters()).containsExactly("dc2");
    assertThat(options.streamBatchMib()).isEqualTo(8);
  }

  @Test
  void should_say_what_is_wrong_in_one_sentence() {
    assertThatThrownBy(() -> SstablesTargetProvider.options(target(Map.of())))
        .hasMessageContaining("target.options.directory");
    assertThatThrownBy(
            () ->
                SstablesTargetProvider.options(
                    target(Map.of("directory", "f", "buffer-mib", 4096))))
        .hasMessageContaining("target.options.buffer-mib: at most 1024")
        .hasMessageContaining("not 4096");
    assertThatThrownBy(
            () ->
                SstablesTargetProvider.options(
                    target(Map.of("directory", "f", "stream-batch-mib", 0))))
        .hasMessageContaining("stream-batch-mib must be at least 1");
    assertThatThrownBy(
            () -> SstablesTargetProvider.options(target(Map.of("directory", "f", "folder", "x"))))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("unknown setting 'folder'");
  }
}
