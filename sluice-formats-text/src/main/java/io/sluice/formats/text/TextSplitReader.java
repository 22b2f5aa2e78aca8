package io.sluice.formats.text;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/**
 * Reads the records of one split of a text file: frames them with {@link RecordFramer} and hands
 * each to the format's {@link RecordDecoder}.
 *
 * <p>A plain file's split {@code [start, end)} owns the records whose first byte is in it. A reader
 * whose start is past the file's data start begins at the first line start at or after {@code
 * start} (the byte before it is a line feed), which is where a record starts whenever records do
 * not span lines; a record's {@code nextOffset} is always such a place, so a split reopened there
 * resumes right after that record. A record that starts before {@code end} is read to its end even
 * past {@code end}.
 *
 * <p>A compressed file is one split, read from the start of the stream; its offsets are positions
 * in the decompressed stream (what {@code zcat file | ...} shows) and {@code start} is such an
 * offset to resume from. Damaged compressed data ends the split with one malformed record covering
 * the rest. {@link #bytesRead} counts compressed bytes there, and bytes of the split otherwise.
 */
final class TextSplitReader implements SplitReader {

  private final TextFile file;
  private final ByteWindow window;
  private final RecordFramer framer;
  private final RecordDecoder decoder;
  private final LineIndex lineIndex;
  private final CountingInputStream compressedBytes;
  private final long dataStart;
  private final long start;
  private final long limit;
  private final long scanFrom;
  private boolean positioned;
  private boolean exhausted;
  private long baseLines = -1;

  private TextSplitReader(
      TextFile file,
      ByteWindow window,
      Framing framing,
      RecordDecoder decoder,
      LineIndex lineIndex,
      CountingInputStream compressedBytes,
      long dataStart,
      long start,
      long limit,
      long scanFrom) {
    this.file = file;
    this.window = window;
    this.framer = new RecordFramer(window, framing);
    this.decoder = decoder;
    this.lineIndex = lineIndex;
    this.compressedBytes = compressedBytes;
    this.dataStart = dataStart;
    this.start = start;
    this.limit = limit;
    this.scanFrom = scanFrom;
  }

  /**
   * Opens a reader of {@code split}.
   *
   * @param dataStart where the file's records start (past a header line, skipped lines or a byte
   *     order mark)
   */
  static TextSplitReader open(
      TextFile file,
      Split split,
      long dataStart,
      Framing framing,
      RecordDecoder decoder,
      LineIndex lineIndex)
      throws IOException {
    if (!file.seekable()) {
      CountingInputStream counted =
          new CountingInputStream(
              new BufferedInputStream(Files.newInputStream(file.path()), 256 * 1024));
      ByteWindow window = new ByteWindow(file.compression().decompress(counted), 0);
      return new TextSplitReader(
          file,
          window,
          framing,
          decoder,
          lineIndex,
          counted,
          dataStart,
          split.start(),
          Long.MAX_VALUE,
          0);
    }
    long scanFrom = split.start() <= dataStart ? dataStart : split.start() - 1;
    FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ);
    try {
      channel.position(scanFrom);
      ByteWindow window = new ByteWindow(Channels.newInputStream(channel), scanFrom);
      return new TextSplitReader(
          file,
          window,
          framing,
          decoder,
          lineIndex,
          null,
          dataStart,
          split.start(),
          split.end(),
          scanFrom);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  @Override
  public SourceItem next() throws IOException {
    if (exhausted) {
      return null;
    }
    try {
      if (!positioned) {
        position();
        positioned = true;
      }
    } catch (CompressedDataException e) {
      // damage before the resume point: report it where decoding stopped
      return damaged(e, framer.position(), framer.lines());
    }
    long before = framer.position();
    long linesBefore = framer.lines();
    try {
      RecordFramer.Frame frame = framer.next(limit);
      if (frame == null) {
        exhausted = true;
        return null;
      }
      SourcePosition position = new SourcePosition(file.resource(), frame.offset(), null);
      return decoder.decode(frame, position, () -> lineNumber(frame.line()));
    } catch (CompressedDataException e) {
      return damaged(e, before, linesBefore);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** The last item of a compressed file whose data is damaged from {@code offset} on. */
  private MalformedRecord damaged(CompressedDataException e, long offset, long framerLines) {
    exhausted = true;
    return new MalformedRecord(
        new SourcePosition(file.resource(), offset, null),
        "line "
            + lineNumber(framerLines)
            + ": "
            + e.getMessage()
            + "; the rest of the file is lost",
        Math.max(0, framer.position() - offset));
  }

  /** Moves to the first record this reader owns. */
  private void position() throws IOException {
    if (!file.seekable()) {
      framer.skipTo(dataStart);
      while (framer.position() < start && framer.next(Long.MAX_VALUE) != null) {
        // framing only: records before the resume point are not decoded
      }
    } else if (scanFrom != dataStart) {
      framer.skipLine();
    }
  }

  /** The 1-based file line of a place where the framer had consumed {@code framerLines} lines. */
  private long lineNumber(long framerLines) {
    if (baseLines < 0) {
      try {
        baseLines = file.seekable() ? lineIndex.linesBefore(file.path(), scanFrom) : 0;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return baseLines + framerLines + 1;
  }

  @Override
  public long workDone() {
    if (compressedBytes != null) {
      return compressedBytes.count();
    }
    return Math.max(0, framer.position() - scanFrom);
  }

  @Override
  public void close() throws IOException {
    window.close();
  }
}
