package io.sluice.formats.bson;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds split points in a plain {@code .bson} file by hopping from each document's length prefix to
 * the next, reading four bytes per document and decoding nothing.
 *
 * <p>The rule: a split ends at the first document boundary at or past {@code splitSize} bytes from
 * its start, so every split but the last holds at least {@code splitSize} bytes, and a file smaller
 * than that is one split. A length prefix that fails {@link DocumentFraming#check} stops the hop:
 * the split in progress ends there and one final split covers the rest of the file, whose reader
 * reports the damage. The result depends only on the file's bytes and {@code splitSize}.
 */
final class SplitPlanner {

  private static final int WINDOW_BYTES = 256 * 1024;

  private SplitPlanner() {}

  static SplitPoints plan(FileChannel channel, long fileSize, long splitSize) throws IOException {
    List<Long> starts = new ArrayList<>();
    if (fileSize == 0) {
      return new SplitPoints(0, starts, null);
    }
    PrefixWindow window = new PrefixWindow(channel, fileSize);
    starts.add(0L);
    long splitStart = 0;
    long position = 0;
    while (position < fileSize) {
      long remaining = fileSize - position;
      String problem =
          remaining < 4
              ? DocumentFraming.tooShortForPrefix(remaining)
              : DocumentFraming.check(position, window.intAt(position), remaining);
      if (problem != null) {
        if (position > splitStart) {
          starts.add(position);
        }
        return new SplitPoints(fileSize, starts, new SplitPoints.Damage(position, problem));
      }
      position += window.intAt(position);
      if (position - splitStart >= splitSize && position < fileSize) {
        starts.add(position);
        splitStart = position;
      }
    }
    return new SplitPoints(fileSize, starts, null);
  }

  /** Reads little-endian ints at increasing offsets through a buffer, refilling on a miss. */
  private static final class PrefixWindow {
    private final FileChannel channel;
    private final long fileSize;
    private final ByteBuffer buffer =
        ByteBuffer.allocate(WINDOW_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private long bufferStart = -1;

    PrefixWindow(FileChannel channel, long fileSize) {
      this.channel = channel;
      this.fileSize = fileSize;
    }

    int intAt(long offset) throws IOException {
      if (bufferStart < 0 || offset < bufferStart || offset + 4 > bufferStart + buffer.limit()) {
        fill(offset);
      }
      return buffer.getInt((int) (offset - bufferStart));
    }

    private void fill(long offset) throws IOException {
      buffer.clear();
      if (fileSize - offset < buffer.capacity()) {
        buffer.limit((int) (fileSize - offset));
      }
      while (buffer.hasRemaining()) {
        if (channel.read(buffer, offset + buffer.position()) < 0) {
          throw new IOException("the file shrank while its split points were being found");
        }
      }
      buffer.flip();
      bufferStart = offset;
    }
  }
}
