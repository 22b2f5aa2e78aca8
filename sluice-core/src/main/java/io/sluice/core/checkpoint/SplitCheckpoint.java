package io.sluice.core.checkpoint;

/**
 * The saved progress of one split.
 *
 * @param resource the file or table the split reads, to notice a changed plan
 * @param start the split's first position in the plan
 * @param end the split's end in the plan
 * @param position where a resumed run reopens the split: below it every record of the split is
 *     handled for good (written, filtered out or rejected). The source's own value, opaque to the
 *     runner (a byte offset, a row number, a token with the last primary key); null when nothing of
 *     the split is handled yet. Checkpoints of earlier versions hold a number here.
 * @param workDone the split's work below {@code position}, in the units of its size (bytes of a
 *     file, compressed bytes of a compressed one, rows of a table), for percent done and ETA after
 *     a resume; null in checkpoints of earlier versions
 * @param done whether the whole split is handled
 */
public record SplitCheckpoint(
    String resource, long start, long end, String position, Long workDone, boolean done) {}
