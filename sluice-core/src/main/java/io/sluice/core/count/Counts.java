package io.sluice.core.count;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One figure per {@link Count}, at one moment: immutable. Saved in the checkpoint and {@code
 * report.json} as an object of {@link Count#key()} to number; a count missing from a saved object
 * (one added since it was written) reads as zero.
 */
public final class Counts {

  public static final Counts ZERO = new Counts(new long[Count.values().length]);

  private final long[] values;

  Counts(long[] values) {
    this.values = values;
  }

  public long get(Count count) {
    return values[count.ordinal()];
  }

  public Counts plus(Counts other) {
    long[] sum = values.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += other.values[i];
    }
    return new Counts(sum);
  }

  public Counts minus(Counts other) {
    long[] difference = values.clone();
    for (int i = 0; i < difference.length; i++) {
      difference[i] -= other.values[i];
    }
    return new Counts(difference);
  }

  /** A copy with {@code count} set to {@code value}. */
  public Counts with(Count count, long value) {
    long[] copy = values.clone();
    copy[count.ordinal()] = value;
    return new Counts(copy);
  }

  @JsonValue
  public Map<String, Long> asMap() {
    Map<String, Long> map = new LinkedHashMap<>();
    for (Count count : Count.values()) {
      map.put(count.key(), values[count.ordinal()]);
    }
    return map;
  }

  /** The counts a report of a migration, or of a validation, holds, under their names there. */
  public Map<String, Long> reported(boolean validation) {
    Map<String, Long> map = new LinkedHashMap<>();
    for (Count count : Count.values()) {
      if (count.reportedIn(validation)) {
        map.put(count.reportKey(validation), values[count.ordinal()]);
      }
    }
    return map;
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static Counts fromMap(Map<String, Long> map) {
    long[] values = new long[Count.values().length];
    for (Count count : Count.values()) {
      Long value = map.get(count.key());
      values[count.ordinal()] = value == null ? 0 : value;
    }
    return new Counts(values);
  }

  public long recordsRead() {
    return get(Count.RECORDS_READ);
  }

  public long recordsMapped() {
    return get(Count.RECORDS_MAPPED);
  }

  public long recordsFiltered() {
    return get(Count.RECORDS_FILTERED);
  }

  public long rejectedDecode() {
    return get(Count.REJECTED_DECODE);
  }

  public long rejectedMapping() {
    return get(Count.REJECTED_MAPPING);
  }

  public long rowsProduced() {
    return get(Count.ROWS_PRODUCED);
  }

  public long rowsWritten() {
    return get(Count.ROWS_WRITTEN);
  }

  public long rowsFailed() {
    return get(Count.ROWS_FAILED);
  }

  public long retries() {
    return get(Count.RETRIES);
  }

  public long bytesRead() {
    return get(Count.BYTES_READ);
  }

  public long rowsMissing() {
    return get(Count.ROWS_MISSING);
  }

  public long rowsMismatched() {
    return get(Count.ROWS_MISMATCHED);
  }

  public long rowsChangedSince() {
    return get(Count.ROWS_CHANGED_SINCE);
  }

  public long rowsExtra() {
    return get(Count.ROWS_EXTRA);
  }

  public long rowsRepaired() {
    return get(Count.ROWS_REPAIRED);
  }

  public long recordsReadAgain() {
    return get(Count.RECORDS_READ_AGAIN);
  }

  public long rowsLookedUp() {
    return get(Count.ROWS_LOOKED_UP);
  }

  /** Rejected records and rows, the figure {@code max-errors} is judged on. */
  public long rejected() {
    return rejectedDecode() + rejectedMapping() + rowsFailed();
  }

  /** Rows a validation found missing, mismatched or extra: changed-since rows are not counted. */
  public long differences() {
    return rowsMissing() + rowsMismatched() + rowsExtra();
  }

  /** Rows a validation checked and found equal in the target. */
  public long rowsMatching() {
    return rowsWritten() - rowsMissing() - rowsMismatched() - rowsChangedSince();
  }

  /** Whether every record and row is accounted for (true once all writes completed). */
  public boolean addUp() {
    return recordsRead()
            == recordsMapped() + recordsFiltered() + rejectedDecode() + rejectedMapping()
        && rowsProduced() == rowsWritten() + rowsFailed();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Counts other && Arrays.equals(values, other.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "Counts" + asMap();
  }
}
