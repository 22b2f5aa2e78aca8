package io.sluice.core.job;

import java.time.Duration;

/**
 * The {@code flow.compaction:} part of a job file: when the load waits for the target's compaction
 * to catch up.
 *
 * <p>The backlog is read per node: over JMX (the {@code Compaction} metrics' pending-task estimate)
 * when {@code jmx-port} is given, otherwise over CQL from the {@code system_views} virtual tables
 * (running compactions only), otherwise not at all (managed services), where latency alone steers.
 */
public record CompactionSpec(
    @Setting(
            "Outstanding compaction tasks on the busiest node above which the load pauses (over"
                + " CQL only running compactions are seen, so choose a mark near the node's"
                + " `concurrent_compactors`).")
        Integer highMark,
    @Setting(
            value = "Tasks at or below which a paused load resumes.",
            shownDefault = "half of `high-mark`")
        Integer lowMark,
    @Setting(
            "The nodes' JMX port, granting Sluice read access to their compaction metrics;"
                + " without it the backlog is read over CQL.")
        Integer jmxPort,
    @Setting("The JMX user, when JMX requires authentication.") String jmxUsername,
    @Setting("The environment variable holding the JMX password.") String jmxPasswordEnv,
    @Setting("How often the backlog is read, such as `5s`.") String pollInterval,
    @Setting("`false` turns the compaction watch off.") Boolean enabled) {

  public CompactionSpec {
    highMark = highMark == null ? 32 : highMark;
    lowMark = lowMark == null ? highMark / 2 : lowMark;
    pollInterval = pollInterval == null ? "5s" : pollInterval;
    enabled = enabled == null || enabled;
    DurationText.parse(pollInterval, "flow.compaction.poll-interval");
    if (highMark < 0 || lowMark < 0 || lowMark > highMark) {
      throw new IllegalArgumentException(
          "flow.compaction: low-mark must be between 0 and high-mark, not "
              + lowMark
              + " with high-mark "
              + highMark);
    }
    if (jmxPort != null && (jmxPort < 1 || jmxPort > 65_535)) {
      throw new IllegalArgumentException("flow.compaction.jmx-port must be a port, not " + jmxPort);
    }
  }

  public static CompactionSpec defaults() {
    return new CompactionSpec(null, null, null, null, null, null, null);
  }

  public Duration pollIntervalDuration() {
    return DurationText.parse(pollInterval, "flow.compaction.poll-interval");
  }
}
