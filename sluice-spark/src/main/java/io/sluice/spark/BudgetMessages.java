package io.sluice.spark;

import io.sluice.core.flow.SharedFlow;
import java.util.List;

/** What a task and the budget coordinator say to each other, as JSON. */
final class BudgetMessages {

  private BudgetMessages() {}

  /** A task's answers since its last report; its last report says it is leaving. */
  record Report(
      String member,
      long successes,
      long latencyNanos,
      List<Long> overloadsAgoNanos,
      List<Long> troublesAgoNanos,
      boolean leaving) {

    SharedFlow.Report outcomes() {
      return new SharedFlow.Report(
          successes,
          latencyNanos,
          overloadsAgoNanos == null ? List.of() : overloadsAgoNanos,
          troublesAgoNanos == null ? List.of() : troublesAgoNanos);
    }
  }

  /** The task's share until its next report; a rate of -1 means none yet. */
  record Granted(double requestRate, int window, double share, int members) {

    static Granted of(SharedFlow.Grant grant) {
      double rate = Double.isInfinite(grant.requestRate()) ? -1 : grant.requestRate();
      return new Granted(rate, grant.window(), grant.share(), grant.members());
    }

    SharedFlow.Grant grant() {
      return new SharedFlow.Grant(
          requestRate < 0 ? Double.POSITIVE_INFINITY : requestRate, window, share, members);
    }
  }
}
