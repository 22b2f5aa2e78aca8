package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cassandra.table.RingPlan.Sized;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Splits cover exactly what the source reads, each near the target size. */
class RingPlanTest {

  private static final long MIB = 1 << 20;

  private static List<TokenInterval> ring(long... bounds) {
    List<TokenInterval> ranges = new java.util.ArrayList<>();
    for (int i = 1; i < bounds.length; i++) {
      ranges.add(new TokenInterval(bounds[i - 1], bounds[i]));
    }
    return ranges;
  }

  private static void assertContiguous(List<Sized> splits, long start, long end) {
    assertThat(splits.get(0).interval().start()).isEqualTo(start);
    assertThat(splits.get(splits.size() - 1).interval().end()).isEqualTo(end);
    for (int i = 1; i < splits.size(); i++) {
      assertThat(splits.get(i).interval().start()).isEqualTo(splits.get(i - 1).interval().end());
    }
  }

  @Test
  void should_merge_small_neighbours_and_cut_large_ranges() {
    List<TokenInterval> ranges = ring(-1000, -500, 0, 500, 1000);
    List<Sized> estimates =
        List.of(
            new Sized(new TokenInterval(-1000, -500), 10 * MIB),
            new Sized(new TokenInterval(-500, 0), 10 * MIB),
            new Sized(new TokenInterval(0, 500), 10 * MIB),
            new Sized(new TokenInterval(500, 1000), 200 * MIB));

    List<Sized> splits = RingPlan.plan(ranges, estimates, 64 * MIB);

    assertContiguous(splits, -1000, 1000);
    assertThat(splits.get(0).interval()).isEqualTo(new TokenInterval(-1000, 500));
    assertThat(splits.get(0).bytes()).isEqualTo(30 * MIB);
    assertThat(splits).hasSize(1 + 4);
    assertThat(splits.subList(1, 5))
        .allSatisfy(split -> assertThat(split.bytes()).isEqualTo(50 * MIB));
  }

  @Test
  void should_give_each_range_a_split_when_there_are_no_estimates() {
    List<Sized> splits = RingPlan.plan(ring(Long.MIN_VALUE, 0, Long.MAX_VALUE), List.of(), MIB);

    assertThat(splits)
        .extracting(Sized::interval)
        .containsExactly(
            new TokenInterval(Long.MIN_VALUE, 0), new TokenInterval(0, Long.MAX_VALUE));
  }

  @Test
  void should_size_a_range_by_the_share_of_each_estimate_it_overlaps() {
    List<Sized> estimates = List.of(new Sized(new TokenInterval(0, 1000), 1000));

    assertThat(RingPlan.bytesOf(new TokenInterval(250, 500), estimates)).isEqualTo(250);
    assertThat(RingPlan.bytesOf(new TokenInterval(-500, 100), estimates)).isEqualTo(100);
    assertThat(RingPlan.bytesOf(new TokenInterval(2000, 3000), estimates)).isZero();
  }

  @Test
  void should_cut_the_whole_ring_without_overflow() {
    TokenInterval ring = new TokenInterval(Long.MIN_VALUE, Long.MAX_VALUE);

    TokenInterval[] pieces = ring.cut(3);

    assertThat(pieces).hasSize(3);
    assertThat(pieces[0].start()).isEqualTo(Long.MIN_VALUE);
    assertThat(pieces[2].end()).isEqualTo(Long.MAX_VALUE);
    assertThat(pieces[1].start()).isEqualTo(pieces[0].end());
  }
}
