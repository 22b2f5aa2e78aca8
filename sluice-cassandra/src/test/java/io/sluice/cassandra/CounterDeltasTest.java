package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The additions that bring a target row's counters to the source's values, and no further. */
class CounterDeltasTest {

  private static final List<String> COUNTERS = List.of("views", "likes", "shares");

  @Test
  void should_add_the_whole_value_to_a_target_without_the_row() {
    Map<String, Long> deltas =
        CounterDeltas.of(COUNTERS, Map.of("id", 1, "views", 7L, "likes", -3L), Map.of());

    assertThat(deltas).containsExactly(Map.entry("views", 7L), Map.entry("likes", -3L));
  }

  @Test
  void should_add_only_what_is_missing_and_nothing_where_the_target_holds_the_value() {
    Map<String, Long> deltas =
        CounterDeltas.of(
            COUNTERS,
            Map.of("views", 10L, "likes", 5L, "shares", 0L),
            Map.of("views", 4L, "likes", 5L, "shares", 2L));

    assertThat(deltas).containsExactly(Map.entry("views", 6L), Map.entry("shares", -2L));
  }

  @Test
  void should_create_at_zero_a_counter_the_source_holds_at_zero_and_the_target_not_at_all() {
    Map<String, Long> deltas =
        CounterDeltas.of(COUNTERS, Map.of("views", 0L, "likes", 0L), Map.of("likes", 0L));

    assertThat(deltas).containsExactly(Map.entry("views", 0L));
  }

  @Test
  void should_leave_alone_a_counter_the_source_does_not_hold() {
    Map<String, Object> source = new HashMap<>();
    source.put("views", null);
    source.put("likes", 2L);

    assertThat(CounterDeltas.of(COUNTERS, source, Map.of("views", 9L, "shares", 1L)))
        .containsExactly(Map.entry("likes", 2L));
  }

  @Test
  void should_reach_the_source_value_where_the_difference_overflows() {
    Map<String, Long> deltas =
        CounterDeltas.of(
            List.of("n"), Map.of("n", Long.MAX_VALUE), Map.of("n", Long.MIN_VALUE + 1));

    assertThat(Long.MIN_VALUE + 1 + deltas.get("n")).isEqualTo(Long.MAX_VALUE);
  }

  /**
   * Drawn rows, copied once and then again (a retry or a resumed split): the first copy brings the
   * target to the source's values whatever it held, and the second adds nothing.
   */
  @Test
  void should_add_nothing_the_second_time_a_drawn_row_is_copied() {
    Random random = new Random(406);
    for (int draw = 0; draw < 500; draw++) {
      Map<String, Object> source = new LinkedHashMap<>();
      Map<String, Long> target = new HashMap<>();
      for (String counter : COUNTERS) {
        if (random.nextInt(4) > 0) {
          source.put(counter, random.nextInt(3) == 0 ? 0L : random.nextLong(-1_000, 1_000));
        }
        if (random.nextBoolean()) {
          target.put(counter, random.nextLong(-1_000, 1_000));
        }
      }
      CounterDeltas.of(COUNTERS, source, target)
          .forEach((counter, delta) -> target.merge(counter, delta, Long::sum));

      for (String counter : COUNTERS) {
        if (source.get(counter) != null) {
          assertThat(target.get(counter))
              .as("draw %d, %s", draw, counter)
              .isEqualTo(source.get(counter));
        }
      }
      assertThat(CounterDeltas.of(COUNTERS, source, target)).as("draw %d", draw).isEmpty();
    }
  }
}
