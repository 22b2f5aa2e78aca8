package io.sluice.proxy;

import io.sluice.core.state.LocalJobState;
import io.sluice.core.timeline.TimelineRecorder;
import io.sluice.core.timeline.TimelineSample;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The proxy's timeline, one sample a second in {@code timeline.jsonl} of its state folder, as a
 * migration keeps one: client requests by kind, answered, refused as overloaded, timed out or
 * unavailable, their latency, and the requests in flight (as the sample's window). Each start of
 * the proxy is a run of its own, added after the earlier ones.
 */
final class ProxyTimeline implements AutoCloseable {

  /** Outcomes that say a cluster timed out, lacked replicas, or had replicas fail the request. */
  private static final Set<String> STRUGGLING =
      Set.of("read_timeout", "write_timeout", "unavailable", "read_failure", "write_failure");

  private final TimelineRecorder recorder;

  private ProxyTimeline(TimelineRecorder recorder) {
    this.recorder = recorder;
  }

  static ProxyTimeline start(Path stateDir, ProxyMetrics metrics) {
    LocalJobState state = LocalJobState.ofDocuments(stateDir);
    int run = TimelineRecorder.nextRun(state);
    return new ProxyTimeline(
        TimelineRecorder.start(
            state, Clock.systemUTC(), (at, seconds) -> sample(metrics, at, run, seconds), true));
  }

  private static TimelineSample sample(ProxyMetrics metrics, long at, int run, double seconds) {
    Map<String, Long> counts = new TreeMap<>(metrics.requestsByKind());
    long errors = metrics.answeredWithErrors();
    counts.put("client-requests", counts.values().stream().mapToLong(Long::longValue).sum());
    counts.put("errors", errors);
    long struggling = STRUGGLING.stream().mapToLong(metrics::answered).sum();
    Histogram latencies = metrics.takeLatencies();
    return new TimelineSample(
        at,
        run,
        seconds,
        counts,
        metrics.answered("ok"),
        metrics.answered("overloaded"),
        struggling,
        TimelineSample.percentileMillis(latencies, 50),
        TimelineSample.percentileMillis(latencies, 99),
        TimelineSample.percentileMillis(latencies, 100),
        metrics.inFlight(),
        -1,
        -1,
        false,
        0);
  }

  @Override
  public void close() {
    recorder.close();
  }
}
