package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HBaseSnapshotOptionsTest {

  @Test
  void should_refuse_a_decoding_the_setting_does_not_take() {
    assertThatThrownBy(
            () ->
                new HBaseSnapshotOptions(
                    "snap", "double", null, null, null, null, null, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row-key 'double' is not one of [utf8, long, int, hex, raw]");
    assertThatThrownBy(
            () -> new HBaseSnapshotOptions(null, null, null, null, null, null, null, null, null))
        .hasMessageContaining("needs 'snapshot'");
    assertThatThrownBy(
            () ->
                new HBaseSnapshotOptions(
                    "snap", null, null, Map.of("qty", "long"), null, null, null, null, null))
        .hasMessage("decode-columns names 'qty': a column is family:qualifier");
    assertThatThrownBy(
            () ->
                new HBaseSnapshotOptions(
                    "snap", null, null, Map.of("d:q", "text"), null, null, null, null, null))
        .hasMessageStartingWith("decode-columns 'd:q' 'text' is not one of [utf8, long");
  }

  @Test
  void should_refuse_family_layouts_that_cannot_be() {
    assertThatThrownBy(() -> options(Map.of("d", "list"), null))
        .hasMessage("families 'd' 'list' is not one of [columns, map, rows]");
    assertThatThrownBy(() -> options(Map.of("d", "rows", "t", "rows"), null))
        .hasMessage(
            "families [d, t] are all 'rows': a row's cells become records of one family only");
    assertThatThrownBy(() -> options(Map.of("value", "map"), null))
        .hasMessageStartingWith("families 'value': a map field of that name would hide");
    assertThatThrownBy(() -> options(Map.of("d", "map"), "double"))
        .hasMessageStartingWith("qualifier 'double' is not one of [utf8, long, int, hex, raw]");
  }

  @Test
  void should_read_the_family_layouts_and_the_qualifier_decoding() {
    HBaseSnapshotOptions options =
        JobFiles.readPart(
            Map.of(
                "snapshot", "s", "families", Map.of("t", "map", "d", "rows"), "qualifier", "hex"),
            HBaseSnapshotOptions.class,
            "source 'h' options");

    assertThat(options.mapping().familyLayouts())
        .containsOnly(Map.entry("t", FamilyLayout.MAP), Map.entry("d", FamilyLayout.ROWS));
    assertThat(options.mapping().qualifierDecoding()).isEqualTo(BytesDecoding.HEX);
    assertThat(
            new HBaseSnapshotOptions("s", null, null, null, null, null, null, null, null)
                .mapping()
                .qualifierDecoding())
        .isEqualTo(BytesDecoding.UTF8);
  }

  @Test
  void should_keep_versions_only_where_a_rows_family_takes_them() {
    assertThat(
            new HBaseSnapshotOptions("s", null, null, null, null, null, null, null, null)
                .versions())
        .isEqualTo(1);
    assertThat(
            new HBaseSnapshotOptions(
                    "s", null, null, null, Map.of("d", "rows"), null, 3, null, null)
                .versions())
        .isEqualTo(3);
    assertThatThrownBy(
            () ->
                new HBaseSnapshotOptions(
                    "s", null, null, null, Map.of("d", "map"), null, 2, null, null))
        .hasMessageStartingWith("versions 2 needs a family laid out as rows");
    assertThatThrownBy(
            () ->
                new HBaseSnapshotOptions(
                    "s", null, null, null, Map.of("d", "rows"), null, 0, null, null))
        .hasMessage("versions 0 is not 1 or more");
  }

  private static HBaseSnapshotOptions options(Map<String, String> families, String qualifier) {
    return new HBaseSnapshotOptions("s", null, null, null, families, qualifier, null, null, null);
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

    assertThat(options.mapping().rowKeyDecoding()).isEqualTo(BytesDecoding.LONG);
    assertThat(options.mapping().valueDecoding()).isEqualTo(BytesDecoding.RAW);
    assertThat(options.mapping().columnDecodings())
        .containsExactly(Map.entry("d:qty", BytesDecoding.INT));
  }
}
