package io.sluice.core.checkpoint;

/**
 * The saved progress of one split.
 *
 * @param resource the file or table the split reads, to notice a changed plan
 * @param start the split's first position in the plan
 * @param end the split's end in the plan
 * @param position the position below which every record of the split is handled for good (written,
 *     filtered out or rejected); a resumed run reopens the split here
 * @param done whether the whole split is handled
 */
public record SplitCheckpoint(String resource, long start, long end, long position, boolean done) {}
