package io.sluice.formats.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads CSV (and TSV, or any single-character delimiter) files, plain or compressed ({@code .gz},
 * {@code .zst}), named one by one, by a glob, or as a folder of {@code *.csv}, {@code *.tsv} and
 * {@code *.txt} files.
 *
 * <p>Plan: each file's start is read once, for its header and where its records start (see {@link
 * CsvLayout}); a header that cannot be read or that lacks a typed column fails the plan. With
 * {@code multiline: false} a plain file is cut into byte ranges of {@code split-size}, each reading
 * the records that start in it; otherwise a quoted field may hold a line break, no line start is
 * known to be a record start, and each file is one split. A compressed file is always one split.
 *
 * <p>Read: each record becomes column name to text, with null markers as null and the typed
 * columns' cells as lists, maps, binary or dates ({@link CsvCellTypes}); the mapper converts the
 * texts by each target column's CQL type. A record that cannot be read becomes a {@code
 * MalformedRecord} with its byte offset and a reason starting {@code line N:}, and reading goes on.
 */
public final class CsvSource extends TextFileSource {

  static final Set<String> EXTENSIONS = Set.of(".csv", ".tsv", ".txt");

  private final CsvSourceOptions options;
  private final Framing framing;
  private final CsvCellTypes cellTypes;
  private final Map<String, CsvLayout> layouts = new ConcurrentHashMap<>();

  /**
   * @param name the source's name in the job
   * @param paths files, folders or globs, relative ones resolved against {@code baseDir}
   * @param baseDir the job file's folder
   * @param options parsed options
   * @throws IllegalArgumentException when no file is found
   */
  public CsvSource(String name, List<String> paths, Path baseDir, CsvSourceOptions options) {
    super(name, "csv", paths, baseDir, EXTENSIONS, options.splitSizeBytes());
    this.options = options;
    this.framing =
        Framing.csv(
            options.delimiterChar(),
            options.quoteChar(),
            options.escapeChar(),
            options.commentChar(),
            options.multiline(),
            options.lenientQuotes(),
            options.maxRecordBytes());
    this.cellTypes = new CsvCellTypes(options);
  }

  /** The field names of a file of this source, read from its header or the options. */
  public List<String> columns(String resource) throws IOException {
    for (TextFile file : files()) {
      if (file.resource().equals(resource)) {
        return layout(file).names();
      }
    }
    throw new IllegalArgumentException(resource + " is not a file of source " + name());
  }

  /** A cell is text, whatever it reads as (the typed-column options aside). */
  @Override
  public boolean typesItsValues() {
    return false;
  }

  /**
   * The names of the header (or the {@code columns} option) of every file that is not empty; none
   * known when a file has neither, as its fields are named by position ({@code col1}, {@code col2},
   * ...) and a record may have any number of them.
   */
  @Override
  public Optional<Set<String>> knownFields() throws IOException {
    Set<String> names = new LinkedHashSet<>();
    boolean any = false;
    for (TextFile file : files()) {
      if (Files.size(file.path()) > 0) {
        List<String> named = layout(file).names();
        if (named.isEmpty()) {
          return Optional.empty();
        }
        names.addAll(named);
        any = true;
      }
    }
    return any ? Optional.of(names) : Optional.empty();
  }

  @Override
  boolean splittable() {
    return !options.multiline();
  }

  @Override
  long dataStart(TextFile file) throws IOException {
    return layout(file).dataStart();
  }

  @Override
  Framing framing() {
    return framing;
  }

  @Override
  RecordDecoder decoder(TextFile file) throws IOException {
    return new CsvRecordDecoder(layout(file), options, cellTypes);
  }

  private CsvLayout layout(TextFile file) throws IOException {
    CsvLayout layout = layouts.get(file.resource());
    if (layout == null) {
      layout = CsvLayout.read(file, options, framing);
      layouts.putIfAbsent(file.resource(), layout);
    }
    return layout;
  }
}
