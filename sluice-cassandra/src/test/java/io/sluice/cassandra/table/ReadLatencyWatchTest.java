package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The rule by which a table source slows its reads while the source cluster's pages are slow. */
class ReadLatencyWatchTest {

  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000 * MS;

  /**
   * Answers {@code pages} pages over one second from {@code start}, each taking {@code latency}.
   */
  private static long answer(ReadLatencyWatch watch, long start, int pages, long latency) {
    long now = start;
    for (int i = 0; i < pages; i++) {
      now = start + (i + 1) * SECOND / pages;
      watch.answered(latency, now);
    }
    return now;
  }

  @Test
  void should_not_limit_reads_while_pages_are_fast() {
    ReadLatencyWatch watch = new ReadLatencyWatch("s", 500);

    answer(watch, 0, 100, 20 * MS);

    assertThat(watch.pagesPerSecond()).isInfinite();
    assertThat(watch.reserve(SECOND)).isZero();
  }

  @Test
  void should_cut_to_below_the_rate_answered_once_pages_are_slow_and_space_them_out() {
    ReadLatencyWatch watch = new ReadLatencyWatch("s", 500);
    long now = answer(watch, 0, 40, 100 * MS);

    now = answer(watch, now, 40, 900 * MS);

    assertThat(watch.pagesPerSecond()).isCloseTo(40 * ReadLatencyWatch.CUT, within(1.5));
    long first = watch.reserve(now);
    long second = watch.reserve(now);
    assertThat(first).isZero();
    assertThat(second).isCloseTo((long) (SECOND / watch.pagesPerSecond()), within(MS));
  }

  @Test
  void should_cut_again_each_second_the_pages_stay_slow_but_not_below_one_a_second() {
    ReadLatencyWatch watch = new ReadLatencyWatch("s", 500);
    long now = answer(watch, 0, 40, 900 * MS);
    now = answer(watch, now, 40, 900 * MS);
    double afterFirstCut = watch.pagesPerSecond();

    now = answer(watch, now, 20, 900 * MS);

    assertThat(watch.pagesPerSecond()).isLessThan(afterFirstCut);
    for (int second = 0; second < 30; second++) {
      now = answer(watch, now, 2, 900 * MS);
    }
    assertThat(watch.pagesPerSecond()).isEqualTo(ReadLatencyWatch.MIN_RATE);
  }

  @Test
  void should_grow_back_and_lift_the_limit_once_pages_are_fast_again() {
    ReadLatencyWatch watch = new ReadLatencyWatch("s", 500);
    long now = answer(watch, 0, 40, 900 * MS);
    now = answer(watch, now, 40, 900 * MS);
    // The average takes a few fast pages to come down, and may cut once more meanwhile.
    now = answer(watch, now, 20, 10 * MS);
    double lowest = watch.pagesPerSecond();

    now = answer(watch, now, 20, 10 * MS);
    assertThat(watch.pagesPerSecond()).isGreaterThan(lowest);
    for (int second = 0; second < 120 && !Double.isInfinite(watch.pagesPerSecond()); second++) {
      now = answer(watch, now, 20, 10 * MS);
    }

    assertThat(watch.pagesPerSecond()).isInfinite();
  }

  @Test
  void should_do_nothing_when_turned_off() {
    ReadLatencyWatch watch = new ReadLatencyWatch("s", 0);

    answer(watch, 0, 40, 5 * SECOND);
    answer(watch, SECOND, 40, 5 * SECOND);

    assertThat(watch.pagesPerSecond()).isInfinite();
  }

  private static org.assertj.core.data.Offset<Double> within(double offset) {
    return org.assertj.core.data.Offset.offset(offset);
  }

  private static org.assertj.core.data.Offset<Long> within(long offset) {
    return org.assertj.core.data.Offset.offset(offset);
  }
}
