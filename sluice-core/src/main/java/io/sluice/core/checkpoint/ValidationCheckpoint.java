package io.sluice.core.checkpoint;

/**
 * The part of a validation's checkpoint that a migration's lacks.
 *
 * @param samplePercent the share of records the validation checks; resuming needs the same
 * @param extraRows whether it looks for extra rows; resuming needs the same
 * @param keyRuns how many sorted key files in the {@code keys} folder hold the primary keys of
 *     exactly the committed source rows (for the search for extra rows)
 * @param extraRowsDone whether the search for extra rows is over
 */
public record ValidationCheckpoint(
    double samplePercent, boolean extraRows, int keyRuns, boolean extraRowsDone) {}
