package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RowGroupTest {

  @ParameterizedTest
  @CsvSource({"1000, 7", "7, 1000", "0, 5", "1, 1", "9223372036854775807, 3", "12345, 12345"})
  void should_share_a_groups_bytes_among_its_rows_exactly(long bytes, long rows) {
    RowGroup group = new RowGroup(0, 100, rows, bytes);

    long sum = LongStream.range(100, 100 + rows).map(group::bytesOf).sum();

    assertThat(sum).isEqualTo(bytes);
    assertThat(LongStream.range(100, 100 + rows).map(group::bytesOf)).allMatch(b -> b >= 0);
    assertThat(group.bytesBefore(100)).isZero();
    assertThat(group.bytesBefore(100 + rows)).isEqualTo(bytes);
  }

  @Test
  void should_find_the_non_empty_group_holding_a_row() {
    List<RowGroup> groups =
        List.of(new RowGroup(0, 0, 10, 1), new RowGroup(1, 10, 0, 1), new RowGroup(2, 10, 5, 1));

    assertThat(RowGroup.holding(groups, 0).index()).isZero();
    assertThat(RowGroup.holding(groups, 9).index()).isZero();
    assertThat(RowGroup.holding(groups, 10).index()).isEqualTo(2);
    assertThat(RowGroup.holding(groups, 15)).isNull();
    assertThat(RowGroup.holding(groups, -1)).isNull();
  }

  /**
   * A damaged footer found by the fuzz test: a negative row count makes the groups after it start
   * inside an earlier one. A split still finds the group it was planned for.
   */
  @Test
  void should_find_a_splits_group_among_overlapping_ones() {
    List<RowGroup> groups =
        List.of(new RowGroup(0, 0, 10, 1), new RowGroup(1, 10, -1, 1), new RowGroup(2, 9, 10, 1));

    assertThat(RowGroup.ofSplit(groups, 9, 19).index()).isEqualTo(2);
    assertThat(RowGroup.ofSplit(groups, 0, 10).index()).isZero();
    assertThat(RowGroup.ofSplit(groups, 12, 19).index()).isEqualTo(2);
    assertThat(RowGroup.ofSplit(groups, 9, 18)).isNull();
  }
}
