package io.sluice.core.timeline;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.flow.FlowStats;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One point of a run's timeline: how the run stood at {@code at}, and what happened in the {@code
 * seconds} before it. Counters are cumulative over the run (rates are the difference between two
 * samples of the same run), so a sample merged from several keeps its last counters and loses
 * nothing.
 *
 * @param at when the sample was taken, in milliseconds since the epoch
 * @param run which run of the job (1 for the first, more after resuming)
 * @param seconds how long a span the sample covers: about one second, more once merged
 * @param counts this run's counts so far, named as the run's report names them ({@link
 *     Count#reportKey}: a validation's rows are {@code rows-checked}), zeros left out
 * @param requests requests answered successfully in this run so far
 * @param overloaded requests refused as overloaded in this run so far
 * @param struggling requests that timed out or found too few replicas in this run so far
 * @param p50Millis median latency of the requests answered in the span, or -1 if none was
 * @param p99Millis 99th percentile of those latencies, or -1
 * @param maxMillis the longest of those latencies, or -1
 * @param window requests allowed in flight at the end of the span
 * @param rateLimit requests per second the adaptive rate allowed, or -1 while it held none
 * @param backlogTasks compaction tasks outstanding on the busiest node, or -1 if unknown
 * @param paused whether the load was paused for compaction at any time in the span
 * @param workDone the sources' units of work done over all runs, for percent done
 */
public record TimelineSample(
    long at,
    int run,
    double seconds,
    Map<String, Long> counts,
    long requests,
    long overloaded,
    long struggling,
    double p50Millis,
    double p99Millis,
    double maxMillis,
    int window,
    double rateLimit,
    long backlogTasks,
    boolean paused,
    long workDone) {

  public TimelineSample {
    counts = Map.copyOf(counts);
  }

  /**
   * A sample of a run's state now, with the latencies of the span it closes.
   *
   * @param validation whether the run validates: its counts are then named as a validation's
   */
  public static TimelineSample of(
      long at,
      int run,
      double seconds,
      Counts counts,
      FlowStats flow,
      Histogram latencies,
      long workDone,
      boolean validation) {
    Map<String, Long> byKey = new LinkedHashMap<>();
    for (Count count : Count.values()) {
      long value = counts.get(count);
      if (value != 0) {
        byKey.put(count.reportKey(validation), value);
      }
    }
    return new TimelineSample(
        at,
        run,
        seconds,
        byKey,
        flow.requests(),
        flow.overloaded(),
        flow.struggling(),
        percentileMillis(latencies, 50),
        percentileMillis(latencies, 99),
        percentileMillis(latencies, 100),
        flow.window(),
        flow.rateLimit(),
        flow.backlogTasks(),
        flow.pausedForCompaction(),
        workDone);
  }

  /**
   * A percentile of latencies recorded in nanoseconds, in milliseconds; -1 when none was recorded.
   */
  public static double percentileMillis(Histogram latencies, double percentile) {
    return latencies.getTotalCount() == 0 ? -1 : latencies.getValueAtPercentile(percentile) / 1e6;
  }

  /**
   * A count of this run so far, 0 when it is not in the sample: under a migration's name or a
   * validation's, and a validation's timeline of an earlier Sluice named its counts as a
   * migration's.
   */
  public long count(Count count) {
    Long value = counts.get(count.key());
    return value != null ? value : counts.getOrDefault(count.reportKey(true), 0L);
  }

  /**
   * This sample and the {@code later} one of the same run as one sample over both spans: the later
   * counters and state, the worst latencies and backlog of the two, paused if either was.
   */
  public TimelineSample mergedWith(TimelineSample later) {
    return new TimelineSample(
        later.at,
        later.run,
        seconds + later.seconds,
        later.counts,
        later.requests,
        later.overloaded,
        later.struggling,
        Math.max(p50Millis, later.p50Millis),
        Math.max(p99Millis, later.p99Millis),
        Math.max(maxMillis, later.maxMillis),
        later.window,
        later.rateLimit,
        Math.max(backlogTasks, later.backlogTasks),
        paused || later.paused,
        later.workDone);
  }
}
