package io.sluice.core.run;

import io.sluice.core.flow.FlowStats;

/** The report's lines on flow control: what the target answered and how the load followed. */
final class FlowSummary {

  private FlowSummary() {}

  static String of(FlowStats flow) {
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            "  Requests          %,d answered, %,d refused as overloaded (%.2f%%), %,d timed out"
                + " or unavailable%n",
            flow.requests(), flow.overloaded(), flow.overloadedShare() * 100, flow.struggling()));
    text.append(
        String.format(
            "  Flow              %s, window %d in flight%s%n",
            flow.rateLimit() < 0
                ? "no rate limit needed"
                : String.format(
                    "rate settled at %,.0f requests/s (%,.0f on average since the first push-back)",
                    flow.rateLimit(), flow.meanRateLimit()),
            flow.window(),
            flow.latencyMillis() < 0
                ? ""
                : String.format(", latency %.1f ms", flow.latencyMillis())));
    text.append(
        String.format(
            "  Compaction        %s; paused %d time(s), %.1f s in all%n",
            flow.backlogSignal(), flow.compactionPauses(), flow.compactionPausedSeconds()));
    return text.toString();
  }
}
