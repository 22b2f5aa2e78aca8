package io.sluice.core.run;

import io.sluice.core.job.JobFileException;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The write-timestamp rule of DESIGN.md for one source: every row carries an explicit timestamp, so
 * writing it twice ends the same, and a newer source beats an older one whatever order they are
 * loaded in.
 *
 * <ul>
 *   <li>With {@code write-timestamp-field}, each row takes the time in that record field (a date,
 *       or an integer of microseconds since the epoch).
 *   <li>Otherwise the source's fixed {@code write-timestamp} applies to all its rows.
 *   <li>A source without either gets one microsecond more than the source before it in the job,
 *       starting from one microsecond after the epoch. Such tiny timestamps keep backfilled history
 *       below every live write (stamped with the current time) and below any deletion, and order
 *       the sources of one job. To order sources across separate jobs, set {@code write-timestamp}
 *       to each dump's time.
 * </ul>
 *
 * Fixed timestamps must grow strictly along the job's source list; anything else is refused,
 * because equal timestamps resolve by comparing values, not by recency.
 */
public final class WriteTimestamps {

  private final long fixedMicros;
  private final String[] fieldPath;

  private WriteTimestamps(long fixedMicros, String field) {
    this.fixedMicros = fixedMicros;
    this.fieldPath = field == null ? null : field.split("\\.");
  }

  /** Resolves the timestamp rule of each source of a job, in job order. */
  public static List<WriteTimestamps> forSources(List<SourceSpec> sources) {
    List<WriteTimestamps> result = new ArrayList<>();
    long previous = 0;
    String previousName = null;
    for (SourceSpec source : sources) {
      long fixed;
      if (source.writeTimestamp() != null) {
        fixed = toMicros(source.writeTimestamp());
        if (fixed <= previous) {
          throw new JobFileException(
              "Source '"
                  + source.name()
                  + "' must have a write-timestamp later than source '"
                  + previousName
                  + "' listed before it, so that the newer source wins where rows overlap.");
        }
      } else {
        fixed = previous + 1;
      }
      result.add(new WriteTimestamps(fixed, source.writeTimestampField()));
      previous = fixed;
      previousName = source.name();
    }
    return result;
  }

  /** The fixed timestamp of the source, in microseconds since the epoch. */
  public long fixedMicros() {
    return fixedMicros;
  }

  /** Whether rows take their timestamp from a record field. */
  public boolean fromField() {
    return fieldPath != null;
  }

  /**
   * The write timestamp of a record's rows, in microseconds since the epoch.
   *
   * @throws IllegalArgumentException with a one-sentence reason when the field is missing or not a
   *     time
   */
  public long timestampOf(Record record) {
    if (fieldPath == null) {
      return fixedMicros;
    }
    Object value = record.fields();
    for (String part : fieldPath) {
      value = value instanceof Map<?, ?> map ? map.get(part) : null;
    }
    String field = String.join(".", fieldPath);
    if (value instanceof Instant instant) {
      return toMicros(instant);
    }
    if (value instanceof Long micros) {
      return micros;
    }
    if (value instanceof Integer micros) {
      return micros;
    }
    if (value == null) {
      throw new IllegalArgumentException("write-timestamp field '" + field + "' is missing");
    }
    throw new IllegalArgumentException(
        "write-timestamp field '"
            + field
            + "' holds a "
            + value.getClass().getSimpleName()
            + ", not a date or microseconds");
  }

  public static long toMicros(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }
}
