package io.sluice.core.validate;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.CellTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares a source row with the target row of the same primary key: a pure decision, so that every
 * rule is tested without a server.
 *
 * <p>The rule, applied to each column the mapping fills (the primary key matched already):
 *
 * <ol>
 *   <li>No target row: {@link Verdict.Missing}.
 *   <li>A source null is "not written" under {@code null-values: unset}, so the column is not
 *       compared; under {@code null-values: write} the target must be null too.
 *   <li>Values compare as Cassandra stores them ({@link SameValue}). Only columns that differ
 *       matter.
 *   <li>If no column differs: {@link Verdict.Match}. If any differing column's target writetime is
 *       newer than the source's (the cell's own write time when the source keeps one, as a table
 *       does, else the row's timestamp), a live write changed the row since: {@link
 *       Verdict.ChangedSince}. Otherwise the target is wrong: {@link Verdict.Mismatch}.
 * </ol>
 *
 * A non-frozen collection or user-defined type has no single writetime, so a difference there never
 * makes a row "changed since" by itself: it does only together with a newer differing column.
 *
 * <p>When the source's cells carry their own write time and TTL (a table source), a cell whose
 * value is equal is also judged by its time: written in the target at an older time than the
 * source's cell, or at the same time with a TTL that differs from the source's by more than {@link
 * #TTL_TOLERANCE_SECONDS} (or expiring on one side only), it differs. A cell written in the target
 * at a newer time with the same value is a later write of that value, and matches.
 *
 * <p>A source cell written after the check began (a table source read while the application writes
 * to both clusters, through a dual-write proxy) is a live write whose copy in the target may still
 * be on its way: a difference there is {@link Verdict.ChangedSince} too, never a mismatch of the
 * backfill.
 */
public final class RowComparison {

  /**
   * How far a target cell's remaining TTL may be from what the source cell has left at the same
   * moment: a copy keeps the source's expiry instant to the second, and each cluster counts from
   * the second its own clock is in; the rest is room for two clusters' clocks to differ a little.
   */
  public static final int TTL_TOLERANCE_SECONDS = 5;

  private final Map<String, ColumnSchema> columns = new HashMap<>();
  private final boolean writeNulls;
  private final long liveSinceMicros;

  /**
   * Prepares comparisons of rows of one table.
   *
   * @param table the target table, for column types
   * @param writeNulls whether the job writes source nulls ({@code null-values: write})
   */
  public RowComparison(TableSchema table, boolean writeNulls) {
    this(table, writeNulls, Long.MAX_VALUE);
  }

  /**
   * As {@link #RowComparison(TableSchema, boolean)}, for a check that began at {@code
   * liveSinceMicros}: source cells written since then are live writes, not the backfill's.
   */
  public RowComparison(TableSchema table, boolean writeNulls, long liveSinceMicros) {
    table.columns().forEach(column -> columns.put(column.name(), column));
    this.writeNulls = writeNulls;
    this.liveSinceMicros = liveSinceMicros;
  }

  /**
   * Compares one row.
   *
   * @param source the source row, column name to value, as the mapper made it
   * @param sourceTimestamp the source row's write timestamp in microseconds
   * @param target the target row, or {@code null} when there is none
   */
  public Verdict compare(Map<String, Object> source, long sourceTimestamp, TargetRow target) {
    return compare(source, sourceTimestamp, Map.of(), target);
  }

  /**
   * Compares one row whose cells may carry their own write times (a table source's): a differing
   * column is judged against its own cell's time when it has one, else against the row's.
   *
   * @param cellTimes the source cells' write times and TTLs, by column
   */
  public Verdict compare(
      Map<String, Object> source,
      long sourceTimestamp,
      Map<String, CellTime> cellTimes,
      TargetRow target) {
    if (target == null) {
      return new Verdict.Missing();
    }
    List<ColumnDifference> differences = new ArrayList<>();
    boolean newer = false;
    for (Map.Entry<String, Object> entry : source.entrySet()) {
      ColumnSchema column = columns.get(entry.getKey());
      Object sourceValue = entry.getValue();
      if (column == null || column.isPrimaryKey() || (sourceValue == null && !writeNulls)) {
        continue;
      }
      Object targetValue = target.values().get(column.name());
      Long writetime = target.writetimes().get(column.name());
      CellTime cell = cellTimes.get(column.name());
      if (SameValue.same(sourceValue, targetValue)) {
        String time =
            cell == null || cell.writetimeMicros() >= liveSinceMicros
                ? null
                : timeDifference(
                    cell, writetime, target.ttls().get(column.name()), target.readAtMillis());
        if (time != null) {
          differences.add(
              new ColumnDifference(
                  column.name(),
                  CqlLiterals.excerpt(sourceValue, column.type()) + " " + describe(cell),
                  CqlLiterals.excerpt(targetValue, column.type()) + " " + time,
                  writetime));
        }
        continue;
      }
      long sourceTime = cell == null ? sourceTimestamp : cell.writetimeMicros();
      newer |= (writetime != null && writetime > sourceTime) || sourceTime >= liveSinceMicros;
      differences.add(
          new ColumnDifference(
              column.name(),
              CqlLiterals.excerpt(sourceValue, column.type()),
              CqlLiterals.excerpt(targetValue, column.type()),
              writetime));
    }
    if (differences.isEmpty()) {
      return new Verdict.Match();
    }
    return newer
        ? new Verdict.ChangedSince(List.copyOf(differences))
        : new Verdict.Mismatch(List.copyOf(differences));
  }

  /**
   * How an equal cell's time in the target differs from the source cell's, or null when it does
   * not, or cannot be told (no write time read: a non-frozen collection).
   */
  private static String timeDifference(
      CellTime cell, Long writetime, Integer ttl, long readAtMillis) {
    if (writetime == null || writetime > cell.writetimeMicros()) {
      return null;
    }
    int targetTtl = ttl == null ? 0 : ttl;
    // Compared with what the source cell had left when the target's TTL was read.
    int sourceTtl = cell.ttlSecondsAt(readAtMillis > 0 ? readAtMillis : System.currentTimeMillis());
    boolean sameTtl =
        (targetTtl == 0) == (sourceTtl == 0)
            && Math.abs(targetTtl - sourceTtl) <= TTL_TOLERANCE_SECONDS;
    if (writetime == cell.writetimeMicros() && sameTtl) {
      return null;
    }
    return "written at " + writetime + (targetTtl == 0 ? "" : ", TTL " + targetTtl + " s");
  }

  private static String describe(CellTime cell) {
    return "written at "
        + cell.writetimeMicros()
        + (cell.expires() ? ", TTL " + cell.ttlSecondsAt(System.currentTimeMillis()) + " s" : "");
  }
}
