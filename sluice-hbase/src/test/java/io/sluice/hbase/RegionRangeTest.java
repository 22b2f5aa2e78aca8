package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.hadoop.hbase.client.Scan;
import org.junit.jupiter.api.Test;

class RegionRangeTest {

  @Test
  void should_name_a_whole_region_as_before() {
    RegionRange whole = RegionRange.whole("0a1b");

    assertThat(whole.resource("orders")).isEqualTo("orders/0a1b");
    RegionRange read = RegionRange.of("orders/0a1b");
    assertThat(read.isWhole()).isTrue();
    assertThat(read.region()).isEqualTo("0a1b");
  }

  @Test
  void should_show_a_part_s_rows_and_read_them_back() {
    RegionRange part = new RegionRange("0a1b", "row-0100".getBytes(), "row-0200".getBytes());

    assertThat(part.resource("orders")).isEqualTo("orders/0a1b[row-0100,row-0200)");
    assertThat(RegionRange.of("orders/0a1b[,row-0200)").startRow()).isEmpty();
    assertThat(RegionRange.of("ns:orders/0a1b[row-0200,)").stopRow()).isEmpty();
  }

  /** Seeded random keys of any bytes, separators included, and names with brackets. */
  @Test
  void should_read_back_any_row_keys() {
    Random random = new Random(41);
    byte[] special = "[],)(/\\x%".getBytes();
    for (int i = 0; i < 500; i++) {
      byte[] start = key(random, special);
      byte[] stop = key(random, special);
      RegionRange range = new RegionRange("c0ffee", start, stop);
      String name = i % 2 == 0 ? "orders" : "bulk[1]/x";

      RegionRange read = RegionRange.of(range.resource(name));

      assertThat(read.region()).isEqualTo("c0ffee");
      assertThat(read.startRow()).isEqualTo(start);
      assertThat(read.stopRow()).isEqualTo(stop);
    }
  }

  @Test
  void should_limit_a_scan_to_a_part_s_rows_only() {
    Scan part = new RegionRange("r", "b".getBytes(), "d".getBytes()).limit(new Scan());
    Scan whole = RegionRange.whole("r").limit(new Scan());

    assertThat(part.getStartRow()).isEqualTo("b".getBytes());
    assertThat(part.includeStartRow()).isTrue();
    assertThat(part.getStopRow()).isEqualTo("d".getBytes());
    assertThat(part.includeStopRow()).isFalse();
    assertThat(whole.getStartRow()).isEmpty();
    assertThat(whole.getStopRow()).isEmpty();
  }

  private static byte[] key(Random random, byte[] special) {
    byte[] key = new byte[1 + random.nextInt(12)];
    for (int i = 0; i < key.length; i++) {
      key[i] =
          random.nextBoolean()
              ? special[random.nextInt(special.length)]
              : (byte) random.nextInt(256);
    }
    return key;
  }
}
