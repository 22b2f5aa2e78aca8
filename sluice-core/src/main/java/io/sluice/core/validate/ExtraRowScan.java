package io.sluice.core.validate;

import io.sluice.core.count.Count;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.run.ProgressLedger;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.state.JobState;
import io.sluice.core.state.RejectLine;
import io.sluice.core.state.RejectStage;
import io.sluice.core.state.SortedKeyRuns;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The search for extra rows, once every source row is checked: the primary keys of all source rows
 * (committed to sorted runs on disk as records commit) are merged into one sorted stream; the
 * target's keys are read by a full scan and sorted on disk the same way; walking both streams
 * together gives the keys only the target holds. Memory stays bounded by the size of one run and
 * the merge's buffers, whatever the table's size.
 *
 * <p>The scan is one pass: if it is interrupted, the next run redoes it from the start (the rows
 * already checked are not checked again).
 */
final class ExtraRowScan {

  private final ValidatingTarget target;
  private final TableSchema table;
  private final ValidationSpec spec;
  private final SortedKeyRuns sourceKeys;
  private final JobState state;
  private final LongSupplier nowMicros;
  private final BooleanSupplier stopped;
  private final LiveCounts live;

  ExtraRowScan(
      ValidatingTarget target,
      TableSchema table,
      ValidationSpec spec,
      SortedKeyRuns sourceKeys,
      JobState state,
      LongSupplier nowMicros,
      BooleanSupplier stopped,
      LiveCounts live) {
    this.target = target;
    this.table = table;
    this.spec = spec;
    this.sourceKeys = sourceKeys;
    this.state = state;
    this.nowMicros = nowMicros;
    this.stopped = stopped;
    this.live = live;
  }

  /** Lists (and deletes, if asked) every extra row; returns why it stopped early, or null. */
  String run(ProgressLedger ledger) {
    SortedKeyRuns targetKeys = state.openKeyRuns("target-keys", SortedKeyRuns.DEFAULT_RUN_SIZE, 0);
    try {
      target.scanPrimaryKeys(
          row -> {
            if (stopped.getAsBoolean()) {
              throw new Stopped();
            }
            targetKeys.add(PrimaryKey.of(row, table).encode());
          });
      List<String> columns = table.primaryKey().stream().map(ColumnSchema::name).toList();
      try (SortedKeyRuns.KeyReader source = sourceKeys.sorted();
          SortedKeyRuns.KeyReader inTarget = targetKeys.sorted()) {
        byte[] next = source.next();
        for (byte[] key = inTarget.next(); key != null; key = inTarget.next()) {
          while (next != null && Arrays.compareUnsigned(next, key) < 0) {
            next = source.next();
          }
          if (next == null || Arrays.compareUnsigned(next, key) != 0) {
            if (stopped.getAsBoolean()) {
              return "stopped";
            }
            Difference extra = extra(PrimaryKey.decode(key, columns));
            ledger.commit(
                new RejectLine(null, null, RejectStage.DIFFERENCE, extra.reason(), extra),
                extra.counts());
          }
        }
      }
      return null;
    } catch (Stopped e) {
      return "stopped";
    } catch (IOException e) {
      return "the search for extra rows cannot sort keys on disk: " + e.getMessage();
    } catch (RuntimeException e) {
      return "the search for extra rows failed: " + e.getMessage();
    } finally {
      targetKeys.delete();
    }
  }

  private Difference extra(PrimaryKey key) {
    live.increment(Count.ROWS_EXTRA);
    if (!spec.deleteExtra()) {
      return new Difference(Difference.Kind.EXTRA, key, List.of(), false, null);
    }
    target.deleteRow(key, nowMicros.getAsLong());
    live.increment(Count.ROWS_REPAIRED);
    return new Difference(Difference.Kind.EXTRA, key, List.of(), true, null);
  }

  /** Ends the key scan early when the run is asked to stop. */
  private static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped() {
      super("stopped", null, false, false);
    }
  }
}
