package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConcurrencyWindowTest {

  private static final long MS = 1_000_000L;

  @Test
  void should_open_quickly_then_stop_at_the_maximum() {
    ConcurrencyWindow window = new ConcurrencyWindow(16, 256, 100 * MS);

    for (int i = 0; i < 300; i++) {
      window.onSuccess(5 * MS, i * MS);
    }

    assertThat(window.limit()).isEqualTo(256);
  }

  @Test
  void should_cut_once_for_requests_sent_before_the_cut_and_grow_back_slowly() {
    ConcurrencyWindow window = new ConcurrencyWindow(100, 100, 100 * MS);

    window.onTrouble(MS, 0);
    window.onTrouble(2 * MS, 0);
    window.onTrouble(3 * MS, MS / 2);

    assertThat(window.limit()).isEqualTo(70);
    for (int i = 0; i < 70; i++) {
      window.onSuccess(5 * MS, 3 * MS + i);
    }
    assertThat(window.limit()).isEqualTo(71);
  }

  @Test
  void should_shrink_while_latency_stays_above_the_target() {
    ConcurrencyWindow window = new ConcurrencyWindow(64, 64, 50 * MS);

    for (int i = 0; i < 100; i++) {
      window.onSuccess(500 * MS, i * 1_000 * MS);
    }

    assertThat(window.limit()).isEqualTo(1);
    assertThat(window.latencyNanos()).isGreaterThan(50 * MS);
  }
}
