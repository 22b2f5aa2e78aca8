package io.sluice.core.timeline;

import io.sluice.core.state.JobState;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes one sample a second of a running job and keeps the job's timeline in its state ({@value
 * #DOCUMENT}): each sample is appended as it is taken, and the whole document rewritten when the
 * {@link Timeline} merges older samples to stay bounded. A resumed run adds to its earlier runs'
 * timeline; a fresh one starts it over. A timeline that cannot be written is said once in the log
 * and does not stop the run.
 */
public final class TimelineRecorder implements AutoCloseable {

  /** The document of a job's timeline. */
  public static final String DOCUMENT = "timeline.jsonl";

  private static final Logger LOG = LoggerFactory.getLogger(TimelineRecorder.class);

  /** Spans shorter than this are folded into the sample before them. */
  static final double MIN_SPAN_SECONDS = 0.5;

  /** Takes a sample of the run now. */
  @FunctionalInterface
  public interface Sampler {
    /**
     * @param at now, in milliseconds since the epoch
     * @param seconds how long since the previous sample of this run (or its start)
     */
    TimelineSample sample(long at, double seconds);
  }

  private final JobState state;
  private final Clock clock;
  private final Sampler sampler;
  private final Timeline timeline = new Timeline();
  private final ScheduledExecutorService timer;
  private long lastAt;
  private boolean writeFailed;
  private boolean closed;

  private TimelineRecorder(JobState state, Clock clock, Sampler sampler, boolean resumed) {
    this.state = state;
    this.clock = clock;
    this.sampler = sampler;
    this.lastAt = clock.millis();
    if (resumed) {
      earlierSamples(state).forEach(timeline::add);
    }
    save(timeline.samples(), false);
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-timeline");
              thread.setDaemon(true);
              return thread;
            });
    // With a fixed delay, a stalled machine skips samples rather than taking a burst of them.
    timer.scheduleWithFixedDelay(this::record, 1, 1, TimeUnit.SECONDS);
  }

  /** The number of the run after those {@code state}'s timeline holds: 1 when it holds none. */
  public static int nextRun(JobState state) {
    return earlierSamples(state).stream().mapToInt(TimelineSample::run).max().orElse(0) + 1;
  }

  /** The samples of earlier runs, or none when they cannot be read: a run never fails for them. */
  private static List<TimelineSample> earlierSamples(JobState state) {
    try {
      return state.readDocument(DOCUMENT).map(TimelineLines::parse).orElse(List.of());
    } catch (RuntimeException e) {
      LOG.warn("Cannot read the earlier runs' timeline ({}); it starts over.", e.getMessage());
      return List.of();
    }
  }

  /**
   * Starts sampling.
   *
   * @param resumed whether the run resumes earlier ones, whose samples it keeps
   */
  public static TimelineRecorder start(
      JobState state, Clock clock, Sampler sampler, boolean resumed) {
    return new TimelineRecorder(state, clock, sampler, resumed);
  }

  /**
   * Takes a sample now and keeps it. A span of less than half a second (the last one, taken as the
   * run ends) is folded into the sample before it, so that no rate is drawn from a few
   * milliseconds.
   */
  public synchronized void record() {
    if (closed) {
      return;
    }
    try {
      long now = clock.millis();
      TimelineSample sample = sampler.sample(now, Math.max(0, now - lastAt) / 1000.0);
      lastAt = now;
      if (sample.seconds() < MIN_SPAN_SECONDS && timeline.foldIntoLast(sample)) {
        save(timeline.samples(), false);
      } else if (timeline.add(sample)) {
        save(timeline.samples(), false);
      } else {
        save(List.of(sample), true);
      }
    } catch (RuntimeException e) {
      LOG.debug("Sampling the run failed", e);
    }
  }

  /** The samples kept so far, earlier runs' included. */
  public synchronized List<TimelineSample> samples() {
    return timeline.samples();
  }

  private void save(List<TimelineSample> samples, boolean append) {
    try {
      byte[] content = TimelineLines.lines(samples);
      if (append) {
        state.appendDocument(DOCUMENT, content);
      } else {
        state.saveDocument(DOCUMENT, content);
      }
    } catch (RuntimeException e) {
      if (!writeFailed) {
        writeFailed = true;
        LOG.warn(
            "Cannot keep the run's timeline ({}); the run goes on without it.", e.getMessage());
      }
    }
  }

  /** Takes a last sample and stops. */
  @Override
  public void close() {
    // No interrupt: a sample being written finishes its line.
    timer.shutdown();
    try {
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    record();
    synchronized (this) {
      closed = true;
    }
  }
}
