package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HFilesOptionsTest {

  @Test
  void should_read_the_mapping_settings_and_the_families_ttls() {
    HFilesOptions options =
        JobFiles.readPart(
            Map.of(
                "row-key",
                "long",
                "families",
                Map.of("d", "rows"),
                "versions",
                3,
                "family-ttl",
                Map.of("t", 86_400)),
            HFilesOptions.class,
            "options");

    assertThat(options.mapping().rowKeyDecoding()).isEqualTo(BytesDecoding.LONG);
    assertThat(options.mapping().familyLayouts()).containsEntry("d", FamilyLayout.ROWS);
    assertThat(options.versions()).isEqualTo(3);
    assertThat(options.familyTtl()).containsExactly(Map.entry("t", 86_400L));
  }

  @Test
  void should_default_to_raw_bytes_one_version_and_no_ttl() {
    HFilesOptions options = new HFilesOptions(null, null, null, null, null, null, null, null);

    assertThat(options.mapping().valueDecoding()).isEqualTo(BytesDecoding.RAW);
    assertThat(options.versions()).isEqualTo(1);
    assertThat(options.familyTtl()).isEmpty();
  }

  @Test
  void should_refuse_a_ttl_that_is_not_a_number_of_seconds() {
    assertThatThrownBy(
            () -> new HFilesOptions(null, null, null, null, null, null, Map.of("t", 0L), null))
        .hasMessageContaining("family-ttl 't' is 0");
    assertThatThrownBy(
            () -> new HFilesOptions(null, null, null, Map.of("d", "map"), null, 2, null, null))
        .hasMessageContaining("versions 2 needs a family laid out as rows");
  }
}
