package io.sluice.core.count;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CountsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void should_save_every_count_under_its_key_and_read_it_back() throws Exception {
    CountTally tally = new CountTally();
    for (Count count : Count.values()) {
      tally.add(count, count.ordinal() + 1);
    }
    Counts counts = tally.snapshot();

    String json = JSON.writeValueAsString(counts);
    Counts read = JSON.readValue(json, Counts.class);

    assertThat(read).isEqualTo(counts);
    for (Count count : Count.values()) {
      assertThat(JSON.readTree(json).get(count.key()).asLong()).isEqualTo(count.ordinal() + 1);
    }
  }

  @Test
  void should_read_a_count_missing_from_an_older_file_as_zero() throws Exception {
    Counts read = JSON.readValue("{\"records-read\": 7, \"rows-written\": 5}", Counts.class);

    assertThat(read.recordsRead()).isEqualTo(7);
    assertThat(read.rowsWritten()).isEqualTo(5);
    assertThat(read.rowsRepaired()).isZero();
  }

  @Test
  void should_add_up_when_every_record_and_row_is_accounted_for() {
    Counts counts =
        Counts.fromMap(
            Map.of(
                "records-read", 10L,
                "records-mapped", 7L,
                "records-filtered", 1L,
                "rejected-decode", 1L,
                "rejected-mapping", 1L,
                "rows-produced", 9L,
                "rows-written", 8L,
                "rows-failed", 1L));

    assertThat(counts.addUp()).isTrue();
    assertThat(counts.rejected()).isEqualTo(3);
    assertThat(counts.with(Count.ROWS_WRITTEN, 7).addUp()).isFalse();
    assertThat(counts.plus(counts).recordsRead()).isEqualTo(20);
  }

  @Test
  void should_sum_live_counts_from_many_threads() throws Exception {
    LiveCounts live = new LiveCounts();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] =
          new Thread(
              () -> {
                for (int i = 0; i < 10_000; i++) {
                  live.increment(Count.RECORDS_READ);
                  live.add(Count.BYTES_READ, 3);
                }
              });
      threads[t].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }

    assertThat(live.snapshot().recordsRead()).isEqualTo(40_000);
    assertThat(live.get(Count.BYTES_READ)).isEqualTo(120_000);
  }
}
