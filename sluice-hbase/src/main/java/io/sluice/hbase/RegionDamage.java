package io.sluice.hbase;

import java.io.EOFException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.hbase.io.hfile.CorruptHFileException;

/**
 * Tells a damaged store file from a failure that should stop the run, when HBase's region reader
 * throws. A damaged file (truncated, a corrupted block) rejects the rest of its region; a file that
 * vanished or a disk that fails stops the run, as for every source.
 *
 * <p>HBase's reader reports garbage in a block as a runtime exception (an invalid length, tag or
 * key), and a file it cannot parse as a {@link CorruptHFileException}; both name the file, and a
 * block's offset when it knows it.
 */
final class RegionDamage {

  private RegionDamage() {}

  /** Whether {@code failure} says that a store file is damaged. */
  static boolean isDamage(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      // Opening a region wraps what its stores' readers threw in an IOException.
      if (cause instanceof RuntimeException
          || cause instanceof CorruptHFileException
          || cause instanceof ChecksumException
          || cause instanceof EOFException) {
        return true;
      }
    }
    return false;
  }

  /**
   * The messages of {@code failure} and its causes, without those that only wrap another (an outer
   * exception's message repeats its cause's, with the cause's class name): they name the file and
   * the block.
   */
  static String describe(Throwable failure) {
    List<String> chain = new ArrayList<>();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null && !chain.contains(cause.getMessage())) {
        chain.add(cause.getMessage());
      }
    }
    List<String> kept = new ArrayList<>();
    for (String message : chain) {
      if (chain.stream().noneMatch(other -> other != message && message.contains(other))) {
        kept.add(message);
      }
    }
    return kept.isEmpty() ? failure.getClass().getSimpleName() : String.join(": ", kept);
  }
}
