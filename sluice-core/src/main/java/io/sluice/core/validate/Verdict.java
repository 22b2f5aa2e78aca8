package io.sluice.core.validate;

import java.util.List;

/** What {@link RowComparison} found for one source row. */
public sealed interface Verdict {

  /** The target row holds the source's values in every compared column. */
  record Match() implements Verdict {}

  /** The target has no row with the source row's primary key. */
  record Missing() implements Verdict {}

  /**
   * Some columns differ, and none of them was written in the target after the source's timestamp:
   * the target is wrong (or older), and a repair rewrites the row.
   */
  record Mismatch(List<ColumnDifference> columns) implements Verdict {}

  /**
   * Some columns differ, and at least one of them was written in the target after the source's
   * timestamp: a live write changed the row since the source was taken. Not a difference to repair.
   */
  record ChangedSince(List<ColumnDifference> columns) implements Verdict {}
}
