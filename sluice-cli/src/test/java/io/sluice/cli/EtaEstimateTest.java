package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class EtaEstimateTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void should_know_nothing_before_two_samples() {
    EtaEstimate eta = new EtaEstimate();
    eta.sample(0, 0);

    assertThat(eta.remaining(100)).isEmpty();
  }

  @Test
  void should_follow_the_recent_rate_rather_than_the_average() {
    EtaEstimate eta = new EtaEstimate();
    // Ten minutes at 1,000 units/s, then two minutes at 100 units/s.
    long done = 0;
    long t = 0;
    for (int i = 0; i < 60; i++) {
      done += 10_000;
      t += 10 * SECOND;
      eta.sample(done, t);
    }
    for (int i = 0; i < 12; i++) {
      done += 1_000;
      t += 10 * SECOND;
      eta.sample(done, t);
    }

    Duration left = eta.remaining(done + 100_000).orElseThrow();

    // 100,000 units at the recent 100/s is about 1,000 s; the average (~850/s) would say ~120 s.
    assertThat(left.toSeconds()).isBetween(800L, 1_300L);
  }

  @Test
  void should_say_nothing_while_nothing_moves() {
    EtaEstimate eta = new EtaEstimate();
    eta.sample(500, 0);
    eta.sample(500, SECOND);

    assertThat(eta.remaining(1_000)).isEmpty();
  }
}
