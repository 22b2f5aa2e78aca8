package io.sluice.formats.bson;

import java.util.List;

/**
 * Where the splits of one plain {@code .bson} file start. Split {@code i} covers {@code [starts[i],
 * starts[i+1])}, the last one ends at {@code fileSize}; an empty file has no splits. Every start is
 * a document boundary, except that a final split may start at a damaged length prefix, in which
 * case {@code damage} says where and why.
 *
 * @param fileSize the file's size when the points were found
 * @param starts ascending byte offsets, the first 0
 * @param damage the damaged length prefix that ends the file's readable part, or {@code null}
 */
record SplitPoints(long fileSize, List<Long> starts, Damage damage) {

  /** A length prefix that could not be trusted, and the reason. */
  record Damage(long offset, String reason) {}

  SplitPoints {
    starts = List.copyOf(starts);
  }

  int count() {
    return starts.size();
  }

  long start(int i) {
    return starts.get(i);
  }

  long end(int i) {
    return i + 1 < starts.size() ? starts.get(i + 1) : fileSize;
  }

  /** Whether these points could describe a file of {@code size} bytes: 0 first, ascending. */
  boolean isConsistentWith(long size) {
    if (fileSize != size || (size == 0) != starts.isEmpty()) {
      return false;
    }
    long previous = -1;
    for (long start : starts) {
      if (start <= previous || start >= size || (previous < 0 && start != 0)) {
        return false;
      }
      previous = start;
    }
    return true;
  }
}
