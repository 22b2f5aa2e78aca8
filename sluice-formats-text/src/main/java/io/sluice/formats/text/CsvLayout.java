package io.sluice.formats.text;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a CSV file's records start and what their fields are called, read once per file from its
 * start, so that a split beginning mid-file still knows the header.
 *
 * @param names the field names in order, or empty when fields are named by position ({@code col1},
 *     {@code col2}, ...)
 * @param dataStart the offset of the first byte after the byte order mark, the skipped lines and
 *     the header record
 */
record CsvLayout(List<String> names, long dataStart) {

  CsvLayout {
    names = List.copyOf(names);
  }

  /** The name of the field at {@code index} (from 0). */
  String name(int index) {
    return names.isEmpty() ? "col" + (index + 1) : names.get(index);
  }

  /**
   * Reads the layout of {@code file}.
   *
   * @throws IllegalArgumentException when the header cannot be read, names a column twice or leaves
   *     one unnamed, or lacks a column the typed-column options name
   */
  static CsvLayout read(TextFile file, CsvSourceOptions options, Framing framing)
      throws IOException {
    try (InputStream raw = file.compression().decompress(Files.newInputStream(file.path()))) {
      byte[] head = raw.readNBytes(ByteOrderMark.UTF8.length);
      int bom =
          options.charset().equals(StandardCharsets.UTF_8)
                  && java.util.Arrays.equals(head, ByteOrderMark.UTF8)
              ? ByteOrderMark.UTF8.length
              : 0;
      InputStream rest =
          new SequenceInputStream(new ByteArrayInputStream(head, bom, head.length - bom), raw);
      RecordFramer framer = new RecordFramer(new ByteWindow(rest, bom), framing);
      for (int i = 0; i < options.skipLines(); i++) {
        framer.skipLine();
      }
      List<String> names = options.columns();
      if (options.header()) {
        RecordFramer.Frame header = framer.next(Long.MAX_VALUE);
        if (header != null && options.columns().isEmpty()) {
          names = headerNames(file, options, header);
        }
      }
      CsvLayout layout = new CsvLayout(names, framer.position());
      layout.checkTypedColumns(file, options);
      return layout;
    } catch (CompressedDataException e) {
      throw new IllegalArgumentException(
          "cannot read the start of " + file.resource() + ": " + e.getMessage(), e);
    }
  }

  private static List<String> headerNames(
      TextFile file, CsvSourceOptions options, RecordFramer.Frame header) {
    String where = "the header of " + file.resource() + " (line " + (header.line() + 1) + ")";
    if (header.truncated()) {
      throw new IllegalArgumentException(where + " is longer than max-record-size");
    }
    if (header.problem() != null) {
      throw new IllegalArgumentException(where + " cannot be read: " + header.problem());
    }
    List<String> names;
    try {
      names = new CsvFieldParser(options).parse(header.content(), header.length());
    } catch (CellException e) {
      throw new IllegalArgumentException(where + " cannot be read: " + e.getMessage());
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      if (name.isBlank()) {
        throw new IllegalArgumentException(
            where
                + " leaves column "
                + (i + 1)
                + " unnamed; name the columns with the columns option (header: true skips this"
                + " line)");
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException(
            where
                + " names column '"
                + name
                + "' twice; name the columns with the columns option (header: true skips this"
                + " line)");
      }
    }
    return names;
  }

  private void checkTypedColumns(TextFile file, CsvSourceOptions options) {
    for (var typed : options.typedColumns().entrySet()) {
      String column = typed.getKey();
      boolean known = names.isEmpty() ? column.matches("col[1-9][0-9]*") : names.contains(column);
      if (!known) {
        throw new IllegalArgumentException(
            "csv source option '"
                + typed.getValue()
                + "' names column '"
                + column
                + "', which "
                + file.resource()
                + " lacks; its columns are "
                + (names.isEmpty() ? "col1, col2, ... (it has no header)" : names));
      }
    }
  }
}
