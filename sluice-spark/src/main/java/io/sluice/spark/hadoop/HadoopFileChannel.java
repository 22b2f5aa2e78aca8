package io.sluice.spark.hadoop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A Hadoop input stream as a read-only {@link FileChannel}. Reads at a given position seek the one
 * stream: the formats read forward (a split from its start, split points hop ahead), and a seek
 * ahead within the buffered block costs little, where a positioned read per call would open a block
 * reader each time.
 */
final class HadoopFileChannel extends FileChannel {

  private static final int CHUNK = 64 * 1024;

  private final FSDataInputStream in;
  private final long size;
  private long position;

  HadoopFileChannel(FSDataInputStream in, long size) {
    this.in = in;
    this.size = size;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    int n = read(dst, position);
    if (n > 0) {
      position += n;
    }
    return n;
  }

  @Override
  public synchronized int read(ByteBuffer dst, long at) throws IOException {
    ensureOpen();
    if (at >= size) {
      return -1;
    }
    if (!dst.hasRemaining()) {
      return 0;
    }
    if (in.getPos() != at) {
      in.seek(at);
    }
    int wanted = (int) Math.min(dst.remaining(), size - at);
    int n;
    if (dst.hasArray()) {
      n = in.read(dst.array(), dst.arrayOffset() + dst.position(), wanted);
      if (n > 0) {
        dst.position(dst.position() + n);
      }
    } else {
      byte[] bytes = new byte[Math.min(wanted, CHUNK)];
      n = in.read(bytes, 0, bytes.length);
      if (n > 0) {
        dst.put(bytes, 0, n);
      }
    }
    return n;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      if (!dsts[i].hasRemaining()) {
        continue;
      }
      int n = read(dsts[i]);
      if (n < 0) {
        return total == 0 ? -1 : total;
      }
      total += n;
      if (dsts[i].hasRemaining()) {
        break;
      }
    }
    return total;
  }

  @Override
  public long position() throws IOException {
    ensureOpen();
    return position;
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    ensureOpen();
    if (newPosition < 0) {
      throw new IllegalArgumentException("negative position " + newPosition);
    }
    position = newPosition;
    return this;
  }

  @Override
  public long size() throws IOException {
    ensureOpen();
    return size;
  }

  @Override
  public long transferTo(long from, long count, WritableByteChannel target) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(CHUNK);
    long done = 0;
    while (done < count) {
      buffer.clear().limit((int) Math.min(CHUNK, count - done));
      int n = read(buffer, from + done);
      if (n <= 0) {
        break;
      }
      buffer.flip();
      while (buffer.hasRemaining()) {
        target.write(buffer);
      }
      done += n;
    }
    return done;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) {
    throw new NonWritableChannelException();
  }

  @Override
  public int write(ByteBuffer src, long at) {
    throw new NonWritableChannelException();
  }

  @Override
  public FileChannel truncate(long newSize) {
    throw new NonWritableChannelException();
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long at, long count) {
    throw new NonWritableChannelException();
  }

  @Override
  public void force(boolean metaData) {}

  @Override
  public MappedByteBuffer map(MapMode mode, long at, long length) {
    throw new UnsupportedOperationException("a file on a Hadoop file system cannot be mapped");
  }

  @Override
  public FileLock lock(long at, long length, boolean shared) {
    throw new UnsupportedOperationException("a file on a Hadoop file system cannot be locked");
  }

  @Override
  public FileLock tryLock(long at, long length, boolean shared) {
    throw new UnsupportedOperationException("a file on a Hadoop file system cannot be locked");
  }

  @Override
  protected void implCloseChannel() throws IOException {
    in.close();
  }

  private void ensureOpen() throws IOException {
    if (!isOpen()) {
      throw new java.nio.channels.ClosedChannelException();
    }
  }
}
