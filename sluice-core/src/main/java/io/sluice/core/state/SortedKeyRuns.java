package io.sluice.core.state;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An external sort of byte-string keys that keeps memory bounded: keys are buffered, and every
 * {@code runSize} keys (or on {@link #flush}) the buffer is sorted and written to the next numbered
 * run file ({@code run-000001.keys}, ...). {@link #sorted} merges all runs, at most {@link #FAN_IN}
 * at a time (in several passes when there are more), into one ascending stream without duplicates.
 *
 * <p>Run files are never changed once written, so a checkpoint can name the runs that hold exactly
 * the keys committed so far by their count: reopening with {@code keep} = that count deletes any
 * later run, written after the checkpoint, whose keys a resumed run adds again.
 *
 * <p>Keys sort by unsigned byte order. A run file is a sequence of keys, each a 4-byte length and
 * its bytes.
 */
public final class SortedKeyRuns {

  /** Keys held in memory before they are written to a run: about 100k keys of a few dozen bytes. */
  public static final int DEFAULT_RUN_SIZE = 100_000;

  /** Runs merged at once; more are merged in passes, so open files and buffers stay bounded. */
  static final int FAN_IN = 64;

  private static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;
  private static final Pattern RUN_NAME = Pattern.compile("run-(\\d+)\\.keys");
  private static final int BUFFER_BYTES = 64 * 1024;

  private final Path dir;
  private final int runSize;
  private final List<byte[]> buffer = new ArrayList<>();
  private int runs;

  /**
   * Opens the runs in {@code dir}, keeping the first {@code keep} and deleting any others.
   *
   * @throws IllegalStateException when one of the runs to keep is missing
   */
  public SortedKeyRuns(Path dir, int runSize, int keep) {
    this.dir = dir;
    this.runSize = runSize;
    try {
      Files.createDirectories(dir);
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
        for (Path file : files) {
          Matcher name = RUN_NAME.matcher(file.getFileName().toString());
          if (!name.matches() || Integer.parseInt(name.group(1)) > keep) {
            deleteRecursively(file);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare the key folder " + dir, e);
    }
    for (int i = 1; i <= keep; i++) {
      if (!Files.exists(run(i))) {
        throw new IllegalStateException(
            "The key file "
                + run(i)
                + " that the checkpoint lists is missing; run with --fresh to start over.");
      }
    }
    this.runs = keep;
  }

  /** Adds a key; may write a run. */
  public synchronized void add(byte[] key) {
    buffer.add(key);
    if (buffer.size() >= runSize) {
      spill();
    }
  }

  /**
   * Writes the buffered keys to a run and forces it to disk.
   *
   * @return the number of runs, which together hold every key added so far
   */
  public synchronized int flush() {
    if (!buffer.isEmpty()) {
      spill();
    }
    return runs;
  }

  /** Every key added, in ascending order, each once. The runs stay as they are. */
  public KeyReader sorted() throws IOException {
    int count = flush();
    List<Path> inputs = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      inputs.add(run(i));
    }
    Path work = dir.resolve("merge");
    deleteRecursively(work);
    for (int pass = 0; inputs.size() > FAN_IN; pass++) {
      Files.createDirectories(work);
      List<Path> next = new ArrayList<>();
      for (int from = 0; from < inputs.size(); from += FAN_IN) {
        Path out = work.resolve("pass" + pass + "-" + next.size() + ".keys");
        try (KeyReader merged =
                merge(inputs.subList(from, Math.min(inputs.size(), from + FAN_IN)));
            RunWriter writer = new RunWriter(out)) {
          for (byte[] key = merged.next(); key != null; key = merged.next()) {
            writer.write(key);
          }
        }
        next.add(out);
      }
      if (pass > 0) {
        for (Path input : inputs) {
          Files.delete(input);
        }
      }
      inputs = next;
    }
    return merge(inputs);
  }

  /** Deletes the folder and every run in it. */
  public void delete() {
    try {
      deleteRecursively(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete the key folder " + dir, e);
    }
  }

  private void spill() {
    buffer.sort(ORDER);
    Path file = run(runs + 1);
    try (RunWriter writer = new RunWriter(file)) {
      byte[] previous = null;
      for (byte[] key : buffer) {
        if (previous == null || ORDER.compare(previous, key) != 0) {
          writer.write(key);
        }
        previous = key;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the key file " + file, e);
    }
    buffer.clear();
    runs++;
  }

  private Path run(int number) {
    return dir.resolve(String.format("run-%06d.keys", number));
  }

  private static KeyReader merge(List<Path> files) throws IOException {
    PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> ORDER.compare(a.key, b.key));
    List<DataInputStream> inputs = new ArrayList<>();
    try {
      for (Path file : files) {
        DataInputStream in =
            new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER_BYTES));
        inputs.add(in);
        byte[] first = read(in);
        if (first != null) {
          heads.add(new Head(first, in));
        }
      }
    } catch (IOException | RuntimeException e) {
      for (DataInputStream in : inputs) {
        in.close();
      }
      throw e;
    }
    return new KeyReader() {
      private byte[] last;

      @Override
      public byte[] next() throws IOException {
        while (!heads.isEmpty()) {
          Head head = heads.poll();
          byte[] key = head.key;
          byte[] following = read(head.in);
          if (following != null) {
            heads.add(new Head(following, head.in));
          }
          if (last == null || ORDER.compare(last, key) != 0) {
            last = key;
            return key;
          }
        }
        return null;
      }

      @Override
      public void close() throws IOException {
        for (DataInputStream in : inputs) {
          in.close();
        }
      }
    };
  }

  private static byte[] read(DataInputStream in) throws IOException {
    int length;
    try {
      length = in.readInt();
    } catch (EOFException end) {
      return null;
    }
    byte[] key = new byte[length];
    in.readFully(key);
    return key;
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
        for (Path child : children) {
          deleteRecursively(child);
        }
      }
    }
    Files.deleteIfExists(path);
  }

  /** Keys in ascending order; {@link #next} gives {@code null} at the end. */
  public interface KeyReader extends AutoCloseable {
    byte[] next() throws IOException;

    @Override
    void close() throws IOException;
  }

  private record Head(byte[] key, DataInputStream in) {}

  /** Writes one run file and forces it to disk on close. */
  private static final class RunWriter implements AutoCloseable {
    private final FileOutputStream file;
    private final DataOutputStream out;

    RunWriter(Path path) throws IOException {
      this.file = new FileOutputStream(path.toFile());
      this.out = new DataOutputStream(new BufferedOutputStream(file, BUFFER_BYTES));
    }

    void write(byte[] key) throws IOException {
      out.writeInt(key.length);
      out.write(key);
    }

    @Override
    public void close() throws IOException {
      try (out) {
        out.flush();
        file.getFD().sync();
      }
    }
  }
}
