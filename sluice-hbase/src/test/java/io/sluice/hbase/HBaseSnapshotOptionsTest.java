package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HBaseSnapshotOptionsTest {

  @Test
  void should_refuse_a_decoding_the_setting_does_not_take() {
    assertThatThrownBy(() -> new HBaseSnapshotOptions("snap", "double", null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row-key 'double' is not one of [utf8, long, int, hex, raw]");
    assertThatThrownBy(() -> new HBaseSnapshotOptions(null, null, null, null))
        .hasMessageContaining("needs 'snapshot'");
    assertThatThrownBy(() -> new HBaseSnapshotOptions("snap", null, null, Map.of("qty", "long")))
        .hasMessage("decode-columns names 'qty': a column is family:qualifier");
    assertThatThrownBy(() -> new HBaseSnapshotOptions("snap", null, null, Map.of("d:q", "text")))
        .hasMessageStartingWith("decode-columns 'd:q' 'text' is not one of [utf8, long");
  }

  @Test
  void should_read_the_options_as_a_job_file_gives_them() {
    HBaseSnapshotOptions options =
        JobFiles.readPart(
            Map.of(
                "snapshot", "orders-snap",
                "row-key", "long",
                "decode-columns", Map.of("d:qty", "int")),
            HBaseSnapshotOptions.class,
            "source 'h' options");

    assertThat(options.rowKeyDecoding()).isEqualTo(BytesDecoding.LONG);
    assertThat(options.valueDecoding()).isEqualTo(BytesDecoding.RAW);
    assertThat(options.columnDecodings()).containsExactly(Map.entry("d:qty", BytesDecoding.INT));
  }
}
