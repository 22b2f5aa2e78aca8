package io.sluice.core.flow;

import io.sluice.core.job.CompactionSpec;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Holds work that comes in steps (the batches {@code sluice stream} sends) while the target's
 * compaction backlog is above the job's high mark, as a load pauses between writes: before each
 * step the backlog is read, and once it is above the high mark the next step waits, reading it
 * every poll interval, until it is back to the low mark. A reading that could not be taken changes
 * nothing, as for a load.
 */
public final class CompactionHold {

  private final BacklogProbe probe;
  private final BacklogGate gate;
  private final long pollMillis;
  private final NanoClock clock;

  public CompactionHold(CompactionSpec compaction, BacklogProbe probe) {
    this(compaction, probe, NanoClock.SYSTEM);
  }

  CompactionHold(CompactionSpec compaction, BacklogProbe probe, NanoClock clock) {
    this.probe = compaction.enabled() ? probe : BacklogProbe.none();
    this.gate = new BacklogGate(compaction.highMark(), compaction.lowMark());
    this.pollMillis = Math.max(1, compaction.pollIntervalDuration().toMillis());
    this.clock = clock;
  }

  /** What the hold reads, said once to the user. */
  public String signal() {
    return probe.signal();
  }

  /**
   * Returns once the next step may go: at once unless the backlog is above the high mark. Says
   * through {@code say} when it starts waiting and when it stops.
   *
   * @throws InterruptedException when interrupted while waiting
   */
  public void awaitRoom(Consumer<String> say) throws InterruptedException {
    if (!probe.watches()) {
      return;
    }
    read();
    if (!gate.closed()) {
      return;
    }
    Backlog high = gate.last().orElseThrow();
    say.accept(
        String.format(
            "Pausing: %d compaction task(s) outstanding on %s, above the high mark; going on once"
                + " compaction is back to the low mark.",
            high.tasks(), high.node()));
    long since = clock.nanoTime();
    while (gate.closed()) {
      Thread.sleep(pollMillis);
      read();
    }
    Backlog low = gate.last().orElseThrow();
    say.accept(
        String.format(
            "Going on after %.1f s: compaction is back to %d task(s) on %s.",
            (clock.nanoTime() - since) / 1e9, low.tasks(), low.node()));
  }

  /** How many times the hold made work wait. */
  public long pauses() {
    return gate.pauses();
  }

  /** Seconds spent waiting so far. */
  public double pausedSeconds() {
    return gate.closedNanos(clock.nanoTime()) / 1e9;
  }

  private void read() {
    Optional<Backlog> reading;
    try {
      reading = probe.read();
    } catch (RuntimeException e) {
      return;
    }
    gate.update(reading, clock.nanoTime());
  }
}
