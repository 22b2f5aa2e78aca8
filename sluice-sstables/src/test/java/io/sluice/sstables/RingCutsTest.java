package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RingCutsTest {

  @Test
  void cutsWhereTheReplicasChangeAndNowhereElse() {
    // Four ranges, given out of order: (40, 10] wraps, then (10, 20], (20, 30], (30, 40].
    List<Long> ends = List.of(30L, 10L, 40L, 20L);
    List<Set<String>> replicas = List.of(Set.of("b"), Set.of("a"), Set.of("a"), Set.of("b"));

    // (40, 10] and (10, 20]... are a, b, b, a: the replicas change after 10 and after 30.
    assertThat(RingCuts.between(ends, replicas)).containsExactly(10L, 30L);
  }

  @Test
  void oneReplicaSetEverywhereMeansNoCut() {
    assertThat(
            RingCuts.between(
                List.of(1L, 2L, 3L), List.of(Set.of("a", "b"), Set.of("b", "a"), Set.of("a", "b"))))
        .isEmpty();
  }

  @Test
  void theRingsLastRangeIsCutWhenTheWrappingOneDiffers() {
    assertThat(RingCuts.between(List.of(-5L, 5L), List.of(Set.of("a"), Set.of("b"))))
        .containsExactly(-5L, 5L);
  }
}
