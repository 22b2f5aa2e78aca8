package io.sluice.sstables;

import io.sluice.cassandra.RowCells;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * The SSTable writer process ({@code SstableWriterMain} of {@code sluice-sstables-writer}) and its
 * protocol, seen from Sluice: segments are opened, fed rows and closed from any thread; a reader
 * thread takes the answers. If the process dies, every close still waiting fails, saying where its
 * log is.
 */
final class WriterProcess implements AutoCloseable {

  private static final int NULL_VALUE = -1;
  private static final int UNSET_VALUE = -2;

  /** A segment's answer to its close: whether its files are complete. */
  record Closed(boolean ok, String error) {}

  /** The line a process's start adds to the log, after the time. */
  static final String STARTED = "An SSTable writer process starts.";

  private final Process process;
  private final Path log;
  private final DataOutputStream out;
  private final Map<Integer, CompletableFuture<Closed>> closing = new ConcurrentHashMap<>();
  private final Map<Integer, BiConsumer<Long, String>> refusals = new ConcurrentHashMap<>();
  private final Thread reader;

  /** Segment numbers, unique in the process: the sinks that use it one after another share it. */
  private final AtomicInteger segments = new AtomicInteger();

  /** The process's output once it is the loader ({@link #becomeLoader}). */
  private final CompletableFuture<InputStream> loader = new CompletableFuture<>();

  private volatile boolean handedOver;
  private ByteBuffer frame = ByteBuffer.allocate(1 << 12);
  private volatile boolean closed;

  /** Guards {@link #closing} and {@link #dead}, apart from the lock writers hold while sending. */
  private final Object answers = new Object();

  private boolean dead;

  private WriterProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
    this.out = new DataOutputStream(new BufferedOutputStream(process.getOutputStream(), 1 << 16));
    this.reader = new Thread(this::readAnswers, "sstable-writer-answers");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts the process writing files of {@code format} ({@code oa} or {@code nb}), its log in
   * {@code log}, its JVM with {@code jvmOptions} besides Sluice's usual ones.
   */
  static WriterProcess start(
      Path log, int heapMib, List<String> jvmOptions, String format, List<String> secretVariables) {
    try {
      Files.createDirectories(log.getParent());
      // Several processes may share the log (the sinks of a Spark executor's tasks, side by side):
      // each says where its own lines begin.
      Files.writeString(
          log,
          String.format("%s %s%n", Instant.now(), STARTED),
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      ProcessBuilder builder =
          new ProcessBuilder(
                  CassandraJvm.command(
                      CassandraJvm.WRITER_MAIN, heapMib, jvmOptions, List.of(format)))
              .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
      // It needs none of the target's secrets, even when it becomes the loader: those come on
      // its standard input.
      secretVariables.forEach(builder.environment()::remove);
      Process process = builder.start();
      return new WriterProcess(process, log);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the SSTable writer: " + e.getMessage(), e);
    }
  }

  /**
   * Opens a segment writing into {@code folder}, through {@code statements} (a row names the one
   * that writes it), a new file at each of the ring's {@code cuts}; {@code refused} hears of each
   * row the writer refuses, by its number, with the reason.
   */
  synchronized void open(
      int segment,
      Path folder,
      String createTable,
      List<String> createTypes,
      List<RowCells.Statement> statements,
      int bufferMib,
      int partitionKeyColumns,
      long[] cuts,
      BiConsumer<Long, String> refused) {
    refusals.put(segment, refused);
    try {
      out.writeByte('O');
      out.writeInt(segment);
      text(folder.toString());
      text(createTable);
      out.writeInt(createTypes.size());
      for (String type : createTypes) {
        text(type);
      }
      out.writeInt(statements.size());
      for (RowCells.Statement statement : statements) {
        text(statement.cql());
        out.writeInt(statement.markers().size());
        for (int marker : statement.markers()) {
          out.writeInt(marker);
        }
      }
      out.writeInt(bufferMib);
      out.writeInt(partitionKeyColumns);
      out.writeInt(cuts.length);
      for (long cut : cuts) {
        out.writeLong(cut);
      }
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /**
   * Sends row number {@code row} of a segment, written by statement number {@code statement}, its
   * values the partition key's first; null is a null value, {@code unset} an unset one. The row
   * goes out as one frame of known length, which the writer keeps as it is until it sorts the
   * segment.
   */
  synchronized void row(
      int segment, long row, int statement, List<ByteBuffer> values, ByteBuffer unset) {
    int length = 8 + 4 + 4;
    for (ByteBuffer value : values) {
      length += 4 + (value == null || value == unset ? 0 : value.remaining());
    }
    ByteBuffer frame = frame(1 + 4 + 4 + length);
    frame
        .put((byte) 'R')
        .putInt(segment)
        .putInt(length)
        .putLong(row)
        .putInt(statement)
        .putInt(values.size());
    for (ByteBuffer value : values) {
      if (value == null) {
        frame.putInt(NULL_VALUE);
      } else if (value == unset) {
        frame.putInt(UNSET_VALUE);
      } else {
        frame.putInt(value.remaining()).put(value.duplicate());
      }
    }
    try {
      out.write(frame.array(), 0, frame.position());
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /** The frame buffer, cleared, of at least {@code bytes}; rows are sent under this lock. */
  private ByteBuffer frame(int bytes) {
    if (frame.capacity() < bytes) {
      frame = ByteBuffer.allocate(Math.max(bytes, frame.capacity() * 2));
    }
    return frame.clear();
  }

  /** Closes a segment; completes once its files are complete, or the writer says why not. */
  synchronized CompletableFuture<Closed> close(int segment) {
    CompletableFuture<Closed> answer = new CompletableFuture<>();
    synchronized (answers) {
      if (dead) {
        answer.completeExceptionally(ended());
        return answer;
      }
      closing.put(segment, answer);
    }
    try {
      out.writeByte('C');
      out.writeInt(segment);
      out.flush();
    } catch (IOException e) {
      closing.remove(segment);
      answer.completeExceptionally(gone(e));
    }
    return answer;
  }

  private void readAnswers() {
    DataInputStream in = new DataInputStream(new BufferedInputStream(process.getInputStream()));
    try {
      while (true) {
        int answer = in.read();
        if (answer < 0) {
          break;
        }
        if (answer == 'L') {
          // From here on the process is the loader: its answers are the caller's to read.
          loader.complete(in);
          return;
        }
        if (answer != 'F' && answer != 'C') {
          // Not the protocol: whatever the process does now, nothing it says can be trusted.
          process.destroyForcibly();
          break;
        }
        int segment = in.readInt();
        if (answer == 'F') {
          long row = in.readLong();
          String reason = text(in);
          BiConsumer<Long, String> refused = refusals.get(segment);
          if (refused != null) {
            refused.accept(row, reason);
          }
        } else if (answer == 'C') {
          boolean ok = in.readBoolean();
          String error = text(in);
          refusals.remove(segment);
          CompletableFuture<Closed> waiting;
          synchronized (answers) {
            waiting = closing.remove(segment);
          }
          if (waiting != null) {
            waiting.complete(new Closed(ok, error));
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      process.destroyForcibly();
    } finally {
      if (!loader.isDone()) {
        closeQuietly(in);
        loader.completeExceptionally(ended());
      }
      synchronized (answers) {
        dead = true;
        IllegalStateException gone = ended();
        closing.values().forEach(waiting -> waiting.completeExceptionally(gone));
        closing.clear();
      }
    }
  }

  private IllegalStateException ended() {
    return new IllegalStateException(
        closed
            ? "the SSTable writer was stopped"
            : "the SSTable writer process ended unexpectedly; its log is " + log);
  }

  private IllegalStateException gone(IOException e) {
    return new IllegalStateException(
        "The SSTable writer process does not take rows any more ("
            + e.getMessage()
            + "); its log is "
            + log,
        e);
  }

  private void text(String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static String text(DataInputStream in) throws IOException {
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * Turns the process, once every segment is written, into Cassandra's loader with {@code
   * loaderArgs}: its JVM has Cassandra's classes loaded and compiled by then, which a loader
   * process of its own would spend seconds on. From then on it speaks the loader's protocol on the
   * returned streams, its output in this writer's log, and {@link #close} only waits for it to end.
   */
  synchronized SstableStream.Loader becomeLoader(List<String> loaderArgs) {
    try {
      out.writeByte('L');
      out.writeInt(loaderArgs.size());
      for (String arg : loaderArgs) {
        text(arg);
      }
      return handOver();
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /**
   * As {@link #becomeLoader}, loading by the ring given (the token ranges and their replicas in the
   * datacenter, and the table's id in the cluster) instead of those Cassandra's loader would read
   * over a connection of its own: for a target without TLS settings, whose streaming needs no
   * login.
   */
  synchronized SstableStream.Loader becomeRingLoader(
      int throttleMib, String tableId, List<SstableStream.Replicas> ring) {
    try {
      out.writeByte('M');
      out.writeInt(throttleMib);
      text(tableId);
      out.writeInt(ring.size());
      for (SstableStream.Replicas range : ring) {
        out.writeLong(range.start());
        out.writeLong(range.end());
        out.writeInt(range.endpoints().size());
        for (String endpoint : range.endpoints()) {
          text(endpoint);
        }
      }
      return handOver();
    } catch (IOException e) {
      throw gone(e);
    }
  }

  /** Waits for the process to say it is the loader now, and hands its streams over. */
  private SstableStream.Loader handOver() throws IOException {
    out.flush();
    try {
      InputStream answersFromLoader = loader.get(1, TimeUnit.HOURS);
      handedOver = true;
      return new SstableStream.Loader(process, process.getOutputStream(), answersFromLoader, log);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(
          "The SSTable writer did not become the loader ("
              + e.getMessage()
              + "); its log is "
              + log,
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while the SSTable writer became the loader", e);
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // Nothing more to read.
    }
  }

  /** A number for a new segment, never used before in this process. */
  int nextSegment() {
    return segments.incrementAndGet();
  }

  /** Whether the process still takes rows: it has not ended, nor been stopped or handed over. */
  boolean takesRows() {
    synchronized (answers) {
      return !dead && !closed && !handedOver && process.isAlive();
    }
  }

  /**
   * Asks the process to quit, and kills it if it does not within a while. The quit is sent from a
   * thread of its own: a writer stuck sending to a process that no longer reads holds the lock
   * until the kill breaks the pipe.
   */
  @Override
  public void close() {
    closed = true;
    if (handedOver) {
      // The loader's user ends it; what is left is to make sure it is gone.
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
      return;
    }
    Thread quit =
        new Thread(
            () -> {
              synchronized (this) {
                try {
                  out.writeByte('Q');
                  out.flush();
                  out.close();
                } catch (IOException e) {
                  // Already gone.
                }
              }
            },
            "sstable-writer-quit");
    quit.setDaemon(true);
    quit.start();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      reader.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
