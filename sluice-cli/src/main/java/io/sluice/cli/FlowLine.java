package io.sluice.cli;

import io.sluice.core.flow.FlowStats;

/** The part of the progress line that says how flow control holds the load right now. */
final class FlowLine {

  private FlowLine() {}

  static String of(FlowStats flow) {
    StringBuilder text = new StringBuilder();
    if (flow.pausedForCompaction()) {
      text.append(
          String.format(
              ", PAUSED: %,d compaction tasks on %s", flow.backlogTasks(), flow.backlogNode()));
    } else if (flow.backlogTasks() >= 0) {
      text.append(String.format(", compaction %,d", flow.backlogTasks()));
    }
    if (flow.rateLimit() >= 0) {
      text.append(String.format(", held at %,.0f req/s", flow.rateLimit()));
    }
    text.append(String.format(", window %d", flow.window()));
    if (flow.overloaded() > 0) {
      text.append(String.format(", %,d overloaded", flow.overloaded()));
    }
    return text.toString();
  }
}
