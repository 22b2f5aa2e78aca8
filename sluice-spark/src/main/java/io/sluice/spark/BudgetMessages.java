package io.sluice.spark;

import io.sluice.core.flow.SharedFlow;
import java.util.List;

/** What a task and the budget coordinator say to each other, as JSON. */
final class BudgetMessages {

  private BudgetMessages() {}

  /**
   * A task's answers since its last report, and the records it committed so far (read, and
   * rejected, for the job's error budget); its last report says it is leaving.
   */
  record Report(
      String member,
      long spanNanos,
      long successes,
      long latencyNanos,
      List<Long> overloadsAgoNanos,
      List<Long> troublesAgoNanos,
      long recordsRead,
      long rejected,
      boolean leaving) {

    SharedFlow.Report outcomes() {
      return new SharedFlow.Report(
          spanNanos,
          successes,
          latencyNanos,
          overloadsAgoNanos == null ? List.of() : overloadsAgoNanos,
          troublesAgoNanos == null ? List.of() : troublesAgoNanos);
    }
  }

  /**
   * The task's share until its next report (a rate of -1 means none yet), and why every task must
   * stop, or null.
   */
  record Granted(
      double requestRate, int window, double share, int members, boolean paused, String stop) {

    static Granted of(SharedFlow.Grant grant, String stop) {
      double rate = Double.isInfinite(grant.requestRate()) ? -1 : grant.requestRate();
      return new Granted(
          rate, grant.window(), grant.share(), grant.members(), grant.paused(), stop);
    }

    SharedFlow.Grant grant() {
      return new SharedFlow.Grant(
          requestRate < 0 ? Double.POSITIVE_INFINITY : requestRate, window, share, members, paused);
    }
  }
}
