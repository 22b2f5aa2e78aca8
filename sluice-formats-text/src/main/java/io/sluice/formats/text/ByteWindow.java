package io.sluice.formats.text;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * A read buffer over a byte stream that knows the file offset of every byte in it. The framer scans
 * {@link #buf} between {@link #pos} and {@link #limit} directly and advances {@link #pos}; offsets
 * of plain files are file offsets, those of compressed files are offsets in the decompressed
 * stream.
 */
final class ByteWindow implements Closeable {

  private static final int BUFFER_BYTES = 256 * 1024;

  final byte[] buf = new byte[BUFFER_BYTES];
  int pos;
  int limit;

  private final InputStream in;
  private long bufferStart;
  private boolean eof;

  /**
   * @param in the stream, positioned at {@code startOffset}
   * @param startOffset the offset of the first byte {@code in} returns
   */
  ByteWindow(InputStream in, long startOffset) {
    this.in = in;
    this.bufferStart = startOffset;
  }

  /** The offset of the next unread byte. */
  long position() {
    return bufferStart + pos;
  }

  /** Makes at least one unread byte available; {@code false} at the end of the stream. */
  boolean fill() throws IOException {
    if (pos < limit) {
      return true;
    }
    if (eof) {
      return false;
    }
    bufferStart += limit;
    pos = 0;
    limit = 0;
    int n;
    do {
      n = in.read(buf, 0, buf.length);
    } while (n == 0);
    if (n < 0) {
      eof = true;
      return false;
    }
    limit = n;
    return true;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
