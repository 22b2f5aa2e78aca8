package io.sluice.sstables.writer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.cassandra.config.Config;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.exceptions.InvalidRequestException;
import org.apache.cassandra.io.sstable.CQLSSTableWriter;

/**
 * The SSTable writer process. Sluice starts it over the Cassandra release's {@code lib/}, so that
 * Cassandra's classes and their dependencies never meet Sluice's, and sends it rows whose values
 * are already in the CQL native protocol's form; Cassandra's own {@link CQLSSTableWriter} turns
 * them into SSTables. A segment is one writer over one folder: its files are complete only once it
 * is closed, and the process says so only then.
 *
 * <p>The protocol, on standard input and output, in {@link DataOutputStream}'s big-endian form
 * ({@code text} is a length and UTF-8 bytes):
 *
 * <pre>
 * in   'O' segment:int folder:text createTable:text types:int [createType:text]... insert:text
 *          bufferMiB:int                                  open a segment
 *      'R' segment:int row:long values:int [length:int bytes]...
 *                                         a row; length -1 is a null value, -2 an unset one
 *      'C' segment:int                                   close a segment
 *      'Q'                                               quit
 * out  'F' segment:int row:long reason:text              the writer refused that row
 *      'C' segment:int ok:boolean error:text             the segment's files are complete, or not
 * </pre>
 *
 * The files are named by unique identifiers rather than numbers, so that the files of every segment
 * and every run can be loaded together. The one argument is the format version: {@code oa}
 * (Cassandra 5.0's own) or {@code nb} (4.x's, which 4.1 and 5.0 read). Logs go to standard error.
 */
public final class SstableWriterMain {

  private final DataInputStream in;
  private final DataOutputStream out;
  private final Map<Integer, CQLSSTableWriter> writers = new HashMap<>();
  private final Map<Integer, String> broken = new HashMap<>();

  private SstableWriterMain(DataInputStream in, DataOutputStream out) {
    this.in = in;
    this.out = out;
  }

  private static final String BIG_VERSION =
      "org.apache.cassandra.io.sstable.format.big.BigFormat$BigVersion";

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

  private void serve() throws IOException {
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
          return;
        }
        default -> throw new IOException("unknown command " + command);
      }
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
    String insert = text();
    int bufferMiB = in.readInt();
    try {
      CQLSSTableWriter.Builder builder = CQLSSTableWriter.builder().inDirectory(folder);
      for (String type : types) {
        builder.withType(type);
      }
      writers.put(
          segment,
          builder.forTable(createTable).using(insert).withBufferSizeInMiB(bufferMiB).build());
    } catch (RuntimeException e) {
      broken.put(segment, describe(e));
    }
  }

  private void row() throws IOException {
    int segment = in.readInt();
    long row = in.readLong();
    int count = in.readInt();
    List<ByteBuffer> values = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int length = in.readInt();
      if (length == -1) {
        values.add(null);
      } else if (length == -2) {
        values.add(CQLSSTableWriter.UNSET_VALUE);
      } else {
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        values.add(ByteBuffer.wrap(bytes));
      }
    }
    CQLSSTableWriter writer = writers.get(segment);
    if (writer == null) {
      return;
    }
    try {
      writer.rawAddRow(values);
    } catch (InvalidRequestException e) {
      out.writeByte('F');
      out.writeInt(segment);
      out.writeLong(row);
      writeText(describe(e));
      out.flush();
    } catch (IOException | RuntimeException e) {
      broken.put(segment, describe(e));
      writers.remove(segment);
    }
  }

  private void close() throws IOException {
    int segment = in.readInt();
    CQLSSTableWriter writer = writers.remove(segment);
    String error = broken.remove(segment);
    if (writer != null && error == null) {
      try {
        writer.close();
      } catch (IOException | RuntimeException e) {
        error = describe(e);
      }
    } else if (error == null) {
      error = "the segment was never opened";
    }
    out.writeByte('C');
    out.writeInt(segment);
    out.writeBoolean(error == null);
    writeText(error == null ? "" : error);
    out.flush();
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
