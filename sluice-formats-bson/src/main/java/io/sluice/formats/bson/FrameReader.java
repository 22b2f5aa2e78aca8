package io.sluice.formats.bson;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.ZipException;

/**
 * Cuts a byte stream into BSON documents by their length prefixes, without decoding them. Sits
 * between the file (plain or gunzipped) and the {@link BsonDocumentDecoder}; it is where framing
 * damage is found.
 *
 * <p>A document whose prefix passes {@link DocumentFraming#check} is returned whole, whatever its
 * content; damage inside it is the decoder's business and does not disturb framing. A prefix that
 * fails the check, or a stream that ends or breaks mid-document, yields one {@link Damage} covering
 * the rest of the region, after which the reader is exhausted.
 */
final class FrameReader {

  /** One framed stretch of the stream. */
  sealed interface Frame {
    /** Where the stretch starts, in stream bytes. */
    long offset();

    /** How many stream bytes it covers. */
    long sizeBytes();
  }

  /** A document's bytes, length prefix included. */
  record Document(long offset, byte[] bytes) implements Frame {
    @Override
    public long sizeBytes() {
      return bytes.length;
    }
  }

  /** Bytes that cannot be framed, up to the end of the region. */
  record Damage(long offset, long sizeBytes, String reason) implements Frame {}

  private static final long UNKNOWN = Long.MAX_VALUE;

  private final InputStream in;
  private final long limit;
  private long position;
  private boolean exhausted;

  /**
   * @param in the stream, positioned at {@code startOffset}
   * @param startOffset the stream offset of the first byte {@code in} returns
   * @param length bytes to read from there, or a negative number to read until the stream ends
   */
  FrameReader(InputStream in, long startOffset, long length) {
    this.in = in;
    this.position = startOffset;
    this.limit = length < 0 ? UNKNOWN : startOffset + length;
  }

  /** The stream offset just past the last frame returned. */
  long position() {
    return position;
  }

  /** Returns the next frame, or {@code null} at the end of the region. */
  Frame next() throws IOException {
    if (exhausted || position >= limit) {
      return null;
    }
    long offset = position;
    try {
      return readFrame(offset);
    } catch (ZipException | EOFException e) {
      exhausted = true;
      String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return new Damage(
          offset, position - offset, "the compressed data is damaged from here on: " + detail);
    }
  }

  private Frame readFrame(long offset) throws IOException {
    byte[] prefix = in.readNBytes(4);
    position += prefix.length;
    if (prefix.length == 0 && limit == UNKNOWN) {
      exhausted = true;
      return null;
    }
    if (prefix.length < 4) {
      return damageToEnd(offset, DocumentFraming.tooShortForPrefix(remainingFrom(offset)));
    }
    int length =
        (prefix[0] & 0xff)
            | (prefix[1] & 0xff) << 8
            | (prefix[2] & 0xff) << 16
            | (prefix[3] & 0xff) << 24;
    String problem = DocumentFraming.check(offset, length, remaining(offset));
    if (problem != null) {
      return damageToEnd(offset, problem);
    }
    byte[] bytes = new byte[length];
    System.arraycopy(prefix, 0, bytes, 0, 4);
    int read = in.readNBytes(bytes, 4, length - 4);
    position += read;
    if (read < length - 4) {
      exhausted = true;
      return new Damage(offset, 4L + read, DocumentFraming.truncated(length, 4L + read));
    }
    return new Document(offset, bytes);
  }

  /** Skips everything left in the region and reports it as one damaged stretch. */
  private Damage damageToEnd(long offset, String reason) throws IOException {
    exhausted = true;
    if (limit == UNKNOWN) {
      position += in.transferTo(OutputStream.nullOutputStream());
    } else {
      position = limit;
    }
    return new Damage(offset, position - offset, reason);
  }

  private long remaining(long offset) {
    return limit == UNKNOWN ? UNKNOWN : limit - offset;
  }

  /** Bytes actually left from {@code offset}; exact once the stream has been drained. */
  private long remainingFrom(long offset) throws IOException {
    if (limit == UNKNOWN) {
      position += in.transferTo(OutputStream.nullOutputStream());
      return position - offset;
    }
    return limit - offset;
  }
}
