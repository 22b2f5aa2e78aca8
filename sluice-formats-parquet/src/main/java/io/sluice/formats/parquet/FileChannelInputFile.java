package io.sluice.formats.parquet;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local file as Apache Parquet's {@link InputFile}, read with positional {@link FileChannel}
 * reads. Used instead of Parquet's own {@code LocalInputFile}, whose {@code read(ByteBuffer)}
 * ignores the buffer's position. Failures of the channel itself become {@link
 * FileAccessException}s; reading past the end is an {@link EOFException}, which means the file's
 * metadata points outside it (damage, not an I/O failure).
 */
final class FileChannelInputFile implements InputFile {

  private final Path path;
  private final long length;

  FileChannelInputFile(Path path) throws IOException {
    this.path = path;
    try {
      this.length = Files.size(path);
    } catch (IOException e) {
      throw new FileAccessException("cannot read the size of " + path, e);
    }
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    try {
      return new ChannelStream(FileChannel.open(path, StandardOpenOption.READ), path);
    } catch (IOException e) {
      throw new FileAccessException("cannot open " + path, e);
    }
  }

  @Override
  public String toString() {
    return path.toString();
  }

  private static final class ChannelStream extends SeekableInputStream {

    private final FileChannel channel;
    private final Path path;
    private long position;

    ChannelStream(FileChannel channel, Path path) {
      this.channel = channel;
      this.path = path;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void seek(long newPos) {
      position = newPos;
    }

    @Override
    public int read() throws IOException {
      ByteBuffer one = ByteBuffer.allocate(1);
      return read(one) <= 0 ? -1 : one.get(0) & 0xFF;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      return length == 0 ? 0 : read(ByteBuffer.wrap(bytes, offset, length));
    }

    @Override
    public int read(ByteBuffer buffer) throws IOException {
      int n;
      try {
        n = channel.read(buffer, position);
      } catch (IOException e) {
        throw new FileAccessException("cannot read " + path + " at byte " + position, e);
      }
      if (n > 0) {
        position += n;
      }
      return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(ByteBuffer.wrap(bytes));
    }

    @Override
    public void readFully(byte[] bytes, int start, int len) throws IOException {
      readFully(ByteBuffer.wrap(bytes, start, len));
    }

    @Override
    public void readFully(ByteBuffer buffer) throws IOException {
      while (buffer.hasRemaining()) {
        if (read(buffer) < 0) {
          throw new EOFException(
              "reached the end of "
                  + path
                  + " with "
                  + buffer.remaining()
                  + " bytes still to read");
        }
      }
    }

    @Override
    public long skip(long n) {
      long skipped = Math.max(0, n);
      position += skipped;
      return skipped;
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
