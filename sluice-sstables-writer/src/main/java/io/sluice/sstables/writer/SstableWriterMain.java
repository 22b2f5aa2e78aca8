package io.sluice.sstables.writer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.cassandra.config.Config;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.exceptions.InvalidRequestException;
import org.apache.cassandra.io.sstable.CQLSSTableWriter;

/**
 * The SSTable writer process. Sluice starts it over the Cassandra release's {@code lib/}, so that
 * Cassandra's classes and their dependencies never meet Sluice's, and sends it rows whose values
 * are already in the CQL native protocol's form; Cassandra's own {@link CQLSSTableWriter} turns
 * them into SSTables. A segment is a folder of files: its rows are kept in their encoded form
 * ({@link RowBuffer}) until the buffer is full or the segment closes, then sorted by token and
 * written by the sorted writer on a thread of their own, a file per range of the ring between the
 * cuts Sluice gives, while the next rows arrive. Its files are complete only once the last one is
 * closed, and the process says so only then.
 *
 * <p>The protocol, on standard input and output, in {@link DataOutputStream}'s big-endian form
 * ({@code text} is a length and UTF-8 bytes):
 *
 * <pre>
 * in   'O' segment:int folder:text createTable:text types:int [createType:text]...
 *          statements:int [cql:text markers:int [value:int]...]...
 *          bufferMiB:int partitionKeyColumns:int cuts:int [token:long]...
 *                      open a segment; a row of token t goes to the files after every cut below t;
 *                      a statement's markers say which of a row's values each bind marker takes
 *      'R' segment:int length:int row:long statement:int values:int [length:int bytes]...
 *                    a row of length bytes; a value's length -1 is a null value, -2 an unset one
 *      'C' segment:int                                   close a segment
 *      'Q'                                               quit once every segment is closed
 *      'L' args:int [arg:text]...          become the loader once every segment is closed: answer
 *                                          'L', then speak {@link SstableLoaderMain}'s protocol
 *      'M' ring (see {@link RingLoader#read})   the same, loading by the ring given ({@link
 *                                          RingLoader}) rather than by Cassandra's BulkLoader
 * out  'F' segment:int row:long reason:text              the writer refused that row
 *      'C' segment:int ok:boolean error:text             the segment's files are complete, or not
 * </pre>
 *
 * The files are named by unique identifiers rather than numbers, so that the files of every segment
 * and every run can be loaded together. The one argument is the format version: {@code oa}
 * (Cassandra 5.0's own) or {@code nb} (4.x's, which 4.1 and 5.0 read). Logs go to standard error.
 */
public final class SstableWriterMain {

  private static final String BIG_VERSION =
      "org.apache.cassandra.io.sstable.format.big.BigFormat$BigVersion";

  private final DataInputStream in;
  private final DataOutputStream out;
  private final Map<Integer, Segment> segments = new HashMap<>();
  private final ExecutorService writing =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "sstable-writing");
            thread.setDaemon(true);
            return thread;
          });

  private SstableWriterMain(DataInputStream in, DataOutputStream out) {
    this.in = in;
    this.out = out;
  }

  public static void main(String[] args) throws IOException, ClassNotFoundException {
    DataOutputStream answers =
        new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
    // Nothing Cassandra prints may mix with the answers.
    System.setOut(System.err);
    if (args.length > 0 && args[0].equals("nb")) {
      // Client mode sets no storage compatibility, so the big format's version would be 5.0's
      // own. The version is fixed when its class loads, from the mode set then: before client
      // initialization, it is the 4.x compatibility mode, as on a 5.0 node by default.
      System.setProperty("cassandra.test.storage_compatibility_mode", "CASSANDRA_4");
      Class.forName(BIG_VERSION, true, SstableWriterMain.class.getClassLoader());
    }
    Config config = new Config();
    config.uuid_sstable_identifiers_enabled = true;
    DatabaseDescriptor.clientInitialization(true, () -> config);
    String written = DatabaseDescriptor.getSelectedSSTableFormat().getLatestVersion().version;
    if (args.length > 0 && !args[0].equals(written)) {
      throw new IllegalStateException("asked for format " + args[0] + ", would write " + written);
    }
    DataInputStream commands = new DataInputStream(new BufferedInputStream(System.in, 1 << 16));
    try {
      new SstableWriterMain(commands, answers).serve();
    } catch (Throwable e) {
      e.printStackTrace();
      // Cassandra's writer threads are not daemons: without a halt, a failure here (an
      // OutOfMemoryError, a broken command) would leave a process that no longer reads.
      Runtime.getRuntime().halt(1);
    }
    Runtime.getRuntime().halt(0);
  }

  private void serve() throws IOException, InterruptedException {
    while (true) {
      int command;
      try {
        command = in.readByte();
      } catch (EOFException e) {
        return;
      }
      switch (command) {
        case 'O' -> open();
        case 'R' -> row();
        case 'C' -> close();
        case 'Q' -> {
          awaitWriting();
          return;
        }
        case 'M' -> {
          RingLoader.Plan plan = RingLoader.read(in);
          becomeLoader(answers -> RingLoader.serve(plan, in, answers));
          return;
        }
        case 'L' -> {
          String[] loaderArgs = new String[in.readInt()];
          for (int i = 0; i < loaderArgs.length; i++) {
            loaderArgs[i] = text();
          }
          becomeLoader(answers -> SstableLoaderMain.serve(loaderArgs, in, answers));
          return;
        }
        default -> throw new IOException("unknown command " + command);
      }
    }
  }

  /** Serves a loader's protocol, on standard input and output. */
  private interface Loader {
    void serve(PrintStream answers) throws Exception;
  }

  /**
   * Once every segment is written, says so ({@code 'L'}) and serves the loader's text protocol on
   * the same streams: the process is the loader from then on.
   */
  private void becomeLoader(Loader loader) throws IOException, InterruptedException {
    awaitWriting();
    out.writeByte('L');
    out.flush();
    try {
      loader.serve(
          new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8));
    } catch (Exception e) {
      throw new IOException("the loader failed: " + e, e);
    }
  }

  private void awaitWriting() throws IOException, InterruptedException {
    writing.shutdown();
    if (!writing.awaitTermination(1, TimeUnit.HOURS)) {
      throw new IOException("segments still being written after an hour");
    }
  }

  private void open() throws IOException {
    int segment = in.readInt();
    String folder = text();
    String createTable = text();
    int typeCount = in.readInt();
    List<String> types = new ArrayList<>();
    for (int i = 0; i < typeCount; i++) {
      types.add(text());
    }
    List<Statement> statements = new ArrayList<>();
    int statementCount = in.readInt();
    for (int i = 0; i < statementCount; i++) {
      String cql = text();
      int[] markers = new int[in.readInt()];
      for (int m = 0; m < markers.length; m++) {
        markers[m] = in.readInt();
      }
      statements.add(new Statement(cql, markers));
    }
    int bufferMiB = in.readInt();
    int partitionKeyColumns = in.readInt();
    long[] cuts = new long[in.readInt()];
    for (int i = 0; i < cuts.length; i++) {
      cuts[i] = in.readLong();
    }
    segments.put(
        segment,
        new Segment(
            segment,
            folder,
            createTable,
            types,
            statements,
            (long) bufferMiB << 20,
            partitionKeyColumns,
            cuts));
  }

  private void row() throws IOException {
    int id = in.readInt();
    int length = in.readInt();
    Segment segment = segments.get(id);
    if (segment == null) {
      in.skipNBytes(length);
      return;
    }
    segment.buffer.add(in, length);
    if (segment.buffer.bytes() >= segment.bufferBytes) {
      segment.flush();
    }
  }

  private void close() throws IOException {
    int id = in.readInt();
    Segment segment = segments.remove(id);
    if (segment == null) {
      answerClosed(id, "the segment was never opened");
      return;
    }
    segment.flush();
    segment.written.whenComplete(
        (done, failure) -> answerClosed(id, failure != null ? describe(failure) : segment.error));
  }

  /** One open segment: the rows not yet written, and the files being written, in order. */
  private final class Segment {
    final int id;
    final String folder;
    final String createTable;
    final List<String> types;
    final List<Statement> statements;
    final long bufferBytes;
    final int partitionKeyColumns;
    final long[] cuts;
    RowBuffer buffer;
    CompletableFuture<Void> written = CompletableFuture.completedFuture(null);
    volatile String error;

    Segment(
        int id,
        String folder,
        String createTable,
        List<String> types,
        List<Statement> statements,
        long bufferBytes,
        int partitionKeyColumns,
        long[] cuts) {
      this.cuts = cuts;
      this.id = id;
      this.folder = folder;
      this.createTable = createTable;
      this.types = types;
      this.statements = statements;
      this.bufferBytes = bufferBytes;
      this.partitionKeyColumns = partitionKeyColumns;
      this.buffer = new RowBuffer(partitionKeyColumns);
    }

    /**
     * Writes the rows so far (a file per range of the ring they fall in), after the files before
     * them, on a thread of its own.
     */
    void flush() {
      // One file of a segment is written while its next rows arrive, no more: a writer slower
      // than Sluice holds Sluice back through the pipe rather than filling the heap.
      written.exceptionally(failure -> null).join();
      RowBuffer rows = buffer;
      buffer = new RowBuffer(partitionKeyColumns);
      if (rows.isEmpty()) {
        return;
      }
      written = written.thenRunAsync(() -> write(rows), writing);
    }

    /**
     * Writes the rows in ring order, for each range between the ring's cuts a file of each
     * statement that writes rows there.
     */
    private void write(RowBuffer rows) {
      if (error != null) {
        return;
      }
      int[] order = rows.ringOrder();
      int[] files = rows.fileStarts(order, cuts);
      try {
        for (int file = 0; file < files.length; file++) {
          int end = file + 1 < files.length ? files[file + 1] : order.length;
          writeFile(rows, order, files[file], end);
        }
      } catch (IOException | RuntimeException e) {
        error = describe(e);
      }
    }

    private void writeFile(RowBuffer rows, int[] order, int from, int to) throws IOException {
      CQLSSTableWriter[] writers = new CQLSSTableWriter[statements.size()];
      try {
        for (int i = from; i < to; i++) {
          int row = order[i];
          int s = rows.statement(row);
          Statement statement = statements.get(s);
          if (writers[s] == null) {
            writers[s] = writer(statement.cql());
          }
          try {
            writers[s].rawAddRow(statement.bind(withTtlLeft(rows.values(row))));
          } catch (InvalidRequestException e) {
            answerRefused(id, rows.rowNumber(row), describe(e));
          }
        }
      } finally {
        IOException failed = null;
        for (CQLSSTableWriter writer : writers) {
          if (writer != null) {
            try {
              writer.close();
            } catch (IOException e) {
              failed = failed == null ? e : failed;
            }
          }
        }
        if (failed != null) {
          throw failed;
        }
      }
    }

    /** Cassandra's sorted writer of a file of this segment, through {@code statement}. */
    private CQLSSTableWriter writer(String statement) {
      CQLSSTableWriter.Builder builder = CQLSSTableWriter.builder().inDirectory(folder);
      for (String type : types) {
        builder.withType(type);
      }
      return builder.forTable(createTable).using(statement).sorted().build();
    }
  }

  /**
   * A row's values with its TTL slot, the last, turned from an expiry second (8 bytes) into the
   * seconds left now (at least 1), so that the row's cells expire when their source cells do
   * however long the row waited in its segment; a TTL (4 bytes) or an unset slot stays as it is.
   */
  static List<ByteBuffer> withTtlLeft(List<ByteBuffer> values) {
    int last = values.size() - 1;
    ByteBuffer slot = values.get(last);
    if (slot == null || slot.remaining() != 8) {
      return values;
    }
    long left = slot.getLong(slot.position()) - System.currentTimeMillis() / 1000;
    values.set(last, ByteBuffer.allocate(4).putInt(0, (int) Math.max(1, left)));
    return values;
  }

  /**
   * A statement rows are written through, and for each of its bind markers the row's value it
   * takes. The insert takes them all, in order: its rows' values go to it as they are.
   */
  private record Statement(String cql, int[] markers, boolean inOrder) {
    Statement(String cql, int[] markers) {
      this(cql, markers, inOrder(markers));
    }

    private static boolean inOrder(int[] markers) {
      for (int i = 0; i < markers.length; i++) {
        if (markers[i] != i) {
          return false;
        }
      }
      return true;
    }

    List<ByteBuffer> bind(List<ByteBuffer> values) {
      if (inOrder && values.size() == markers.length) {
        return values;
      }
      List<ByteBuffer> bound = new ArrayList<>(markers.length);
      for (int marker : markers) {
        bound.add(values.get(marker));
      }
      return bound;
    }
  }

  private void answerRefused(int segment, long row, String reason) {
    synchronized (out) {
      try {
        out.writeByte('F');
        out.writeInt(segment);
        out.writeLong(row);
        writeText(reason);
        out.flush();
      } catch (IOException e) {
        // Sluice is gone; the main thread ends when its input does.
      }
    }
  }

  private void answerClosed(int segment, String error) {
    synchronized (out) {
      try {
        out.writeByte('C');
        out.writeInt(segment);
        out.writeBoolean(error == null);
        writeText(error == null ? "" : error);
        out.flush();
      } catch (IOException e) {
        // Sluice is gone; the main thread ends when its input does.
      }
    }
  }

  private static String describe(Throwable e) {
    String message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private String text() throws IOException {
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private void writeText(String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }
}
