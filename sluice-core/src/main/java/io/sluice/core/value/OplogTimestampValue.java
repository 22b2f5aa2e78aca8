package io.sluice.core.value;

/**
 * MongoDB's internal timestamp type (used by the oplog): seconds since the epoch and an ordinal
 * within that second. Not a date: documents use the date type for dates.
 */
public record OplogTimestampValue(int seconds, int increment) {

  /** The 64-bit value MongoDB stores: seconds in the high 32 bits, increment in the low. */
  public long asLong() {
    return ((long) seconds << 32) | (increment & 0xFFFFFFFFL);
  }
}
