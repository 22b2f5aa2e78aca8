package io.sluice.formats.text;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourcePaths;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What the CSV and NDJSON sources share: the files named by the job, the split plan and opening a
 * split's reader. A format supplies where each file's records start, how records are framed, and
 * how each is decoded.
 *
 * <p>Plan: a plain file that the format can split is cut into byte ranges of {@code split-size}
 * bytes, {@code [0, s)}, {@code [s, 2s)}, ..., the last one ending at the file's end; the cut
 * points need no reading, because a split owns the records whose first byte falls in its range and
 * its reader finds the first of them itself (see {@link TextSplitReader}). A compressed file, or a
 * file the format cannot split, is one split {@code [0, file size)}. Empty files have no splits.
 * Splits of all files are numbered in file order; planning an unchanged set of files twice gives
 * the same splits.
 *
 * <p>Thread-safe: the file list is fixed at creation; {@link #open} keeps no shared state beyond
 * the {@link LineIndex}, which is.
 */
abstract class TextFileSource implements Source {

  private final String name;
  private final long splitSize;
  private final List<TextFile> files;
  private final Map<String, TextFile> filesByResource = new LinkedHashMap<>();
  private final Path baseDir;
  private final LineIndex lineIndex = new LineIndex();

  TextFileSource(
      String name,
      String format,
      List<String> paths,
      Path baseDir,
      Set<String> extensions,
      long splitSize) {
    this.name = name;
    this.splitSize = splitSize;
    this.baseDir = baseDir == null ? Path.of("") : baseDir;
    this.files = TextFileResolver.resolve(format, paths, this.baseDir, extensions);
    files.forEach(file -> filesByResource.putIfAbsent(file.resource(), file));
  }

  @Override
  public final String name() {
    return name;
  }

  /** The files this source reads, as the job named them, in plan order. */
  public final List<String> resources() {
    return files.stream().map(TextFile::resource).toList();
  }

  final List<TextFile> files() {
    return files;
  }

  /** Whether plain files of this source may be cut into several splits. */
  abstract boolean splittable();

  /** Where {@code file}'s records start; also checks what must be checked before reading it. */
  abstract long dataStart(TextFile file) throws IOException;

  abstract Framing framing();

  /** A decoder for one reader of {@code file}. */
  abstract RecordDecoder decoder(TextFile file) throws IOException;

  @Override
  public final List<Split> plan() throws IOException {
    List<Split> splits = new ArrayList<>();
    for (TextFile file : files) {
      long size = Files.size(file.path());
      if (size == 0) {
        continue;
      }
      dataStart(file);
      if (!file.seekable() || !splittable()) {
        splits.add(new Split(name, splits.size(), file.resource(), 0, size, size));
        continue;
      }
      for (long start = 0; start < size; start += splitSize) {
        long end = Math.min(size, start + splitSize);
        splits.add(new Split(name, splits.size(), file.resource(), start, end, end - start));
      }
    }
    return splits;
  }

  @Override
  public Optional<Path> file(String resource) {
    return Optional.ofNullable(filesByResource.get(resource)).map(TextFile::path);
  }

  @Override
  public OptionalLong lineOf(SourcePosition position) {
    TextFile file = filesByResource.get(position.resource());
    if (file == null || !file.seekable()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(lineIndex.linesBefore(file.path(), position.offset()) + 1);
    } catch (IOException e) {
      return OptionalLong.empty();
    }
  }

  @Override
  public final SplitReader open(Split split) throws IOException {
    TextFile file = filesByResource.get(split.resource());
    if (file == null) {
      Path path = SourcePaths.resolve(baseDir, split.resource());
      file = new TextFile(split.resource(), path, Compression.of(path));
    }
    return TextSplitReader.open(file, split, dataStart(file), framing(), decoder(file), lineIndex);
  }
}
