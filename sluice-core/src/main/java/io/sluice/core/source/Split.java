package io.sluice.core.source;

/**
 * A deterministic slice of a source: the unit of parallelism, of checkpointing and of Spark tasks.
 * Planning the same unchanged source twice gives the same splits.
 *
 * @param source the name of the source in the job
 * @param index the split's position in the source's plan, from 0
 * @param resource the file or table the split reads
 * @param start first position of the split (inclusive), in the source's unit: a byte offset of a
 *     file, a token of a table
 * @param end end of the split (exclusive), in the same unit
 * @param work the split's size in its source's units of work, or an estimate, for percent done and
 *     ETA: bytes of a file, compressed bytes of a compressed file or of a Parquet row group, rows
 *     of a table
 */
public record Split(String source, int index, String resource, long start, long end, long work) {

  /** The same split, starting at {@code position} instead: how a byte-addressed split resumes. */
  public Split from(long position) {
    return new Split(source, index, resource, position, end, work);
  }

  /** A stable identifier, used in checkpoints and logs. */
  public String id() {
    return source + "#" + index;
  }
}
