package io.sluice.core.job;

import java.time.Duration;

/**
 * The {@code flow.compaction:} part of a job file: when the load waits for the target's compaction
 * to catch up.
 *
 * <p>The backlog is read per node: over JMX (the {@code Compaction} metrics' pending-task estimate)
 * when {@code jmx-port} is given, otherwise over CQL from the {@code system_views} virtual tables
 * (running compactions only), otherwise not at all (managed services), where latency alone steers.
 *
 * @param highMark outstanding compaction tasks on the busiest node above which the load pauses;
 *     default 32 (over CQL only running compactions are seen, so choose a mark near the node's
 *     {@code concurrent_compactors})
 * @param lowMark tasks at or below which a paused load resumes; default half the high mark
 * @param jmxPort the nodes' JMX port, granting Sluice read access to their metrics; default none
 * @param jmxUsername the JMX user, when JMX requires authentication
 * @param jmxPasswordEnv the environment variable holding the JMX password
 * @param pollInterval how often the backlog is read, such as {@code 5s}; default 5s
 * @param enabled {@code false} turns the compaction watch off; default true
 */
public record CompactionSpec(
    Integer highMark,
    Integer lowMark,
    Integer jmxPort,
    String jmxUsername,
    String jmxPasswordEnv,
    String pollInterval,
    Boolean enabled) {

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
