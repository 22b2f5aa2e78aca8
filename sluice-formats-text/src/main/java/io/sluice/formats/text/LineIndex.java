package io.sluice.formats.text;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the line feeds before an offset of a plain file, so a reader that starts mid-file can put
 * the file's line number into a reject reason. Asked only when a reader has something to reject, so
 * clean files are never scanned twice. Counts are remembered every 16 MiB, so each stretch of a
 * file is scanned about once however many readers ask. Shared by the readers of one source;
 * thread-safe.
 */
final class LineIndex {

  private static final int BUFFER_BYTES = 256 * 1024;

  private final long stepBytes;
  private final Map<Path, TreeMap<Long, Long>> known = new HashMap<>();

  LineIndex() {
    this(16L << 20);
  }

  /**
   * @param stepBytes how far apart remembered counts are
   */
  LineIndex(long stepBytes) {
    this.stepBytes = stepBytes;
  }

  /** The number of line feeds in {@code [0, offset)} of {@code file}. */
  synchronized long linesBefore(Path file, long offset) throws IOException {
    if (offset <= 0) {
      return 0;
    }
    TreeMap<Long, Long> marks = known.computeIfAbsent(file, f -> new TreeMap<>(Map.of(0L, 0L)));
    Map.Entry<Long, Long> floor = marks.floorEntry(offset);
    long position = floor.getKey();
    long lines = floor.getValue();
    ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      while (position < offset) {
        buffer.clear();
        buffer.limit((int) Math.min(BUFFER_BYTES, offset - position));
        int n = channel.read(buffer, position);
        if (n < 0) {
          break;
        }
        byte[] bytes = buffer.array();
        for (int i = 0; i < n; i++) {
          if (bytes[i] == '\n') {
            lines++;
          }
        }
        long previous = position;
        position += n;
        if (position / stepBytes > previous / stepBytes) {
          marks.put(position, lines);
        }
      }
    }
    marks.put(offset, lines);
    return lines;
  }
}
