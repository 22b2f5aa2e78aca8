package io.sluice.spark;

import io.sluice.core.count.Counts;
import io.sluice.core.flow.SharedFlow;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** What a task and the budget coordinator say to each other, as JSON. */
final class BudgetMessages {

  private BudgetMessages() {}

  /**
   * A task's answers since its last report, with their latencies (a compressed HdrHistogram, in
   * Base64), and what it committed so far in this run (for the job's error budget and timeline);
   * its last report says it is leaving.
   */
  record Report(
      String member,
      long spanNanos,
      long successes,
      long latencyNanos,
      List<Long> overloadsAgoNanos,
      List<Long> troublesAgoNanos,
      String latencies,
      Counts committed,
      long workCommitted,
      boolean leaving) {

    /** A histogram of latencies as a report carries it. */
    static String encode(Histogram latencies) {
      ByteBuffer buffer = ByteBuffer.allocate(latencies.getNeededByteBufferCapacity());
      int length = latencies.encodeIntoCompressedByteBuffer(buffer);
      return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The report's latencies; an empty histogram when it carries none. */
    Histogram latencyHistogram() {
      if (latencies == null || latencies.isEmpty()) {
        return new Histogram(2);
      }
      try {
        return Histogram.decodeFromCompressedByteBuffer(
            ByteBuffer.wrap(Base64.getDecoder().decode(latencies)), 0);
      } catch (DataFormatException e) {
        throw new IllegalArgumentException("The report's latencies cannot be read", e);
      }
    }

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
