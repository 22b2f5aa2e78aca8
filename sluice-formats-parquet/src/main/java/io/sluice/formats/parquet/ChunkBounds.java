package io.sluice.formats.parquet;

import java.io.IOException;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Checks a row group's column chunks before Apache Parquet reads them. Parquet allocates the size a
 * chunk claims before it reads a byte of it, so a damaged footer claiming a gigabyte fails the
 * whole JVM with {@code OutOfMemoryError} instead of one row group with a reason. A chunk must lie
 * within the file, and the chunks read from one group must fit in a share of the heap.
 */
final class ChunkBounds {

  /** The share of the heap one row group's chunks may take: several workers read at once. */
  private static final int HEAP_SHARE = 4;

  private ChunkBounds() {}

  /**
   * @param columns the top-level columns read
   * @param fileLength the file's length in bytes
   * @throws IOException saying which chunk is out of bounds, or how much memory the group needs
   */
  static void check(BlockMetaData block, Set<String> columns, long fileLength) throws IOException {
    long needed = 0;
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      if (!columns.contains(chunk.getPath().toArray()[0])) {
        continue;
      }
      long start = chunk.getStartingPos();
      long size = chunk.getTotalSize();
      if (start < 0 || size < 0 || size > fileLength - start) {
        throw new IOException(
            "column "
                + chunk.getPath().toDotString()
                + " claims "
                + size
                + " bytes from offset "
                + start
                + ", which is not within the file ("
                + fileLength
                + " bytes)");
      }
      needed += size;
    }
    long budget = Runtime.getRuntime().maxMemory() / HEAP_SHARE;
    if (needed > budget) {
      throw new IOException(
          "its columns take "
              + mebibytes(needed)
              + " MiB, more than a quarter of this JVM's heap ("
              + mebibytes(Runtime.getRuntime().maxMemory())
              + " MiB): give Sluice a larger heap (SLUICE_JAVA_OPTS=-Xmx...), read fewer columns"
              + " (the columns option), or write the file with smaller row groups");
    }
  }

  private static long mebibytes(long bytes) {
    return bytes >> 20;
  }
}
