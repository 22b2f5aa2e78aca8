package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CellTimeGroupsTest {

  private record Key(long writetimeMicros, int ttlSeconds) {}

  @Test
  void should_group_columns_by_write_time_and_ttl_in_the_order_each_group_first_appears() {
    CellTimeGroups groups = new CellTimeGroups(5);
    groups.add(0, 2_000L, CellTimeGroups.NO_TTL);
    groups.add(1, 1_000L, 60);
    groups.add(2, 2_000L, CellTimeGroups.NO_TTL);
    groups.add(4, 1_000L, CellTimeGroups.NO_TTL);

    assertThat(groups.size()).isEqualTo(3);
    assertThat(groups.writetimeMicros(0)).isEqualTo(2_000L);
    assertThat(groups.ttlSeconds(0)).isEqualTo(CellTimeGroups.NO_TTL);
    assertThat(groups.columns(0)).isEqualTo(bits(0, 2));
    assertThat(groups.ttlSeconds(1)).isEqualTo(60);
    assertThat(groups.columns(1)).isEqualTo(bits(1));
    assertThat(groups.columns(2)).isEqualTo(bits(4));
  }

  @Test
  void should_keep_an_empty_group_once_and_a_ttl_of_zero_apart_from_none() {
    CellTimeGroups groups = new CellTimeGroups(2);
    assertThat(groups.isEmpty()).isTrue();
    groups.addEmpty(5L, CellTimeGroups.NO_TTL);
    groups.addEmpty(5L, CellTimeGroups.NO_TTL);
    groups.add(1, 5L, 0);

    assertThat(groups.size()).isEqualTo(2);
    assertThat(groups.columns(0).isEmpty()).isTrue();
    assertThat(groups.ttlSeconds(1)).isZero();
    assertThat(groups.columns(1)).isEqualTo(bits(1));
  }

  @Test
  void should_group_as_a_map_of_lists_does_for_rows_of_random_cell_times() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int row = 0; row < 2_000; row++) {
      int columns = 1 + random.nextInt(70);
      // Few distinct times and TTLs, so that groups share them; some columns left out.
      int distinct = 1 + random.nextInt(4);
      CellTimeGroups groups = new CellTimeGroups(columns);
      Map<Key, List<Integer>> expected = new LinkedHashMap<>();
      for (int c = 0; c < columns; c++) {
        if (random.nextInt(5) == 0) {
          continue;
        }
        long writetime = 1_700_000_000_000_000L + random.nextInt(distinct);
        int ttl = random.nextBoolean() ? CellTimeGroups.NO_TTL : random.nextInt(distinct);
        groups.add(c, writetime, ttl);
        expected.computeIfAbsent(new Key(writetime, ttl), k -> new ArrayList<>()).add(c);
      }

      List<Key> keys = new ArrayList<>(expected.keySet());
      assertThat(groups.size()).as("seed %d, row %d", seed, row).isEqualTo(keys.size());
      for (int g = 0; g < groups.size(); g++) {
        Key key = new Key(groups.writetimeMicros(g), groups.ttlSeconds(g));
        assertThat(key).as("seed %d, row %d, group %d", seed, row, g).isEqualTo(keys.get(g));
        assertThat(groups.columns(g).stream().boxed().toList())
            .as("seed %d, row %d, group %d", seed, row, g)
            .isEqualTo(expected.get(key));
      }
    }
  }

  private static BitSet bits(int... indexes) {
    BitSet bits = new BitSet();
    for (int index : indexes) {
      bits.set(index);
    }
    return bits;
  }
}
