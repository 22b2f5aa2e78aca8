package io.sluice.spark;

import io.sluice.core.count.Counts;
import io.sluice.core.flow.FlowLease;
import io.sluice.core.flow.SharedFlow;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Recorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task's share of the job's flow budget: it gathers the task's answers and reports them to the
 * driver's {@link BudgetCoordinator} every {@link #REPORT_EVERY}, taking back its new share. A task
 * that cannot reach the coordinator for {@link #LOST_AFTER} falls back to a quarter of its last
 * share (a small fixed share if it never had one), says so, and takes its share again once the
 * coordinator answers.
 */
final class BudgetLease implements FlowLease, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BudgetLease.class);
  static final Duration REPORT_EVERY = Duration.ofMillis(100);
  static final Duration LOST_AFTER = Duration.ofSeconds(5);
  private static final int MAX_AGES = 10_000;
  private static final SharedFlow.Grant NEVER_GRANTED =
      new SharedFlow.Grant(Double.POSITIVE_INFINITY, 4, 1, 1, false).fallback();

  private final Duration lostAfter;
  private final String member;
  private final URI coordinator;
  private final String token;
  private final HttpClient http;
  private final ScheduledExecutorService timers;
  private final ScheduledFuture<?> reporting;
  private volatile boolean closed;
  private volatile Supplier<Counts> committed = () -> Counts.ZERO;
  private volatile LongSupplier workCommitted = () -> 0;
  private final Recorder latencies = new Recorder(2);
  private volatile String stopReason;
  private long lastReport = System.nanoTime();
  private double lastRoundPerSecond;
  private long successes;
  private long latencySum;
  private List<Long> overloads = new ArrayList<>();
  private List<Long> troubles = new ArrayList<>();
  private volatile SharedFlow.Grant grant;
  private volatile SharedFlow.Grant lastGranted;
  private volatile long lastAnswer = System.nanoTime();
  private volatile boolean lost;

  /**
   * Held while a report is taken, sent and answered: the driver gets a task's reports one after the
   * other, so none sent before the last one can land after it.
   */
  private final Object sending = new Object();

  private boolean lastSent;

  private BudgetLease(
      String member,
      String coordinator,
      String token,
      ScheduledExecutorService timers,
      Duration lostAfter) {
    this.lostAfter = lostAfter;
    this.member = member;
    this.coordinator = URI.create(coordinator);
    this.token = token;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    this.grant = NEVER_GRANTED;
    this.timers = timers;
    report();
    long every = REPORT_EVERY.toMillis();
    this.reporting =
        timers.scheduleWithFixedDelay(this::report, every, every, TimeUnit.MILLISECONDS);
  }

  /** Opens a lease for {@code member}, asking for its first share at once. */
  static BudgetLease open(
      String member, String coordinator, String token, ScheduledExecutorService timers) {
    return new BudgetLease(member, coordinator, token, timers, LOST_AFTER);
  }

  /** As {@link #open}, giving up on the coordinator after {@code lostAfter}: for tests. */
  static BudgetLease open(
      String member,
      String coordinator,
      String token,
      ScheduledExecutorService timers,
      Duration lostAfter) {
    return new BudgetLease(member, coordinator, token, timers, lostAfter);
  }

  @Override
  public SharedFlow.Grant grant() {
    return grant;
  }

  /**
   * Reports the task's committed counts and work from now on, for the job's error budget and
   * timeline.
   */
  void progressFrom(Supplier<Counts> counts, LongSupplier work) {
    this.committed = counts;
    this.workCommitted = work;
  }

  /** Why the driver told every task to stop (the job's error budget is spent), or null. */
  String stopReason() {
    return stopReason;
  }

  @Override
  public synchronized void succeeded(long latencyNanos) {
    successes++;
    latencySum += latencyNanos;
    latencies.recordValue(Math.max(0, latencyNanos));
  }

  /**
   * Notes a refusal, and reports it at once when it is the first since the last report: the job's
   * rate is cut on the driver without waiting for the next round. A task refused before the job's
   * rate was ever cut holds itself at 90 % of what it was taking until the driver answers, as the
   * other tasks, refused too, do: without it they would all go on unlimited for up to a round.
   */
  @Override
  public void overloaded(long agoNanos) {
    boolean first;
    synchronized (this) {
      first = overloads.isEmpty();
      if (overloads.size() < MAX_AGES) {
        overloads.add(agoNanos);
      }
      SharedFlow.Grant now = grant;
      double taking = takingPerSecond();
      if (Double.isInfinite(now.requestRate()) && taking > 0) {
        grant =
            new SharedFlow.Grant(
                taking * 0.9, now.window(), now.share(), now.members(), now.paused());
      }
    }
    if (first && !closed) {
      timers.execute(this::report);
    }
  }

  /** Requests per second this task had answered lately: its last round's, or this one's if more. */
  private double takingPerSecond() {
    double seconds = (System.nanoTime() - lastReport) / 1e9;
    double thisRound = seconds > 0.02 ? successes / seconds : 0;
    return Math.max(lastRoundPerSecond, thisRound);
  }

  @Override
  public synchronized void struggling(long agoNanos) {
    if (troubles.size() < MAX_AGES) {
      troubles.add(agoNanos);
    }
  }

  private BudgetMessages.Report take() {
    Counts counts = committed.get();
    long work = workCommitted.getAsLong();
    synchronized (this) {
      lastSent = closed;
      long now = System.nanoTime();
      BudgetMessages.Report report =
          new BudgetMessages.Report(
              member,
              now - lastReport,
              successes,
              successes == 0 ? 0 : latencySum / successes,
              overloads,
              troubles,
              BudgetMessages.Report.encode(latencies.getIntervalHistogram()),
              counts,
              work,
              closed);
      double seconds = (now - lastReport) / 1e9;
      lastRoundPerSecond = seconds > 0.02 ? successes / seconds : lastRoundPerSecond;
      lastReport = now;
      successes = 0;
      latencySum = 0;
      overloads = new ArrayList<>();
      troubles = new ArrayList<>();
      return report;
    }
  }

  /**
   * Sends what the task saw since the last report; a report that fails is not sent again. Once the
   * last report (the task closed) is sent, sends nothing more.
   */
  private void report() {
    synchronized (sending) {
      if (!lastSent) {
        send(take());
      }
    }
  }

  private void send(BudgetMessages.Report report) {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(coordinator)
              .timeout(Duration.ofSeconds(2))
              .header(BudgetCoordinator.TOKEN_HEADER, token)
              .header("Content-Type", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofByteArray(
                      BudgetCoordinator.JSON.writeValueAsBytes(report)))
              .build();
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new java.io.IOException("HTTP " + response.statusCode());
      }
      BudgetMessages.Granted answer =
          BudgetCoordinator.JSON.readValue(response.body(), BudgetMessages.Granted.class);
      SharedFlow.Grant granted = answer.grant();
      if (answer.stop() != null) {
        stopReason = answer.stop();
      }
      lastAnswer = System.nanoTime();
      lastGranted = granted;
      grant = granted;
      if (lost) {
        lost = false;
        LOG.info("Task {} reaches the job's flow budget again", member);
      }
    } catch (java.io.IOException | RuntimeException e) {
      noAnswer(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void noAnswer(Exception e) {
    if (!lost && System.nanoTime() - lastAnswer > lostAfter.toNanos()) {
      lost = true;
      grant = lastGranted == null ? NEVER_GRANTED : lastGranted.fallback();
      LOG.warn(
          "Task {} cannot reach the job's flow budget on the driver ({}); it goes on at a small"
              + " share, {} requests in flight, until the driver answers again",
          member,
          e.getMessage(),
          grant.window());
    }
  }

  /** Stops reporting, after a last report of what is left. */
  @Override
  public void close() {
    closed = true;
    reporting.cancel(false);
    report();
  }
}
