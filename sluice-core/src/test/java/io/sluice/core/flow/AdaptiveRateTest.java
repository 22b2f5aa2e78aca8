package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdaptiveRateTest {

  private static final long MS = 1_000_000L;

  @Test
  void should_set_no_limit_until_the_target_pushes_back() {
    AdaptiveRate rate = new AdaptiveRate();
    for (long t = 0; t < 2_000; t++) {
      rate.onSuccess(t * MS);
    }

    assertThat(rate.rate()).isInfinite();
  }

  @Test
  void should_cut_below_the_rate_taken_when_overloaded() {
    AdaptiveRate rate = new AdaptiveRate();
    // 2,000 answers a second for two seconds, then an overload.
    for (long i = 0; i < 4_000; i++) {
      rate.onSuccess(i * MS / 2);
    }

    assertThat(rate.onOverload(2_000 * MS, 2_000 * MS)).isTrue();

    assertThat(rate.rate())
        .isCloseTo(2_000 * AdaptiveRate.CUT, org.assertj.core.data.Offset.offset(40.0));
  }

  @Test
  void should_not_set_a_rate_from_nothing() {
    AdaptiveRate rate = new AdaptiveRate();

    assertThat(rate.onOverload(MS, 0)).isFalse();

    assertThat(rate.rate()).isInfinite();
  }

  @Test
  void should_not_cut_again_for_requests_sent_before_the_cut() {
    AdaptiveRate rate = new AdaptiveRate();
    for (long i = 0; i < 2_000; i++) {
      rate.onSuccess(i * MS / 2);
    }
    rate.onOverload(1_000 * MS, 999 * MS);
    double once = rate.rate();

    // Requests sent before the cut come back refused too; they do not cut again.
    for (int i = 1; i <= 50; i++) {
      assertThat(rate.onOverload(1_000 * MS + i * MS, 999 * MS)).isFalse();
    }

    assertThat(rate.rate()).isEqualTo(once);
    assertThat(rate.cuts()).isEqualTo(1);
  }

  @Test
  void should_settle_near_a_hard_limit_with_few_rejections() {
    // A target whose limiter takes 1,000 requests a second with a short burst, as Cassandra's
    // native_transport_max_requests_per_second does; requests go as fast as the rate allows.
    AdaptiveRate rate = new AdaptiveRate();
    TokenBucket bucket = new TokenBucket(1);
    long limit = 1_000;
    long now = 0;
    long sent = 0;
    long rejected = 0;
    double serverPermits = limit / 10.0;
    long serverLast = 0;
    long settledFrom = 10_000 * MS;
    long settledSent = 0;
    while (now < 60_000 * MS) {
      double allowed = rate.rate();
      if (!Double.isInfinite(allowed)) {
        bucket.setRate(allowed);
        now += bucket.reserve(1, now);
      } else {
        now += MS / 4;
      }
      serverPermits = Math.min(limit / 10.0, serverPermits + (now - serverLast) * limit / 1e9);
      serverLast = now;
      sent++;
      if (serverPermits < 1) {
        rejected++;
        rate.onOverload(now, now);
      } else {
        serverPermits--;
        rate.onSuccess(now);
        if (now >= settledFrom) {
          settledSent++;
        }
      }
    }

    double settledRate = settledSent / 50.0;
    // The server's saved-up burst lets a hair more than its limit through over the run.
    assertThat(settledRate).isGreaterThan(0.9 * limit).isLessThanOrEqualTo(1.01 * limit);
    assertThat(rejected / (double) sent).isLessThan(0.02);
  }

  @Test
  void should_come_down_to_the_limit_quickly_after_a_target_that_let_a_burst_through() {
    // Cassandra's limiter saves up a whole second of requests: at the start of a run it takes
    // 2,000 a second for a second before it refuses, so the rate taken over the last second reads
    // twice its limit when it first pushes back. Answers reach the rate 20 ms after they happen.
    AdaptiveRate rate = new AdaptiveRate(true);
    TokenBucket bucket = new TokenBucket(1);
    long limit = 1_000;
    long delay = 20 * MS;
    double serverPermits = limit;
    long serverLast = 0;
    long now = 0;
    long rejected = 0;
    java.util.ArrayDeque<long[]> answers = new java.util.ArrayDeque<>();
    long firstRejection = -1;
    while (now < 3_000 * MS) {
      double allowed = rate.rate();
      if (Double.isInfinite(allowed)) {
        now += MS / 2;
      } else {
        bucket.setRate(allowed);
        now += Math.max(1, bucket.reserve(1, now));
      }
      while (!answers.isEmpty() && answers.peek()[0] + delay <= now) {
        long[] answer = answers.poll();
        if (answer[1] == 1) {
          rate.onSuccess(answer[0] + delay);
        } else {
          rate.onOverload(answer[0] + delay, answer[0]);
        }
      }
      serverPermits = Math.min(limit, serverPermits + (now - serverLast) * limit / 1e9);
      serverLast = now;
      if (serverPermits < 1) {
        rejected++;
        firstRejection = firstRejection < 0 ? now : firstRejection;
        answers.add(new long[] {now, 0});
      } else {
        serverPermits--;
        answers.add(new long[] {now, 1});
      }
    }

    assertThat(firstRejection).isPositive();
    assertThat(rate.rate()).isBetween(0.8 * limit, 1.0 * limit);
    // Refused while the rate came down: a few hundred milliseconds at most of the excess.
    assertThat(rejected).isLessThan(limit / 4);
  }

  @Test
  void should_average_the_rate_it_allowed_over_time_since_the_first_cut() {
    AdaptiveRate rate = new AdaptiveRate();
    assertThat(rate.meanRate(0)).isInfinite();
    for (long i = 0; i < 2_000; i++) {
      rate.onSuccess(i * MS / 2);
    }
    rate.onOverload(1_000 * MS, 1_000 * MS);
    double cut = rate.rate();

    // Answers at the held rate for ten seconds: the rate grows, and the mean lies between where
    // it started and where it is now.
    long t = 1_000 * MS;
    while (t < 11_000 * MS) {
      t += (long) (1e9 / cut);
      rate.onSuccess(t);
    }

    assertThat(rate.rate()).isGreaterThan(cut);
    assertThat(rate.meanRate(t)).isStrictlyBetween(cut, rate.rate());
  }
}
