package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.CellTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ElementTimesTest {

  @Test
  void groups_a_sets_elements_by_time_and_finds_the_oldest() {
    Set<String> value = new LinkedHashSet<>(List.of("a", "b", "c"));
    CellTime time =
        new CellTime(
            30, 0, List.of(new CellTime(20, 0), new CellTime(30, 60), new CellTime(20, 0)));

    ElementTimes elements = ElementTimes.of(value, time);

    assertThat(elements.oldestMicros()).isEqualTo(20);
    assertThat(elements.parts())
        .containsExactly(
            Map.entry(new ElementTimes.Time(20, 0), Set.of("a", "c")),
            Map.entry(new ElementTimes.Time(30, 60), Set.of("b")));
  }

  @Test
  void keeps_a_maps_entries_together_with_their_values() {
    Map<String, Integer> value = new LinkedHashMap<>();
    value.put("x", 1);
    value.put("y", 2);
    CellTime time = new CellTime(9, 0, List.of(new CellTime(9, 0), new CellTime(5, 0)));

    ElementTimes elements = ElementTimes.of(value, time);

    assertThat(elements.oldestMicros()).isEqualTo(5);
    assertThat(elements.parts())
        .containsExactly(
            Map.entry(new ElementTimes.Time(9, 0), Map.of("x", 1)),
            Map.entry(new ElementTimes.Time(5, 0), Map.of("y", 2)));
  }

  @Test
  void applies_only_when_every_element_has_a_time() {
    CellTime two = new CellTime(9, 0, List.of(new CellTime(9, 0), new CellTime(5, 0)));

    assertThat(ElementTimes.apply(Set.of("a", "b"), two)).isTrue();
    assertThat(ElementTimes.apply(Set.of("a"), two)).isFalse();
    assertThat(ElementTimes.apply(Set.of("a", "b"), new CellTime(9, 0))).isFalse();
    assertThat(ElementTimes.apply(List.of(1, 2), two)).as("a list is written whole").isFalse();
  }
}
