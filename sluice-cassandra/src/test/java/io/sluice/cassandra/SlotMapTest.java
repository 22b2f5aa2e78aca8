package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SlotMapTest {

  private static final Map<String, Integer> SLOTS = Map.of("id", 0, "name", 1, "score", 2);

  @Test
  void should_read_each_column_from_its_slot_and_leave_null_slots_out() {
    SlotMap<Object> row = new SlotMap<>(SLOTS, new Object[] {7, null, 1.5});

    assertThat(row.get("id")).isEqualTo(7);
    assertThat(row.get("score")).isEqualTo(1.5);
    assertThat(row.get("name")).isNull();
    assertThat(row.get("absent")).isNull();
    assertThat(row.containsKey("name")).isFalse();
    assertThat(row).isEqualTo(Map.of("id", 7, "score", 1.5)).hasSize(2);
  }

  @Test
  void should_give_each_row_its_own_values_over_the_shared_slots() {
    SlotMap<Object> first = new SlotMap<>(SLOTS, new Object[] {1, "a", null});
    SlotMap<Object> second = new SlotMap<>(SLOTS, new Object[] {2, "b", null});

    assertThat(first.get("name")).isEqualTo("a");
    assertThat(second.get("name")).isEqualTo("b");
  }
}
