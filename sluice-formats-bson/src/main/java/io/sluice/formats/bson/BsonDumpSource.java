package io.sluice.formats.bson;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourcePaths;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads mongodump output: {@code .bson} files (concatenated BSON documents of up to 16 MiB each)
 * and {@code .bson.gz} files, named one by one, by a glob, or as a dump folder.
 *
 * <p>Plan: each plain file is cut at document boundaries into splits of about {@code split-size}
 * bytes by hopping from length prefix to length prefix (see {@link SplitPlanner}); for files larger
 * than one split the points are cached in {@code <file>.splits} while the file is unchanged. A
 * gzipped file is one split. Splits of all files are numbered in file order, and every byte of
 * every file belongs to exactly one.
 *
 * <p>Read: each split's documents are decoded into Sluice's value model (see {@link
 * BsonDocumentDecoder} for the type table). A damaged document becomes a {@code MalformedRecord}
 * with its offset, its {@code _id} when readable, and a reason; reading goes on after it when its
 * length prefix is sound, and stops at the end of the split when it is not.
 *
 * <p>Thread-safe: the file list is fixed at creation and {@link #open} keeps no shared state.
 */
public final class BsonDumpSource implements Source {

  private static final Logger LOG = LoggerFactory.getLogger(BsonDumpSource.class);

  private final String name;
  private final Path baseDir;
  private final BsonSourceOptions options;
  private final List<BsonDumpFile> files;
  private final Map<String, BsonDumpFile> filesByResource;

  /**
   * @param name the source's name in the job
   * @param paths files, folders or globs, relative ones resolved against {@code baseDir}
   * @param baseDir the job file's folder
   * @param options parsed options
   * @throws IllegalArgumentException when no dump file is found or a selected collection is absent
   */
  public BsonDumpSource(String name, List<String> paths, Path baseDir, BsonSourceOptions options) {
    this.name = name;
    this.baseDir = baseDir == null ? Path.of("") : baseDir;
    this.options = options;
    this.files = DumpFileResolver.resolve(paths, this.baseDir, options.collection());
    this.filesByResource =
        files.stream()
            .collect(
                Collectors.toMap(
                    BsonDumpFile::resource, Function.identity(), (first, second) -> first));
  }

  @Override
  public String name() {
    return name;
  }

  /** The files this source reads, in plan order. */
  public List<BsonDumpFile> files() {
    return files;
  }

  /**
   * The collections the files hold, in file order without repeats; one name for a single-collection
   * dump, suitable for inferring a table name.
   */
  public List<String> collections() {
    LinkedHashSet<String> names = new LinkedHashSet<>();
    files.forEach(file -> names.add(file.collection()));
    return List.copyOf(names);
  }

  /** The collection a split or record resource belongs to, if it is one of this source's files. */
  public Optional<String> collectionOf(String resource) {
    return Optional.ofNullable(filesByResource.get(resource)).map(BsonDumpFile::collection);
  }

  @Override
  public List<Split> plan() throws IOException {
    List<Split> splits = new ArrayList<>();
    for (BsonDumpFile file : files) {
      long size = Files.size(file.path());
      if (size == 0) {
        continue;
      }
      if (file.gzipped()) {
        splits.add(new Split(name, splits.size(), file.resource(), 0, size, size));
        continue;
      }
      SplitPoints points = splitPoints(file);
      for (int i = 0; i < points.count(); i++) {
        long start = points.start(i);
        long end = points.end(i);
        splits.add(new Split(name, splits.size(), file.resource(), start, end, end - start));
      }
    }
    return splits;
  }

  private SplitPoints splitPoints(BsonDumpFile file) throws IOException {
    SplitCache.FileStamp stamp = SplitCache.FileStamp.of(file.path());
    // A file of one split is hopped through in moments; caching it would only litter the dump.
    long splitSize = options.splitSizeBytes();
    boolean useCache = options.splitCache() && stamp.size() > splitSize;
    Optional<SplitPoints> cached =
        useCache ? SplitCache.read(file.path(), stamp, splitSize) : Optional.empty();
    SplitPoints points;
    if (cached.isPresent()) {
      points = cached.get();
    } else {
      try (FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ)) {
        points = SplitPlanner.plan(channel, stamp.size(), splitSize);
      }
      if (useCache) {
        SplitCache.write(file.path(), stamp, splitSize, points);
      }
    }
    if (points.damage() != null) {
      LOG.warn(
          "{} is damaged at byte {}: {}; its last split will report the rest as malformed",
          file.resource(),
          points.damage().offset(),
          points.damage().reason());
    }
    return points;
  }

  @Override
  public Optional<Path> file(String resource) {
    return Optional.ofNullable(filesByResource.get(resource)).map(BsonDumpFile::path);
  }

  @Override
  public SplitReader open(Split split) throws IOException {
    BsonDumpFile file = filesByResource.get(split.resource());
    if (file == null) {
      Path path = SourcePaths.resolve(baseDir, split.resource());
      file =
          new BsonDumpFile(
              split.resource(),
              path,
              CollectionNames.collectionOf(path),
              CollectionNames.isGzipped(path));
    }
    return BsonSplitReader.open(split, file);
  }
}
