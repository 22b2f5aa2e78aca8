package io.sluice.proxy;

/**
 * What {@link Routing} needs to know of the proxy when a request arrives.
 *
 * @param mode what a failure of the cluster that does not serve reads does ({@code
 *     secondary-failure})
 * @param serving the cluster that serves reads now
 * @param otherBehind whether the replay log holds writes the other cluster has not had yet: it is
 *     known to be down or catching up, so new writes join the log behind them (log mode only)
 */
record ProxyState(Mode mode, ClusterRole serving, boolean otherBehind) {

  /** {@code secondary-failure}: what a failure of the cluster that does not serve reads does. */
  enum Mode {
    /** The other cluster's failure fails the client's request. */
    STRICT,
    /** A write the other cluster cannot take now is kept in the replay log, and replayed. */
    LOG
  }

  ProxyState {
    if (otherBehind && mode != Mode.LOG) {
      throw new IllegalArgumentException("Only a proxy with a replay log can hold writes back");
    }
  }

  /** The cluster that does not serve reads now. */
  ClusterRole other() {
    return serving.other();
  }
}
