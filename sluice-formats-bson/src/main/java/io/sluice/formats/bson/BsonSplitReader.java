package io.sluice.formats.bson;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads the documents of one split: frames them with {@link FrameReader}, decodes each with {@link
 * BsonDocumentDecoder}, and turns damage into {@link MalformedRecord}s so reading goes on.
 *
 * <p>A plain file's split is the byte range {@code [start, end)}; offsets are file offsets. A
 * gzipped file is one split whose offsets are positions in the <em>uncompressed</em> stream (what
 * {@code zcat file | ...} would show); {@code start} there is an uncompressed offset to resume from
 * (0 when planned), and the whole stream is read to its end. {@link #bytesRead} counts file bytes
 * in both cases, compressed ones for a gzipped file.
 */
final class BsonSplitReader implements SplitReader {

  private static final int BUFFER_BYTES = 256 * 1024;

  private final String resource;
  private final InputStream in;
  private final FrameReader frames;
  private final CountingInputStream fileBytes;
  private final long start;
  private final BsonDocumentDecoder decoder = new BsonDocumentDecoder();

  private BsonSplitReader(
      String resource,
      InputStream in,
      FrameReader frames,
      CountingInputStream fileBytes,
      long start) {
    this.resource = resource;
    this.in = in;
    this.frames = frames;
    this.fileBytes = fileBytes;
    this.start = start;
  }

  static BsonSplitReader open(Split split, BsonDumpFile file) throws IOException {
    return file.gzipped() ? openGzipped(split, file) : openPlain(split, file);
  }

  private static BsonSplitReader openPlain(Split split, BsonDumpFile file) throws IOException {
    FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ);
    try {
      channel.position(split.start());
      InputStream in = new BufferedInputStream(Channels.newInputStream(channel), BUFFER_BYTES);
      FrameReader frames = new FrameReader(in, split.start(), split.end() - split.start());
      return new BsonSplitReader(split.resource(), in, frames, null, split.start());
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  private static BsonSplitReader openGzipped(Split split, BsonDumpFile file) throws IOException {
    CountingInputStream counted =
        new CountingInputStream(
            new BufferedInputStream(Files.newInputStream(file.path()), BUFFER_BYTES));
    try {
      InputStream in = new GunzipOnFirstRead(counted);
      FrameReader frames = new FrameReader(in, 0, -1);
      BsonSplitReader reader = new BsonSplitReader(split.resource(), in, frames, counted, 0);
      reader.skipTo(split.start());
      return reader;
    } catch (IOException | RuntimeException e) {
      counted.close();
      throw e;
    }
  }

  /** Skips whole documents of a gzipped stream up to a resume offset. */
  private void skipTo(long offset) throws IOException {
    while (frames.position() < offset && frames.next() != null) {
      // Framing only: documents before the resume point are not decoded.
    }
  }

  @Override
  public SourceItem next() throws IOException {
    FrameReader.Frame frame = frames.next();
    if (frame == null) {
      return null;
    }
    SourcePosition position = new SourcePosition(resource, frame.offset(), null);
    if (frame instanceof FrameReader.Damage damage) {
      return new MalformedRecord(position, damage.reason(), damage.sizeBytes());
    }
    byte[] bytes = ((FrameReader.Document) frame).bytes();
    try {
      Map<String, Object> fields = decoder.decode(bytes);
      return new Record(position.withId(render(fields.get("_id"))), fields, bytes.length);
    } catch (MalformedDocumentException e) {
      return new MalformedRecord(position.withId(render(e.id())), e.reason(), bytes.length);
    }
  }

  /** How an {@code _id} appears in positions: ObjectId hex, otherwise the value's string form. */
  static String render(Object id) {
    return id == null ? null : id.toString();
  }

  @Override
  public long workDone() {
    return fileBytes != null ? fileBytes.count() : frames.position() - start;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /**
   * Gunzips lazily, so that a damaged gzip header surfaces on the first read, where {@link
   * FrameReader} reports it as malformed data, rather than as an I/O failure on open.
   */
  private static final class GunzipOnFirstRead extends InputStream {
    private final InputStream compressed;
    private GZIPInputStream gunzipped;

    GunzipOnFirstRead(InputStream compressed) {
      this.compressed = compressed;
    }

    private InputStream gunzipped() throws IOException {
      if (gunzipped == null) {
        gunzipped = new GZIPInputStream(compressed, BUFFER_BYTES);
      }
      return gunzipped;
    }

    @Override
    public int read() throws IOException {
      return gunzipped().read();
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      return gunzipped().read(buffer, offset, length);
    }

    @Override
    public void close() throws IOException {
      if (gunzipped != null) {
        gunzipped.close();
      } else {
        compressed.close();
      }
    }
  }

  /** Counts the compressed bytes a gzip stream has pulled from the file. */
  private static final class CountingInputStream extends FilterInputStream {
    private volatile long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    long count() {
      return count;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = super.skip(n);
      count += skipped;
      return skipped;
    }
  }
}
