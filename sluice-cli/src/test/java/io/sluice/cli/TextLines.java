package io.sluice.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A text file built line by line for damage tests, remembering the byte offset each line starts at:
 * the position a text source gives its records and rejects.
 */
final class TextLines {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final List<Long> starts = new ArrayList<>();

  /** Adds a line of UTF-8 text and its line feed. */
  TextLines add(String line) {
    return add(line.getBytes(StandardCharsets.UTF_8));
  }

  /** Adds a line of raw bytes (say, invalid UTF-8) and its line feed. */
  TextLines add(byte[] line) {
    starts.add((long) bytes.size());
    bytes.writeBytes(line);
    bytes.write('\n');
    return this;
  }

  /** The byte offset where line {@code number} (from 1) starts. */
  long offsetOfLine(int number) {
    return starts.get(number - 1);
  }

  Path writeTo(Path file) throws IOException {
    return Files.write(file, bytes.toByteArray());
  }
}
