package io.sluice.proxy;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which cluster serves reads, switchable while the proxy runs: each request takes the dispatcher of
 * the moment it arrives, so requests in flight finish on the cluster they started on, and new reads
 * go to the new one. Writes go to both clusters either way.
 */
final class Switchboard {

  private static final Logger LOG = LoggerFactory.getLogger(Switchboard.class);

  private final AtomicReference<Dispatcher> current;
  private final ProxyMetrics metrics;
  private final ReplayLog replay;

  /**
   * @param replay the replay log of writes the other cluster missed, or null without one
   */
  Switchboard(Dispatcher dispatcher, ProxyMetrics metrics, ReplayLog replay) {
    this.replay = replay;
    this.current = new AtomicReference<>(dispatcher);
    this.metrics = metrics;
    metrics.servingCluster(dispatcher.servingCluster());
  }

  /** The dispatcher for a request arriving now. */
  Dispatcher current() {
    return current.get();
  }

  /** The cluster that serves reads now. */
  ClusterRole serving() {
    return current.get().servingCluster();
  }

  /**
   * Makes {@code cluster} serve reads.
   *
   * @return whether it changed anything (false when the cluster already served them)
   * @throws IllegalStateException while the replay log holds writes the cluster has not had yet
   */
  synchronized boolean serveReadsFrom(ClusterRole cluster) {
    Dispatcher before = current.get();
    if (before.servingCluster() == cluster) {
      return false;
    }
    if (replay != null && replay.holdsWrites()) {
      throw new IllegalStateException(
          "The replay log still holds "
              + replay.backlogWrites()
              + " writes the "
              + cluster.label()
              + " cluster missed: it would serve reads without them. Switch once the replay has"
              + " drained (sluice proxy status shows the backlog).");
    }
    current.set(before.servingReadsFrom(cluster));
    metrics.servingCluster(cluster);
    LOG.warn(
        "Reads now go to the {} cluster (until now the {}), from {}; writes still go to both.",
        cluster,
        before.servingCluster(),
        Instant.now());
    return true;
  }
}
