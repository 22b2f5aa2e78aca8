package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.SharedFlow;
import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.FlowSpec;
import io.sluice.testinfra.Await;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Tasks and the driver's budget over real HTTP on loopback. */
class BudgetLeaseTest {

  private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2);

  @AfterEach
  void stopTimers() {
    timers.shutdownNow();
  }

  private static TaskTally errors() {
    return new TaskTally(ErrorThreshold.parse("100"), Counts.ZERO);
  }

  private static FlowSpec flow(int maxInFlight) {
    return new FlowSpec(
        2,
        maxInFlight,
        null,
        null,
        null,
        null,
        null,
        false,
        null,
        new CompactionSpec(8, 2, null, null, null, null, false));
  }

  @Test
  void should_split_the_window_among_the_tasks_that_hold_a_lease() throws Exception {
    try (BudgetCoordinator budget =
            BudgetCoordinator.start(
                "127.0.0.1", 0, "127.0.0.1", flow(64), BacklogProbe.none(), errors());
        BudgetLease first = BudgetLease.open("e1/a#0", budget.url(), budget.token(), timers)) {
      assertThat(first.grant().window()).isEqualTo(64);
      try (BudgetLease second = BudgetLease.open("e2/a#1", budget.url(), budget.token(), timers)) {
        assertThat(second.grant().window()).isEqualTo(32);
        Await.until(
            "the first task's share halved",
            Duration.ofSeconds(30),
            () -> first.grant().window() == 32);
      }
      Await.until(
          "the first task's share whole again once the second leaves",
          Duration.ofSeconds(30),
          () -> first.grant().window() == 64);
    }
  }

  @Test
  void should_fall_back_to_a_small_share_when_the_driver_is_gone() throws Exception {
    BudgetCoordinator budget =
        BudgetCoordinator.start(
            "127.0.0.1", 0, "127.0.0.1", flow(64), BacklogProbe.none(), errors());
    try (BudgetLease lease =
        BudgetLease.open("e1/a#0", budget.url(), budget.token(), timers, Duration.ofMillis(300))) {
      SharedFlow.Grant granted = lease.grant();
      budget.close();
      Await.until(
          "the lease's fallback share", Duration.ofSeconds(30), () -> lease.grant() != granted);
      assertThat(lease.grant()).isEqualTo(granted.fallback());
      assertThat(lease.grant().window()).isEqualTo(16);
    }
  }

  @Test
  void should_refuse_a_report_without_the_run_token() throws Exception {
    try (BudgetCoordinator budget =
        BudgetCoordinator.start(
            "127.0.0.1", 0, "127.0.0.1", flow(64), BacklogProbe.none(), errors())) {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(budget.url()))
                      .header(BudgetCoordinator.TOKEN_HEADER, "guessed")
                      .POST(HttpRequest.BodyPublishers.ofString("{\"member\":\"x\"}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(403);
      assertThat(budget.stats().requests()).isZero();
    }
  }

  @Test
  void should_serve_on_the_port_set_and_give_the_executors_the_drivers_address() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    try (BudgetCoordinator budget =
            BudgetCoordinator.start(
                "0.0.0.0", port, "127.0.0.1", flow(64), BacklogProbe.none(), errors());
        BudgetLease lease = BudgetLease.open("e1/a#0", budget.url(), budget.token(), timers)) {
      assertThat(budget.url()).isEqualTo("http://127.0.0.1:" + port + BudgetCoordinator.PATH);
      assertThat(lease.grant().window()).isEqualTo(64);
    }
  }

  @Test
  void should_bring_the_tasks_progress_and_latencies_to_the_driver() throws Exception {
    try (BudgetCoordinator budget =
        BudgetCoordinator.start(
            "127.0.0.1", 0, "127.0.0.1", flow(64), BacklogProbe.none(), errors())) {
      Counts committed = Counts.ZERO.with(Count.RECORDS_READ, 120).with(Count.ROWS_WRITTEN, 118);
      try (BudgetLease lease = BudgetLease.open("e1/a#0", budget.url(), budget.token(), timers)) {
        lease.progressFrom(() -> committed, () -> 4_096);
        for (int i = 1; i <= 100; i++) {
          lease.succeeded(i * 1_000_000L);
        }
      }
      // The lease's last report is sent before close returns.
      assertThat(budget.tally().thisRun()).isEqualTo(committed);
      assertThat(budget.tally().workThisRun()).isEqualTo(4_096);
      Histogram latencies = budget.takeLatencies();
      assertThat(latencies.getTotalCount()).isEqualTo(100);
      assertThat(latencies.getValueAtPercentile(99) / 1e6).isBetween(98.0, 100.0);
      assertThat(budget.takeLatencies().getTotalCount()).isZero();
    }
  }
}
