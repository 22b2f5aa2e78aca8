package io.sluice.core.validate;

import java.io.Serializable;

/**
 * What a validation run checks and repairs: the options of {@code sluice validate}.
 *
 * @param samplePercent the share of source records checked, from more than 0 to 100; the same
 *     records are picked on every run, so a resumed sampled run checks the same sample
 * @param repair rewrite missing and mismatched rows from the source
 * @param repairTimestamp which write timestamp repairs carry
 * @param extraRows also look for rows in the target that no source record gives (full runs only)
 * @param deleteExtra delete the extra rows found, at the current time
 * @param frozenSource whether every source is a copy frozen in time ({@link
 *     io.sluice.core.source.CellTimesSource}, such as an HBase snapshot), so that none of its cells
 *     is a live write whatever its time; not an option of the command: the validation sets it from
 *     its sources ({@link #withFrozenSource})
 */
public record ValidationSpec(
    double samplePercent,
    boolean repair,
    RepairTimestamp repairTimestamp,
    boolean extraRows,
    boolean deleteExtra,
    boolean frozenSource)
    implements Serializable {

  /** The timestamp a repaired row is rewritten with. */
  public enum RepairTimestamp {
    /**
     * The source row's own timestamp (the default): safe beside live writes, it never overwrites a
     * newer value, but cannot undo a deletion or a change made at or after that timestamp.
     */
    SOURCE,
    /**
     * The current time: the source version wins over everything in the target, deletions included.
     * Only for when the application no longer writes to the table.
     */
    NOW
  }

  public ValidationSpec {
    repairTimestamp = repairTimestamp == null ? RepairTimestamp.SOURCE : repairTimestamp;
    if (!(samplePercent > 0 && samplePercent <= 100)) {
      throw new IllegalArgumentException(
          "The sample must be a percentage above 0 and at most 100, not " + samplePercent + ".");
    }
    if (extraRows && samplePercent < 100) {
      throw new IllegalArgumentException(
          "Extra rows can only be found by a full run: drop --sample or --extra.");
    }
    if (deleteExtra && !extraRows) {
      throw new IllegalArgumentException("--delete-extra needs --extra.");
    }
  }

  /** The options of a validation whose sources may take live writes while they are read. */
  public ValidationSpec(
      double samplePercent,
      boolean repair,
      RepairTimestamp repairTimestamp,
      boolean extraRows,
      boolean deleteExtra) {
    this(samplePercent, repair, repairTimestamp, extraRows, deleteExtra, false);
  }

  /** These options, for sources frozen in time. */
  public ValidationSpec withFrozenSource() {
    return new ValidationSpec(samplePercent, repair, repairTimestamp, extraRows, deleteExtra, true);
  }

  /** A full check without repairs. */
  public static ValidationSpec checkOnly() {
    return new ValidationSpec(100, false, RepairTimestamp.SOURCE, false, false);
  }

  /** Whether only a share of the records is checked. */
  public boolean sampled() {
    return samplePercent < 100;
  }
}
