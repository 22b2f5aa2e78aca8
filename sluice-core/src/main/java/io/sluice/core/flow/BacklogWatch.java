package io.sluice.core.flow;

import io.sluice.core.job.CompactionSpec;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the target's compaction backlog every poll interval (when {@code flow.compaction} is on)
 * and keeps the {@link BacklogGate} it moves, saying when the load pauses and resumes. A {@link
 * FlowController} holds one; so does a job's {@link SharedFlow}, for all its members at once.
 */
final class BacklogWatch implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BacklogWatch.class);

  private final BacklogProbe probe;
  private final BacklogGate gate;
  private final NanoClock clock;
  private final Runnable onResume;
  private final ScheduledExecutorService poller;

  /**
   * @param onResume told when the gate opens again, to wake whoever waits on it
   * @param poll whether to read the probe in the background; otherwise only {@link #poll} reads it
   */
  BacklogWatch(
      CompactionSpec compaction,
      BacklogProbe probe,
      NanoClock clock,
      Runnable onResume,
      boolean poll) {
    this.probe = probe;
    this.gate = new BacklogGate(compaction.highMark(), compaction.lowMark());
    this.clock = clock;
    this.onResume = onResume;
    this.poller = poll && compaction.enabled() ? startPolling(compaction) : null;
  }

  /** Reads the backlog once now; the background poller calls this every poll interval. */
  void poll() {
    Optional<Backlog> reading;
    try {
      reading = probe.read();
    } catch (RuntimeException e) {
      LOG.debug("Reading the compaction backlog failed", e);
      return;
    }
    if (gate.update(reading, clock.nanoTime())) {
      Backlog backlog = reading.get();
      if (gate.closed()) {
        LOG.warn(
            "Pausing the load: {} compaction tasks outstanding on {}, above the high mark; it"
                + " resumes once compaction is back to the low mark.",
            backlog.tasks(),
            backlog.node());
      } else {
        LOG.warn(
            "Resuming the load: compaction is back to {} tasks on {}.",
            backlog.tasks(),
            backlog.node());
        onResume.run();
      }
    }
  }

  boolean closed() {
    return gate.closed();
  }

  String signal() {
    return probe.signal();
  }

  /** The backlog figures of a {@link FlowStats}, as the last reading left them. */
  FlowStats withBacklog(FlowStats stats) {
    Optional<Backlog> backlog = gate.last();
    return new FlowStats(
        stats.requests(),
        stats.overloaded(),
        stats.struggling(),
        stats.rateLimit(),
        stats.meanRateLimit(),
        stats.window(),
        stats.latencyMillis(),
        probe.signal(),
        backlog.map(Backlog::tasks).orElse(-1L),
        backlog.map(Backlog::node).orElse(null),
        gate.closed(),
        gate.pauses(),
        gate.closedNanos(clock.nanoTime()) / 1e9);
  }

  private ScheduledExecutorService startPolling(CompactionSpec compaction) {
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-backlog");
              thread.setDaemon(true);
              return thread;
            });
    long millis = Math.max(1, compaction.pollIntervalDuration().toMillis());
    executor.scheduleWithFixedDelay(this::poll, 0, millis, TimeUnit.MILLISECONDS);
    return executor;
  }

  /** Stops reading the backlog; the probe belongs to the caller, who closes it. */
  @Override
  public void close() {
    if (poller != null) {
      poller.shutdownNow();
    }
  }
}
