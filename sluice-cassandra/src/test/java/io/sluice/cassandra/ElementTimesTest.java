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

  /** When the cells of this test were read from their source. */
  private static final long READ_AT = 1_700_000_000_000L;

  @Test
  void groups_a_sets_elements_by_time_and_finds_the_oldest() {
    Set<String> value = new LinkedHashSet<>(List.of("a", "b", "c"));
    CellTime time =
        CellTime.read(
            30,
            0,
            READ_AT,
            List.of(
                CellTime.read(20, 0, READ_AT),
                CellTime.read(30, 60, READ_AT),
                CellTime.read(20, 0, READ_AT)));

    ElementTimes elements = ElementTimes.of(value, time, READ_AT);

    assertThat(elements.oldestMicros()).isEqualTo(20);
    assertThat(elements.parts())
        .containsExactly(
            new ElementTimes.Part(new CellTime(20, CellTime.NEVER, List.of()), Set.of("a", "c")),
            new ElementTimes.Part(CellTime.read(30, 60, READ_AT), Set.of("b")));
  }

  @Test
  void keeps_each_elements_expiry_and_leaves_out_an_element_expired_at_the_write() {
    Set<String> value = new LinkedHashSet<>(List.of("a", "b", "c"));
    CellTime time =
        CellTime.read(
            30,
            60,
            READ_AT,
            List.of(
                CellTime.read(20, 0, READ_AT),
                CellTime.read(30, 60, READ_AT),
                CellTime.read(25, 5, READ_AT)));

    ElementTimes elements = ElementTimes.of(value, time, READ_AT + 10_000);

    assertThat(elements.oldestMicros()).isEqualTo(20);
    assertThat(elements.parts())
        .containsExactly(
            new ElementTimes.Part(new CellTime(20, CellTime.NEVER, List.of()), Set.of("a")),
            new ElementTimes.Part(CellTime.read(30, 60, READ_AT), Set.of("b")));
  }

  @Test
  void keeps_a_maps_entries_together_with_their_values() {
    Map<String, Integer> value = new LinkedHashMap<>();
    value.put("x", 1);
    value.put("y", 2);
    CellTime time =
        CellTime.read(
            9, 0, READ_AT, List.of(CellTime.read(9, 0, READ_AT), CellTime.read(5, 0, READ_AT)));

    ElementTimes elements = ElementTimes.of(value, time, READ_AT);

    assertThat(elements.oldestMicros()).isEqualTo(5);
    assertThat(elements.parts())
        .containsExactly(
            new ElementTimes.Part(new CellTime(9, CellTime.NEVER, List.of()), Map.of("x", 1)),
            new ElementTimes.Part(new CellTime(5, CellTime.NEVER, List.of()), Map.of("y", 2)));
  }

  @Test
  void applies_only_when_every_element_has_a_time() {
    CellTime two =
        CellTime.read(
            9, 0, READ_AT, List.of(CellTime.read(9, 0, READ_AT), CellTime.read(5, 0, READ_AT)));

    assertThat(ElementTimes.apply(Set.of("a", "b"), two)).isTrue();
    assertThat(ElementTimes.apply(Set.of("a"), two)).isFalse();
    assertThat(ElementTimes.apply(Set.of("a", "b"), CellTime.read(9, 0, READ_AT))).isFalse();
    assertThat(ElementTimes.apply(List.of(1, 2), two)).isTrue();
    assertThat(ElementTimes.apply(List.of(1, 2, 3), two)).isFalse();
  }

  @Test
  void cuts_a_list_where_the_time_changes_so_that_appending_the_parts_keeps_its_order() {
    List<Integer> value = List.of(1, 2, 3, 4, 5);
    CellTime time =
        CellTime.read(
            30,
            0,
            READ_AT,
            List.of(
                CellTime.read(20, 0, READ_AT),
                CellTime.read(20, 0, READ_AT),
                CellTime.read(30, 0, READ_AT),
                CellTime.read(20, 0, READ_AT),
                CellTime.read(10, 5, READ_AT)));

    ElementTimes elements = ElementTimes.of(value, time, READ_AT);

    assertThat(elements.oldestMicros()).isEqualTo(10);
    assertThat(elements.parts())
        .containsExactly(
            new ElementTimes.Part(new CellTime(20, CellTime.NEVER, List.of()), List.of(1, 2)),
            new ElementTimes.Part(new CellTime(30, CellTime.NEVER, List.of()), List.of(3)),
            new ElementTimes.Part(new CellTime(20, CellTime.NEVER, List.of()), List.of(4)),
            new ElementTimes.Part(CellTime.read(10, 5, READ_AT), List.of(5)));
    // Expired at the write, the last element is left out; the others keep their order.
    assertThat(ElementTimes.of(value, time, READ_AT + 10_000).parts())
        .extracting(ElementTimes.Part::value)
        .containsExactly(List.of(1, 2), List.of(3), List.of(4));
  }
}
