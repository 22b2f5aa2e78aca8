package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.FlowSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedFlowTest {

  private final FakeClock clock = new FakeClock();

  private SharedFlow budget(Long rowsPerSecond, boolean adaptive) {
    return new SharedFlow(
        new FlowSpec(
            2,
            64,
            null,
            null,
            null,
            rowsPerSecond,
            null,
            adaptive,
            null,
            new CompactionSpec(8, 2, null, null, null, null, false)),
        BacklogProbe.none(),
        clock,
        false);
  }

  private static SharedFlow.Report answered(long successes) {
    return new SharedFlow.Report(100_000_000, successes, 1_000_000, List.of(), List.of());
  }

  /** A member of the simulation below: sends at its grant, reports every 100 ms. */
  private static final class Member {
    final String name;
    long lastReport;
    long successes;
    List<Long> refusedSentAt = new ArrayList<>();
    double requestRate = Double.POSITIVE_INFINITY;
    double owed;

    Member(String name, long lastReport) {
      this.name = name;
      this.lastReport = lastReport;
    }

    void report(SharedFlow budget, long now) {
      List<Long> ages = refusedSentAt.stream().map(sent -> now - sent).toList();
      SharedFlow.Grant grant =
          budget.report(
              name, new SharedFlow.Report(now - lastReport, successes, 1_000_000, ages, List.of()));
      requestRate = grant.requestRate();
      lastReport = now;
      successes = 0;
      refusedSentAt = new ArrayList<>();
    }
  }

  @Test
  void should_come_down_to_the_limit_without_cutting_deeper_for_members_that_report_later() {
    // Four members reporting every 100 ms, a quarter of a round apart, each able to send 500
    // requests a second; the target's limiter takes 1,000 a second after a saved-up second of
    // burst, as Cassandra's does. A member refused reports at once, as a task's lease does.
    SharedFlow budget = budget(null, true);
    long limit = 1_000;
    long ms = 1_000_000L;
    long start = clock.nanoTime();
    List<Member> members = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      members.add(new Member("m" + i, start - i * 25 * ms));
    }
    double serverPermits = limit;
    long refused = 0;
    for (int step = 0; step < 4_000; step++) {
      clock.advanceMillis(1);
      long now = clock.nanoTime();
      serverPermits = Math.min(limit, serverPermits + limit / 1_000.0);
      for (Member member : members) {
        member.owed += Math.min(member.requestRate, 500) / 1_000;
        boolean firstRefusal = false;
        while (member.owed >= 1) {
          member.owed--;
          if (serverPermits >= 1) {
            serverPermits--;
            member.successes++;
          } else {
            refused++;
            firstRefusal |= member.refusedSentAt.isEmpty();
            member.refusedSentAt.add(now);
          }
        }
        if (firstRefusal || now - member.lastReport >= 100 * ms) {
          member.report(budget, now);
        }
      }
    }

    FlowStats stats = budget.stats();
    assertThat(stats.rateLimit()).as("rate held at the end").isBetween(0.9 * limit, 1.1 * limit);
    assertThat(stats.meanRateLimit()).as("mean rate held").isBetween(0.9 * limit, 1.1 * limit);
    assertThat(refused).isLessThan(limit / 4);
  }

  @Test
  void should_share_the_window_and_the_limits_among_active_members() {
    SharedFlow budget = budget(1_000L, false);

    budget.report("a", answered(0));
    SharedFlow.Grant b = budget.report("b", answered(0));

    assertThat(b.members()).isEqualTo(2);
    assertThat(b.share()).isEqualTo(0.5);
    assertThat(b.window()).isEqualTo(32);
    assertThat(b.requestRate()).isInfinite();
  }

  @Test
  void should_give_a_silent_or_leaving_member_share_back_to_the_others() {
    SharedFlow budget = budget(null, false);
    budget.report("a", answered(0));
    budget.report("b", answered(0));
    budget.report("c", answered(0));

    budget.leave("c");
    clock.advanceMillis(SharedFlow.ACTIVE_NANOS / 1_000_000 + 1);
    SharedFlow.Grant a = budget.report("a", answered(0));

    assertThat(a.members()).isEqualTo(1);
    assertThat(a.window()).isEqualTo(64);
  }

  @Test
  void should_cut_the_whole_job_rate_when_one_member_is_refused() {
    SharedFlow budget = budget(null, true);
    for (int i = 0; i < 10; i++) {
      clock.advanceMillis(100);
      budget.report("a", answered(100));
      budget.report("b", answered(100));
    }
    assertThat(budget.report("b", answered(0)).requestRate()).isInfinite();

    clock.advanceMillis(100);
    SharedFlow.Grant a =
        budget.report(
            "a",
            new SharedFlow.Report(100_000_000, 100, 1_000_000, List.of(50_000_000L), List.of()));
    SharedFlow.Grant b = budget.report("b", answered(0));

    // Both members acknowledged about 2,000 requests/s; the job's rate is cut from there, and each
    // member is granted half of it.
    assertThat(a.requestRate()).isFinite().isBetween(500.0, 1_100.0);
    assertThat(b.requestRate()).isEqualTo(a.requestRate());
    assertThat(budget.stats().overloaded()).isEqualTo(1);
    assertThat(budget.stats().requests()).isEqualTo(2_100);
  }

  @Test
  void should_pause_every_member_while_the_backlog_is_above_the_high_mark() {
    SettableProbe probe = new SettableProbe();
    SharedFlow budget =
        new SharedFlow(
            new FlowSpec(
                2,
                64,
                null,
                null,
                null,
                null,
                null,
                true,
                null,
                new CompactionSpec(8, 2, null, null, null, null, true)),
            probe,
            clock,
            false);

    probe.tasks = 9;
    budget.pollBacklog();
    SharedFlow.Grant paused = budget.report("a", answered(0));
    probe.tasks = 2;
    budget.pollBacklog();
    SharedFlow.Grant resumed = budget.report("b", answered(0));

    assertThat(paused.paused()).isTrue();
    assertThat(resumed.paused()).isFalse();
    assertThat(budget.stats().compactionPauses()).isEqualTo(1);
    assertThat(budget.stats().backlogTasks()).isEqualTo(2);
  }

  @Test
  void should_hold_a_leased_controller_while_its_grant_says_pause() throws InterruptedException {
    FlowLease paused =
        new FlowLease() {
          @Override
          public SharedFlow.Grant grant() {
            return new SharedFlow.Grant(Double.POSITIVE_INFINITY, 8, 1, 1, true);
          }

          @Override
          public void succeeded(long latencyNanos) {}

          @Override
          public void overloaded(long agoNanos) {}

          @Override
          public void struggling(long agoNanos) {}
        };
    FlowController controller =
        new FlowController(FlowSpec.defaults(), BacklogProbe.none(), clock, clock, paused);

    boolean went = controller.acquire(1, 1, 100, () -> clock.sleptSeconds() >= 3);

    assertThat(went).isFalse();
    assertThat(clock.sleptSeconds()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void should_fall_back_to_a_quarter_of_the_last_share() {
    SharedFlow.Grant grant = new SharedFlow.Grant(800, 40, 0.5, 2, true);

    SharedFlow.Grant fallback = grant.fallback();

    assertThat(fallback.requestRate()).isEqualTo(200);
    assertThat(fallback.window()).isEqualTo(10);
    assertThat(fallback.share()).isEqualTo(0.125);
    assertThat(fallback.paused()).isFalse();
  }

  @Test
  void should_hold_a_leased_controller_to_its_share() throws InterruptedException {
    FlowSpec flow =
        new FlowSpec(
            2,
            64,
            null,
            null,
            null,
            1_000L,
            null,
            true,
            null,
            new CompactionSpec(8, 2, null, null, null, null, false));
    List<Long> latencies = new ArrayList<>();
    FlowLease lease =
        new FlowLease() {
          @Override
          public SharedFlow.Grant grant() {
            return new SharedFlow.Grant(Double.POSITIVE_INFINITY, 2, 0.25, 4, false);
          }

          @Override
          public void succeeded(long latencyNanos) {
            latencies.add(latencyNanos);
          }

          @Override
          public void overloaded(long agoNanos) {}

          @Override
          public void struggling(long agoNanos) {}
        };
    FlowController controller = new FlowController(flow, BacklogProbe.none(), clock, clock, lease);

    for (int i = 0; i < 500; i++) {
      assertThat(controller.acquire(1, 1, 100, () -> false)).isTrue();
      controller.release(1);
    }
    controller.succeeded(3_000);

    // A quarter of 1,000 rows/s: 500 rows take two seconds.
    assertThat(clock.sleptSeconds()).isBetween(1.9, 2.0);
    assertThat(controller.stats().window()).isEqualTo(2);
    assertThat(latencies).containsExactly(3_000L);
  }
}
