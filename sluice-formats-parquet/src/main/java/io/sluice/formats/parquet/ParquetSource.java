package io.sluice.formats.parquet;

import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourcePaths;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads Parquet files, named one by one, by a glob, or as a folder, with Apache Parquet's own
 * reader and without Hadoop.
 *
 * <p>Plan: one split per non-empty row group, from the footers alone. Positions are row numbers
 * within a file, from 0: a split is {@code [first row, first row + row count)} of its group, its
 * size the group's compressed bytes. A file whose footer cannot be read is one split {@code [0, 1)}
 * of the file's size, whose reader reports the file as one {@code MalformedRecord}, so the run goes
 * on with the other files. Splits of all files are numbered in file order.
 *
 * <p>Read: see {@link ParquetSplitReader}; the type table is in the module README.
 *
 * <p>Thread-safe: the file list is fixed at creation and {@link #open} keeps no shared state.
 */
public final class ParquetSource implements Source {

  private static final Logger LOG = LoggerFactory.getLogger(ParquetSource.class);

  private final String name;
  private final Path baseDir;
  private final ParquetSourceOptions options;
  private final List<ParquetFile> files;
  private final Map<String, ParquetFile> filesByResource;

  /**
   * @param name the source's name in the job
   * @param paths files, folders or globs, relative ones resolved against {@code baseDir}
   * @param baseDir the job file's folder
   * @param options parsed options
   * @throws IllegalArgumentException when a path does not exist or no Parquet file is found
   */
  public ParquetSource(
      String name, List<String> paths, Path baseDir, ParquetSourceOptions options) {
    this.name = name;
    this.baseDir = baseDir == null ? Path.of("") : baseDir;
    this.options = options;
    this.files = ParquetFileResolver.resolve(paths, this.baseDir);
    this.filesByResource =
        files.stream()
            .collect(
                Collectors.toMap(
                    ParquetFile::resource, Function.identity(), (first, second) -> first));
  }

  @Override
  public String name() {
    return name;
  }

  /** The files this source reads, in plan order. */
  public List<ParquetFile> files() {
    return files;
  }

  /**
   * @throws IllegalArgumentException when a column named by the {@code columns} option is in none
   *     of the readable files
   */
  @Override
  public List<Split> plan() throws IOException {
    List<Split> splits = new ArrayList<>();
    Set<String> columnsSeen = new LinkedHashSet<>();
    boolean anyReadable = false;
    for (ParquetFile file : files) {
      List<RowGroup> groups;
      try (ParquetFileReader reader =
          ParquetFileOpener.open(
              file.path(),
              false,
              columns ->
                  LOG.warn(
                      "{}: columns {} have a logical type this version of Apache Parquet does not"
                          + " know; their values are read as their physical type",
                      file.resource(),
                      columns))) {
        groups = RowGroup.of(reader.getRowGroups());
        reader
            .getFooter()
            .getFileMetaData()
            .getSchema()
            .getFields()
            .forEach(field -> columnsSeen.add(field.getName()));
        anyReadable = true;
      } catch (IOException | RuntimeException e) {
        FileAccessException.rethrowIfCause(e);
        LOG.warn(
            "{} is not a readable Parquet file ({}); it will be reported as one malformed record",
            file.resource(),
            Failures.describe(e));
        long size = Files.size(file.path());
        splits.add(new Split(name, splits.size(), file.resource(), 0, 1, size));
        continue;
      }
      for (RowGroup group : groups) {
        if (group.rowCount() > 0) {
          splits.add(
              new Split(
                  name,
                  splits.size(),
                  file.resource(),
                  group.firstRow(),
                  group.endRow(),
                  group.compressedBytes()));
        }
      }
    }
    if (anyReadable) {
      List<String> unknown = new ArrayList<>(options.columns());
      unknown.removeAll(columnsSeen);
      if (!unknown.isEmpty()) {
        throw new IllegalArgumentException(
            "parquet source '"
                + name
                + "': columns "
                + unknown
                + " are in none of its files, whose columns are "
                + columnsSeen);
      }
    }
    return splits;
  }

  /**
   * The columns the {@code columns} option names, or else the top-level fields of every readable
   * file's schema.
   */
  @Override
  public Optional<Set<String>> knownFields() throws IOException {
    if (!options.columns().isEmpty()) {
      return Optional.of(new LinkedHashSet<>(options.columns()));
    }
    Set<String> names = new LinkedHashSet<>();
    boolean anyReadable = false;
    for (ParquetFile file : files) {
      try (ParquetFileReader reader = ParquetFileOpener.open(file.path(), false)) {
        reader
            .getFooter()
            .getFileMetaData()
            .getSchema()
            .getFields()
            .forEach(field -> names.add(field.getName()));
        anyReadable = true;
      } catch (IOException | RuntimeException e) {
        FileAccessException.rethrowIfCause(e);
        // An unreadable file is reported as a malformed record when read; it names no field.
      }
    }
    return anyReadable ? Optional.of(names) : Optional.empty();
  }

  /** One row per readable file, built from its schema (with the {@code columns} option applied). */
  @Override
  public List<Record> schemaSamples() throws IOException {
    List<Record> samples = new ArrayList<>();
    for (ParquetFile file : files) {
      try (ParquetFileReader reader = ParquetFileOpener.open(file.path(), false)) {
        Projection projection =
            Projection.of(reader.getFooter().getFileMetaData().getSchema(), options.columns());
        Map<String, Object> fields =
            SchemaSample.of(projection.requested(), options.binaryAsString());
        projection.missing().forEach(name -> fields.put(name, null));
        samples.add(new Record(new SourcePosition(file.resource(), 0, null), fields, 0));
      } catch (IOException | RuntimeException e) {
        FileAccessException.rethrowIfCause(e);
        // An unreadable file is reported as a malformed record when read; it has no schema.
      }
    }
    return samples;
  }

  @Override
  public Optional<Path> file(String resource) {
    return Optional.ofNullable(filesByResource.get(resource)).map(ParquetFile::path);
  }

  @Override
  public SplitReader open(Split split) throws IOException {
    ParquetFile file = filesByResource.get(split.resource());
    if (file == null) {
      file = new ParquetFile(split.resource(), SourcePaths.resolve(baseDir, split.resource()));
    }
    return ParquetSplitReader.open(split, file, options);
  }
}
