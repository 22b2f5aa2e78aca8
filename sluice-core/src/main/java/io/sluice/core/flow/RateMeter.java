package io.sluice.core.flow;

/**
 * Counts events (acknowledged requests) in the last second, in ten slots of 100 ms, to tell the
 * rate the target is taking right now.
 */
final class RateMeter {

  private static final int SLOTS = 10;
  private static final long SLOT_NANOS = 100_000_000L;

  private final long[] counts = new long[SLOTS];
  private final long[] slotStart = new long[SLOTS];
  private long firstEvent = Long.MIN_VALUE;

  synchronized void record(long now) {
    if (firstEvent == Long.MIN_VALUE) {
      firstEvent = now;
    }
    long slot = Math.floorDiv(now, SLOT_NANOS);
    int index = Math.floorMod(slot, SLOTS);
    if (slotStart[index] != slot) {
      slotStart[index] = slot;
      counts[index] = 0;
    }
    counts[index]++;
  }

  /** Events per second over the last second, or over the time since the first event if shorter. */
  synchronized double perSecond(long now) {
    if (firstEvent == Long.MIN_VALUE) {
      return 0;
    }
    long current = Math.floorDiv(now, SLOT_NANOS);
    long sum = 0;
    for (int i = 0; i < SLOTS; i++) {
      if (slotStart[i] > current - SLOTS && slotStart[i] <= current) {
        sum += counts[i];
      }
    }
    // Nine whole slots and the part of the current one that has passed.
    long covered = (SLOTS - 1) * SLOT_NANOS + (now - current * SLOT_NANOS);
    double window = Math.max(1_000_000L, Math.min(covered, now - firstEvent));
    return sum * 1e9 / window;
  }
}
