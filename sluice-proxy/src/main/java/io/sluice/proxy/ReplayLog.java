package io.sluice.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writes a cluster missed, kept on disk in the order they came until they are replayed to it. A
 * write is on disk (forced, not only written) before {@link #append} completes, so the client is
 * answered only once its write survives a crash of the proxy or of the machine; appends that arrive
 * together share one force. The log is segment files of records ({@code length, CRC32C, bytes}) and
 * a cursor file saying where the replay stands; fully replayed segments are deleted. Positions are
 * byte offsets across all segments, so a segment is named by the position of its first record.
 *
 * <p>Bounded: a write that would take the part not yet replayed past {@code maxBytes} is not kept
 * ({@link #append} completes with false), and the caller says so loudly.
 */
final class ReplayLog implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ReplayLog.class);
  private static final String SEGMENT = "segment-";
  private static final String SUFFIX = ".log";
  private static final int HEADER = 8;
  private static final int MAX_RECORD = 256 << 20;
  private static final long SAVE_CURSOR_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  /** A record read back, the position it starts at, and the position just after it. */
  record Entry(long start, long end, ReplayRecord record) {}

  private final Path dir;
  private final long maxBytes;
  private final long segmentBytes;
  private final Object lock = new Object();
  private final TreeMap<Long, Path> segments = new TreeMap<>();
  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final AtomicInteger appending = new AtomicInteger();
  private final Thread writer;

  private volatile long cursor;
  private volatile long end;
  private volatile long durableEnd;
  private volatile long backlogWrites;
  private volatile boolean closed;
  private long cursorSavedAt;
  private long cursorSaved = -1;
  private FileChannel current;
  private long currentStart;
  private boolean failing;

  private ReplayLog(Path dir, long maxBytes) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.segmentBytes = Math.max(1 << 20, Math.min(64L << 20, maxBytes / 8));
    this.writer = new Thread(this::writeLoop, "sluice-proxy-replay-log");
    this.writer.setDaemon(true);
  }

  /**
   * Opens the log in {@code dir}, with what an earlier run left there to replay. A last record cut
   * short (the proxy stopped while writing it, before it could answer its client) is cut off.
   *
   * @throws UncheckedIOException when the folder cannot be read or written
   */
  static ReplayLog open(Path dir, long maxBytes) {
    ReplayLog log = new ReplayLog(dir, maxBytes);
    try {
      log.recover();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the replay log in " + dir + ": " + e, e);
    }
    log.writer.start();
    return log;
  }

  /**
   * Keeps a write until it is replayed.
   *
   * @return completes with the position the write starts at once it is on disk, with -1 when it was
   *     not kept (the log is full, or cannot be written)
   */
  CompletableFuture<Long> append(ReplayRecord record) {
    Pending pending = new Pending(record.encode());
    if (closed) {
      pending.done.complete(-1L);
      return pending.done;
    }
    appending.incrementAndGet();
    queue.add(pending);
    return pending.done;
  }

  /** Whether some write is kept that the cluster has not had yet (or is being kept). */
  boolean holdsWrites() {
    return cursor < end || appending.get() > 0;
  }

  /** Writes kept and not yet replayed. */
  long backlogWrites() {
    return backlogWrites;
  }

  /** Bytes of the writes kept and not yet replayed. */
  long backlogBytes() {
    return Math.max(0, end - cursor);
  }

  /** The position of the first write not yet replayed. */
  long cursor() {
    return cursor;
  }

  /** Reads the log from where the replay stands; for the one replaying thread. */
  Reader reader() {
    return new Reader(cursor);
  }

  /**
   * The replay has delivered every record before {@code position}, {@code writes} more of them:
   * they are not replayed again, and segments wholly before it are deleted.
   */
  void acknowledge(long position, long writes) {
    List<Path> done = new ArrayList<>();
    synchronized (lock) {
      cursor = position;
      backlogWrites = Math.max(0, backlogWrites - writes);
      while (segments.size() > 1) {
        Map.Entry<Long, Path> first = segments.firstEntry();
        Long next = segments.higherKey(first.getKey());
        if (next > position) {
          break;
        }
        done.add(first.getValue());
        segments.pollFirstEntry();
      }
    }
    for (Path segment : done) {
      try {
        Files.deleteIfExists(segment);
      } catch (IOException e) {
        LOG.warn("Cannot delete the replayed segment {}: {}", segment, e.toString());
      }
    }
    long now = System.nanoTime();
    if (position == end || now - cursorSavedAt > SAVE_CURSOR_NANOS) {
      saveCursor(position);
      cursorSavedAt = now;
    }
  }

  /** Waits up to the time given for a record past {@code position} to be on disk. */
  void awaitMoreThan(long position, long millis) throws InterruptedException {
    synchronized (lock) {
      if (durableEnd <= position && !closed) {
        lock.wait(millis);
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    writer.interrupt();
    try {
      writer.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Pending left;
    while ((left = queue.poll()) != null) {
      left.done.complete(-1L);
    }
    saveCursor(cursor);
    closeCurrent();
    synchronized (lock) {
      lock.notifyAll();
    }
  }

  private void writeLoop() {
    List<Pending> batch = new ArrayList<>();
    while (!closed || !queue.isEmpty()) {
      try {
        Pending first = queue.poll(200, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        queue.drainTo(batch, 4095);
      } catch (InterruptedException e) {
        if (closed) {
          queue.drainTo(batch);
        }
      }
      if (!batch.isEmpty()) {
        writeAndForce(batch);
        appending.addAndGet(-batch.size());
        batch.clear();
      }
    }
  }

  /** Writes the batch, forces it to disk, then tells each caller whether its write is kept. */
  private void writeAndForce(List<Pending> batch) {
    List<Pending> kept = new ArrayList<>(batch.size());
    long position = end;
    try {
      for (Pending pending : batch) {
        int size = HEADER + pending.bytes.length;
        if (position + size - cursor > maxBytes) {
          pending.done.complete(-1L);
          continue;
        }
        FileChannel channel = channelFor(position, size);
        ByteBuffer record = ByteBuffer.allocate(size);
        CRC32C crc = new CRC32C();
        crc.update(pending.bytes);
        record.putInt(pending.bytes.length).putInt((int) crc.getValue()).put(pending.bytes).flip();
        while (record.hasRemaining()) {
          channel.write(record, position - currentStart + (size - record.remaining()));
        }
        pending.position = position;
        position += size;
        kept.add(pending);
      }
      if (current != null && !kept.isEmpty()) {
        current.force(false);
      }
      if (failing) {
        LOG.warn("The replay log in {} can be written again.", dir);
        failing = false;
      }
    } catch (IOException e) {
      if (!failing) {
        LOG.error(
            "The replay log in {} cannot be written ({}): the writes the other cluster misses are"
                + " not kept until it can.",
            dir,
            e.toString());
        failing = true;
      }
      truncateCurrentTo(end);
      for (Pending pending : kept) {
        pending.done.complete(-1L);
      }
      return;
    }
    synchronized (lock) {
      end = position;
      durableEnd = position;
      backlogWrites += kept.size();
      lock.notifyAll();
    }
    for (Pending pending : kept) {
      pending.done.complete(pending.position);
    }
  }

  /** The segment a record of {@code size} bytes at {@code position} goes to; a new one if full. */
  private FileChannel channelFor(long position, int size) throws IOException {
    if (current != null && (position - currentStart + size <= segmentBytes)) {
      return current;
    }
    if (current != null) {
      current.force(false);
      current.close();
    }
    Path segment = dir.resolve(SEGMENT + String.format("%020d", position) + SUFFIX);
    // A segment of that name holds nothing whole: the log ends where it starts.
    current =
        FileChannel.open(
            segment,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
    currentStart = position;
    forceFolder();
    synchronized (lock) {
      segments.put(position, segment);
    }
    return current;
  }

  private void truncateCurrentTo(long position) {
    if (current == null) {
      return;
    }
    try {
      current.truncate(Math.max(0, position - currentStart));
    } catch (IOException e) {
      LOG.warn("Cannot cut the replay log back after a failed write: {}", e.toString());
    }
  }

  private void closeCurrent() {
    if (current != null) {
      try {
        current.force(false);
        current.close();
      } catch (IOException e) {
        LOG.warn("Cannot close the replay log: {}", e.toString());
      }
      current = null;
    }
  }

  /** Makes a new file's name durable too, not only its contents. */
  private void forceFolder() {
    try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
      folder.force(true);
    } catch (IOException e) {
      LOG.debug("Cannot force the replay log's folder: {}", e.toString());
    }
  }

  private synchronized void saveCursor(long position) {
    if (position == cursorSaved) {
      return;
    }
    Path saved = dir.resolve("cursor");
    Path next = dir.resolve("cursor.next");
    try (FileChannel out =
        FileChannel.open(
            next,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      out.write(ByteBuffer.wrap((position + "\n").getBytes(StandardCharsets.US_ASCII)));
      out.force(false);
    } catch (IOException e) {
      LOG.warn(
          "Cannot save where the replay stands ({}): it starts earlier next time", e.toString());
      return;
    }
    try {
      Files.move(next, saved, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      cursorSaved = position;
    } catch (IOException e) {
      LOG.warn(
          "Cannot save where the replay stands ({}): it starts earlier next time", e.toString());
    }
  }

  /** Finds the segments, where the replay stands, and the records after it, whole ones only. */
  private void recover() throws IOException {
    Files.createDirectories(dir);
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (name.startsWith(SEGMENT) && name.endsWith(SUFFIX)) {
          try {
            segments.put(
                Long.parseLong(name.substring(SEGMENT.length(), name.length() - SUFFIX.length())),
                file);
          } catch (NumberFormatException e) {
            LOG.warn("{} is not a segment of the replay log; left alone", file);
          }
        }
      }
    }
    Path saved = dir.resolve("cursor");
    long from = segments.isEmpty() ? 0 : segments.firstKey();
    if (Files.exists(saved)) {
      try {
        from = Long.parseLong(Files.readString(saved, StandardCharsets.US_ASCII).trim());
      } catch (NumberFormatException e) {
        LOG.warn("The replay log's cursor is unreadable; the whole log is replayed again");
      }
    }
    long position = from;
    long writes = 0;
    for (Map.Entry<Long, Path> segment : new ArrayList<>(segments.entrySet())) {
      long start = segment.getKey();
      long size = Files.size(segment.getValue());
      if (start + size <= from && !segment.getKey().equals(segments.lastKey())) {
        Files.delete(segment.getValue());
        segments.remove(start);
        continue;
      }
      long whole = wholeRecords(segment.getValue(), Math.max(0, from - start), size);
      writes += countOf(segment.getValue(), Math.max(0, from - start), whole);
      if (whole < size) {
        LOG.warn(
            "The replay log's segment {} ends in {} bytes of a record cut short; they are cut off"
                + " (that write was never acknowledged to its client)",
            segment.getValue().getFileName(),
            size - whole);
        try (FileChannel channel = FileChannel.open(segment.getValue(), StandardOpenOption.WRITE)) {
          channel.truncate(whole);
          channel.force(false);
        }
      }
      position = start + whole;
    }
    cursor = Math.min(from, position);
    end = position;
    durableEnd = position;
    backlogWrites = writes;
    cursorSaved = cursor;
    if (writes > 0) {
      LOG.warn(
          "The replay log in {} holds {} writes from an earlier run; they are replayed first",
          dir,
          writes);
    }
  }

  /** The offset after the last whole, intact record of a segment, reading from {@code from}. */
  private static long wholeRecords(Path segment, long from, long size) throws IOException {
    try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ)) {
      long offset = from;
      while (offset < size) {
        byte[] bytes = readRecord(channel, offset, size);
        if (bytes == null) {
          return offset;
        }
        offset += HEADER + bytes.length;
      }
      return offset;
    }
  }

  private static long countOf(Path segment, long from, long to) throws IOException {
    long count = 0;
    try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ)) {
      long offset = from;
      while (offset < to) {
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        channel.read(header, offset);
        offset += HEADER + header.getInt(0);
        count++;
      }
    }
    return count;
  }

  /** The bytes of the record at {@code offset}, or null when it is cut short or damaged. */
  private static byte[] readRecord(FileChannel channel, long offset, long size) throws IOException {
    if (offset + HEADER > size) {
      return null;
    }
    ByteBuffer header = ByteBuffer.allocate(HEADER);
    readFully(channel, header, offset);
    int length = header.getInt(0);
    if (length < 0 || length > MAX_RECORD || offset + HEADER + length > size) {
      return null;
    }
    ByteBuffer body = ByteBuffer.allocate(length);
    readFully(channel, body, offset + HEADER);
    CRC32C crc = new CRC32C();
    crc.update(body.array());
    return (int) crc.getValue() == header.getInt(4) ? body.array() : null;
  }

  private static void readFully(FileChannel channel, ByteBuffer into, long offset)
      throws IOException {
    while (into.hasRemaining()) {
      if (channel.read(into, offset + into.position()) < 0) {
        throw new IOException("unexpected end of the replay log");
      }
    }
    into.flip();
  }

  /** Reads records in order from a position; used by the replaying thread only. */
  final class Reader implements AutoCloseable {

    private long position;
    private FileChannel channel;
    private long channelStart = -1;

    private Reader(long position) {
      this.position = position;
    }

    /** The next record on disk, or null when there is none yet. */
    Entry next() throws IOException {
      while (true) {
        Map.Entry<Long, Path> segment;
        synchronized (lock) {
          if (position >= durableEnd) {
            return null;
          }
          segment = segments.floorEntry(position);
        }
        if (segment == null) {
          return null;
        }
        if (segment.getKey() != channelStart) {
          closeChannel();
          channel = FileChannel.open(segment.getValue(), StandardOpenOption.READ);
          channelStart = segment.getKey();
        }
        long size = channel.size();
        long offset = position - channelStart;
        if (offset >= size) {
          // The end of a segment: the next one starts where this one ends.
          Long next;
          synchronized (lock) {
            next = segments.higherKey(channelStart);
          }
          if (next == null || next <= position) {
            return null;
          }
          position = next;
          continue;
        }
        byte[] bytes = readRecord(channel, offset, size);
        if (bytes == null) {
          throw new IOException("a damaged record at " + position + " of the replay log");
        }
        long start = position;
        position += HEADER + bytes.length;
        ReplayRecord record;
        try {
          record = ReplayRecord.decode(bytes);
        } catch (IllegalArgumentException e) {
          LOG.error(
              "A record of the replay log cannot be read ({}); it is skipped", e.getMessage());
          record = null;
        }
        return new Entry(start, position, record);
      }
    }

    /** The position of the next record it reads. */
    long position() {
      return position;
    }

    /** Reads from {@code at} next: where the replay stands, after a failed attempt. */
    void seek(long at) {
      position = at;
    }

    private void closeChannel() throws IOException {
      if (channel != null) {
        channel.close();
        channel = null;
        channelStart = -1;
      }
    }

    @Override
    public void close() {
      try {
        closeChannel();
      } catch (IOException e) {
        LOG.debug("Cannot close a replay log segment: {}", e.toString());
      }
    }
  }

  private static final class Pending {
    final byte[] bytes;
    final CompletableFuture<Long> done = new CompletableFuture<>();
    long position = -1;

    Pending(byte[] bytes) {
      this.bytes = bytes;
    }
  }
}
