package io.sluice.cassandra;

import java.util.Arrays;
import java.util.BitSet;

/**
 * One row's columns grouped by (write time, TTL), each group in the order of its first column, as
 * {@link CellTimeInserts} writes them: one insert per group. Kept in primitive arrays because it is
 * made for every row written with cell times (a map of groups to lists was a fair share of a row's
 * CPU). Columns are indexes into the writer's regular columns, added in increasing order.
 */
final class CellTimeGroups {

  /** The TTL of a group written without a TTL clause (the table's default applies). */
  static final int NO_TTL = -1;

  private long[] writetimes;
  private int[] ttls;
  private int groups;
  // The group of each column added, by column index; -1 for a column in none.
  private final int[] groupOf;

  /** Groups for a row of at most {@code columns} regular columns. */
  CellTimeGroups(int columns) {
    this.groupOf = new int[columns];
    Arrays.fill(groupOf, -1);
    this.writetimes = new long[2];
    this.ttls = new int[2];
  }

  /** Adds {@code column} to the group of its write time and TTL ({@link #NO_TTL}: none). */
  void add(int column, long writetimeMicros, int ttlSeconds) {
    groupOf[column] = groupOf(writetimeMicros, ttlSeconds);
  }

  /** An empty group of its own, if there is none of that write time and TTL yet. */
  void addEmpty(long writetimeMicros, int ttlSeconds) {
    groupOf(writetimeMicros, ttlSeconds);
  }

  private int groupOf(long writetimeMicros, int ttlSeconds) {
    // Rows have a group or two: a scan beats hashing.
    for (int g = 0; g < groups; g++) {
      if (writetimes[g] == writetimeMicros && ttls[g] == ttlSeconds) {
        return g;
      }
    }
    if (groups == writetimes.length) {
      writetimes = Arrays.copyOf(writetimes, groups * 2);
      ttls = Arrays.copyOf(ttls, groups * 2);
    }
    writetimes[groups] = writetimeMicros;
    ttls[groups] = ttlSeconds;
    return groups++;
  }

  int size() {
    return groups;
  }

  boolean isEmpty() {
    return groups == 0;
  }

  long writetimeMicros(int group) {
    return writetimes[group];
  }

  /** The group's TTL in seconds, or {@link #NO_TTL}. */
  int ttlSeconds(int group) {
    return ttls[group];
  }

  /** The columns of {@code group}, by index. */
  BitSet columns(int group) {
    BitSet columns = new BitSet(groupOf.length);
    for (int c = 0; c < groupOf.length; c++) {
      if (groupOf[c] == group) {
        columns.set(c);
      }
    }
    return columns;
  }
}
