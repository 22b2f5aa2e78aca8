package io.sluice.core.flow;

import java.util.Optional;

/**
 * Closes while the target's compaction backlog is above the high mark and opens again once it is at
 * or below the low mark, so the load does not flap around one threshold. A reading that could not
 * be taken changes nothing.
 */
final class BacklogGate {

  private final long highMark;
  private final long lowMark;
  private boolean closed;
  private Backlog last;
  private long closedSince;
  private long closedNanos;
  private long pauses;

  BacklogGate(long highMark, long lowMark) {
    this.highMark = highMark;
    this.lowMark = lowMark;
  }

  /** Takes a reading; returns true if the gate opened or closed because of it. */
  synchronized boolean update(Optional<Backlog> reading, long now) {
    if (reading.isEmpty()) {
      return false;
    }
    last = reading.get();
    if (!closed && last.tasks() > highMark) {
      closed = true;
      closedSince = now;
      pauses++;
      return true;
    }
    if (closed && last.tasks() <= lowMark) {
      closed = false;
      closedNanos += now - closedSince;
      return true;
    }
    return false;
  }

  synchronized boolean closed() {
    return closed;
  }

  synchronized Optional<Backlog> last() {
    return Optional.ofNullable(last);
  }

  synchronized long pauses() {
    return pauses;
  }

  /** Time spent closed so far, including a pause under way. */
  synchronized long closedNanos(long now) {
    return closedNanos + (closed ? now - closedSince : 0);
  }
}
