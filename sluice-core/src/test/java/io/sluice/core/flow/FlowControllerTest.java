package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.FlowSpec;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FlowControllerTest {

  private final FakeClock clock = new FakeClock();
  private final SettableProbe probe = new SettableProbe();

  /** Compaction is read by the test calling pollBacklog, not by a background thread. */
  private FlowController controller(Long rowsPerSecond, Long bytesPerSecond, boolean adaptive) {
    FlowSpec flow =
        new FlowSpec(
            2,
            64,
            null,
            null,
            null,
            rowsPerSecond,
            bytesPerSecond,
            adaptive,
            null,
            new CompactionSpec(8, 2, null, null, null, null, false));
    return new FlowController(flow, probe, clock, clock);
  }

  private static boolean never() {
    return false;
  }

  @Test
  void should_hold_the_rows_per_second_limit() throws InterruptedException {
    FlowController flow = controller(1_000L, null, true);

    for (int i = 0; i < 5_000; i++) {
      assertThat(flow.acquire(1, 1, 100, FlowControllerTest::never)).isTrue();
      flow.release(1);
    }

    assertThat(clock.sleptSeconds()).isBetween(4.9, 5.0);
  }

  @Test
  void should_hold_the_bytes_per_second_limit() throws InterruptedException {
    FlowController flow = controller(null, 1_000_000L, true);

    for (int i = 0; i < 1_000; i++) {
      flow.acquire(1, 1, 10_000, FlowControllerTest::never);
      flow.release(1);
    }

    // 10 MB at 1 MB/s.
    assertThat(clock.sleptSeconds()).isBetween(9.9, 10.0);
  }

  @Test
  void should_wait_as_long_as_an_overloaded_target_asks() throws InterruptedException {
    FlowController flow = controller(null, null, true);

    flow.overloaded(Duration.ofMillis(700), clock.nanoTime());
    flow.acquire(1, 1, 100, FlowControllerTest::never);

    assertThat(clock.sleptSeconds()).isGreaterThanOrEqualTo(0.7);
    assertThat(flow.stats().overloaded()).isEqualTo(1);
  }

  @Test
  void should_pause_above_the_high_mark_until_the_low_mark() throws InterruptedException {
    FlowController flow = controller(null, null, true);
    probe.tasks = 9;
    flow.pollBacklog();
    AtomicInteger checks = new AtomicInteger();

    boolean went = flow.acquire(1, 1, 100, () -> checks.incrementAndGet() > 20);

    assertThat(went).isFalse();
    assertThat(flow.stats().pausedForCompaction()).isTrue();
    assertThat(flow.stats().backlogTasks()).isEqualTo(9);
    probe.tasks = 3;
    flow.pollBacklog();
    assertThat(flow.stats().pausedForCompaction()).isTrue();
    probe.tasks = 2;
    flow.pollBacklog();
    assertThat(flow.acquire(1, 1, 100, FlowControllerTest::never)).isTrue();
    assertThat(flow.stats().compactionPauses()).isEqualTo(1);
    assertThat(flow.stats().compactionPausedSeconds()).isGreaterThan(1.0);
  }

  @Test
  void should_keep_the_whole_window_open_when_not_adaptive() throws InterruptedException {
    FlowController flow = controller(null, null, false);

    assertThat(flow.acquire(64, 64, 100, FlowControllerTest::never)).isTrue();
    flow.overloaded(null, clock.nanoTime());
    flow.struggling(clock.nanoTime());
    flow.release(64);

    assertThat(flow.stats().window()).isEqualTo(64);
    assertThat(flow.stats().rateLimit()).isEqualTo(-1);
    assertThat(flow.awaitIdle(Duration.ZERO)).isTrue();
  }

  @Test
  void should_limit_the_rate_after_an_overload_when_adaptive() throws InterruptedException {
    FlowController flow = controller(null, null, true);
    for (int i = 0; i < 1_000; i++) {
      flow.acquire(1, 1, 100, FlowControllerTest::never);
      clock.advanceMillis(1);
      flow.succeeded(1_000_000);
      flow.release(1);
    }

    flow.overloaded(null, clock.nanoTime());

    assertThat(flow.stats().rateLimit()).isBetween(800.0, 1_000.0);
    assertThat(flow.stats().overloadedShare())
        .isCloseTo(1 / 1001.0, org.assertj.core.data.Offset.offset(1e-6));
  }

  /** A backlog the test sets by hand. */
  @Test
  void should_count_a_batch_as_one_request_in_the_adaptive_rate() throws InterruptedException {
    FlowController flow = controller(null, null, true);
    for (int i = 0; i < 1_000; i++) {
      flow.acquire(10, 1, 100, FlowControllerTest::never);
      clock.advanceMillis(1);
      flow.succeeded(1_000_000);
      flow.release(1);
    }
    flow.overloaded(null, clock.nanoTime());
    double held = flow.stats().rateLimit();
    double sleptBefore = clock.sleptSeconds();

    for (int i = 0; i < 900; i++) {
      flow.acquire(10, 1, 100, FlowControllerTest::never);
      flow.succeeded(1_000_000);
      flow.release(1);
    }

    // 900 batches of 10 rows at about 900 requests/s take about a second, not ten.
    assertThat(held).isBetween(800.0, 1_000.0);
    assertThat(clock.sleptSeconds() - sleptBefore).isBetween(0.8, 1.2);
  }

  @Test
  void should_fill_the_window_with_requests_not_rows() throws InterruptedException {
    FlowController flow = controller(null, null, true);
    AtomicInteger checks = new AtomicInteger();

    for (int i = 0; i < 16; i++) {
      assertThat(flow.acquire(50, 1, 100, FlowControllerTest::never)).isTrue();
    }
    boolean seventeenth = flow.acquire(50, 1, 100, () -> checks.incrementAndGet() > 3);

    assertThat(flow.stats().window()).isEqualTo(16);
    assertThat(seventeenth).as("the window of 16 requests is full").isFalse();
    flow.release(1);
    assertThat(flow.acquire(50, 1, 100, FlowControllerTest::never)).isTrue();
  }
}
