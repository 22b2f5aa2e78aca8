package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenBucketTest {

  @Test
  void should_space_permits_at_the_rate() {
    TokenBucket bucket = new TokenBucket(100);
    long now = 0;

    long waited = 0;
    for (int i = 0; i < 1_000; i++) {
      waited = bucket.reserve(1, now);
    }

    // 1,000 permits at 100/s: the last one waits about 10 s, less the short burst saved up.
    assertThat(waited / 1e9).isBetween(9.9, 10.0);
  }

  @Test
  void should_save_only_a_short_burst_while_idle() {
    TokenBucket bucket = new TokenBucket(1_000);
    bucket.reserve(1, 0);
    long later = 60_000_000_000L;

    int free = 0;
    while (bucket.reserve(1, later) == 0) {
      free++;
    }

    // A minute idle buys 50 ms of permits at full rate, not 60,000 of them.
    assertThat(free).isBetween(50, 52);
  }

  @Test
  void should_follow_a_new_rate() {
    TokenBucket bucket = new TokenBucket(10);
    bucket.reserve(10, 0);
    bucket.setRate(1_000);

    long wait = 0;
    for (int i = 0; i < 10; i++) {
      wait = bucket.reserve(1, 0);
    }

    assertThat(wait / 1e9).isLessThan(1.0);
  }
}
