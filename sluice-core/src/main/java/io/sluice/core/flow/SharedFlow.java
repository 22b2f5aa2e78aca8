package io.sluice.core.flow;

import io.sluice.core.job.FlowSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow budget of one job whose requests several members send (the tasks of a job on Spark): the
 * adaptive request rate and window of requests in flight run once here, fed with every member's
 * answers, and each active member is granted an equal share of them and of the user's rows/s and
 * bytes/s limits. So the total stays within the budget however many members run, and an overload
 * seen by one member slows them all. It also watches the target's compaction backlog, once for all
 * members, and tells them to pause while it is above the high mark.
 */
public final class SharedFlow implements AutoCloseable {

  /** A member that has not reported for this long no longer takes a share. */
  static final long ACTIVE_NANOS = 3_000_000_000L;

  /**
   * What a member may do until its next report.
   *
   * @param requestRate requests per second, or infinity while the target has not pushed back
   * @param window requests in flight at once, at least 1
   * @param share the member's fraction of the user's rows/s and bytes/s limits
   * @param members how many members share the budget now
   * @param paused whether the load pauses for the target's compaction backlog
   */
  public record Grant(double requestRate, int window, double share, int members, boolean paused) {

    /**
     * A small share to fall back on when the job's budget cannot be reached: a quarter of this one,
     * no pause (the backlog can no longer be known).
     */
    public Grant fallback() {
      double rate = Double.isInfinite(requestRate) ? FALLBACK_RATE : requestRate / 4;
      return new Grant(rate, Math.max(1, window / 4), share / 4, members, false);
    }
  }

  /** The request rate of a member that lost the budget before the target ever pushed back. */
  static final double FALLBACK_RATE = 100;

  /**
   * What a member saw since its last report.
   *
   * @param spanNanos the time the report covers, since the member's last
   * @param successes requests answered successfully
   * @param latencyNanos their mean latency
   * @param overloadsAgoNanos how long before the report each refused request was sent
   * @param troublesAgoNanos how long before the report each timed-out request was sent
   */
  public record Report(
      long spanNanos,
      long successes,
      long latencyNanos,
      List<Long> overloadsAgoNanos,
      List<Long> troublesAgoNanos) {

    public Report {
      overloadsAgoNanos = List.copyOf(overloadsAgoNanos);
      troublesAgoNanos = List.copyOf(troublesAgoNanos);
    }
  }

  private final FlowSpec flow;
  private final NanoClock clock;
  private final BacklogWatch backlog;
  private final AdaptiveRate rate = new AdaptiveRate(true);
  private final ConcurrencyWindow window;
  private final Map<String, Long> lastSeen = new HashMap<>();
  private long requests;
  private long overloads;
  private long troubles;

  /**
   * @param probe reads the target's compaction backlog, every poll interval when {@code
   *     flow.compaction} is on; the caller closes it
   */
  public SharedFlow(FlowSpec flow, BacklogProbe probe, NanoClock clock) {
    this(flow, probe, clock, true);
  }

  /** As the public constructor, reading the backlog only when told to: for tests. */
  SharedFlow(FlowSpec flow, BacklogProbe probe, NanoClock clock, boolean poll) {
    this.flow = flow;
    this.clock = clock;
    this.backlog = new BacklogWatch(flow.compaction(), probe, clock, () -> {}, poll);
    int max = flow.maxInFlight();
    this.window =
        new ConcurrencyWindow(
            flow.adaptive() ? FlowController.INITIAL_WINDOW : max,
            max,
            flow.latencyTargetDuration().toNanos());
  }

  /** Takes a member's report and grants it its share until the next. */
  public synchronized Grant report(String member, Report report) {
    long now = clock.nanoTime();
    requests += report.successes();
    overloads += report.overloadsAgoNanos().size();
    troubles += report.troublesAgoNanos().size();
    if (flow.adaptive()) {
      rate.onSuccesses(member, report.successes(), now - report.spanNanos(), now);
      for (long i = 0; i < report.successes(); i++) {
        window.onSuccess(report.latencyNanos(), now);
      }
      // A member sends at the rate of its last grant until this report's: a request it sent
      // after a cut it had not yet heard of is the old rate's, and must not cut again.
      Long grantedAt = lastSeen.get(member);
      for (long ago : report.overloadsAgoNanos()) {
        long sentAt = now - ago;
        rate.onOverload(now, grantedAt == null ? sentAt : Math.min(sentAt, grantedAt));
        window.onTrouble(now, now - ago);
      }
      for (long ago : report.troublesAgoNanos()) {
        window.onTrouble(now, now - ago);
      }
    }
    lastSeen.values().removeIf(seen -> now - seen > ACTIVE_NANOS);
    lastSeen.put(member, now);
    int members = lastSeen.size();
    double allowed = flow.adaptive() ? rate.rate() : Double.POSITIVE_INFINITY;
    return new Grant(
        allowed / members,
        Math.max(1, (int) Math.round(window.limit() / (double) members)),
        1.0 / members,
        members,
        backlog.closed());
  }

  /** Reads the backlog once now; the background poller calls this every poll interval. */
  void pollBacklog() {
    backlog.poll();
  }

  /** A member is done: the others share the budget without it from now on. */
  public synchronized void leave(String member) {
    lastSeen.remove(member);
  }

  /** The job's flow as the report shows it: answers over all members, and the rate held. */
  public synchronized FlowStats stats() {
    double limit = rate.rate();
    double mean = rate.meanRate(clock.nanoTime());
    double latency = window.latencyNanos();
    return backlog.withBacklog(
        new FlowStats(
            requests,
            overloads,
            troubles,
            Double.isInfinite(limit) ? -1 : limit,
            Double.isInfinite(mean) ? -1 : mean,
            window.limit(),
            Double.isNaN(latency) ? -1 : latency / 1e6,
            null,
            -1,
            null,
            false,
            0,
            0));
  }

  /** Stops reading the backlog. */
  @Override
  public void close() {
    backlog.close();
  }
}
