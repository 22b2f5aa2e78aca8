package io.sluice.sstables;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where an SSTable target's files go: {@code segments/<split>/<segment>/<keyspace>/<table>/} under
 * the target's directory, as Cassandra's loader wants a table's files. A segment's folder holds
 * {@value #COMPLETE} once every file in it is closed; one without it is the rest of a run that was
 * killed, whose rows were never counted as written, and is deleted before the next run writes. A
 * loaded segment gets {@code LOADED-<datacenter>} for each datacenter it reached, then goes (or
 * moves to {@code loaded/}). Segments are loaded in batches staged under {@code staging/}, which
 * holds links only.
 */
final class SegmentFolders {

  static final String COMPLETE = "COMPLETE";
  private static final String LOADED = "LOADED-";

  private final Path root;
  private final String keyspace;
  private final String table;

  SegmentFolders(Path root, String keyspace, String table) {
    this.root = root;
    this.keyspace = keyspace;
    this.table = table;
  }

  Path root() {
    return root;
  }

  /**
   * A new segment's folder for a split, and the table folder inside it the writer fills; a segment
   * of that name must not exist yet.
   */
  Path create(String splitId, String segmentName) {
    Path segment =
        root.resolve("segments")
            .resolve(URLEncoder.encode(splitId, StandardCharsets.UTF_8))
            .resolve(segmentName);
    Path tableFolder = segment.resolve(keyspace).resolve(table);
    try {
      Files.createDirectories(segment.getParent());
      Files.createDirectory(segment);
      Files.createDirectories(tableFolder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + tableFolder + ": " + e.getMessage(), e);
    }
    return tableFolder;
  }

  /** The segment folder of a table folder {@link #create} gave. */
  static Path segmentOf(Path tableFolder) {
    return tableFolder.getParent().getParent();
  }

  /** Marks a segment's files complete, durably. */
  static void markComplete(Path segment) throws IOException {
    Path marker = segment.resolve(COMPLETE);
    Files.writeString(marker, "");
    try (var channel = java.nio.channels.FileChannel.open(marker)) {
      channel.force(true);
    }
  }

  /** Deletes the segments a killed run left incomplete; returns how many. */
  int deleteIncomplete() {
    int deleted = 0;
    for (Path segment : segments()) {
      if (!Files.exists(segment.resolve(COMPLETE))) {
        deleteTree(segment);
        deleted++;
      }
    }
    return deleted;
  }

  /** Every segment folder, complete or not, in name order. */
  List<Path> segments() {
    Path segments = root.resolve("segments");
    if (!Files.isDirectory(segments)) {
      return List.of();
    }
    List<Path> found = new ArrayList<>();
    try (Stream<Path> splits = Files.list(segments)) {
      for (Path split : splits.sorted().toList()) {
        try (Stream<Path> inSplit = Files.list(split)) {
          inSplit.filter(Files::isDirectory).sorted().forEach(found::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + segments + ": " + e.getMessage(), e);
    }
    return found;
  }

  /** The complete segments, in name order. */
  List<Path> complete() {
    return segments().stream().filter(s -> Files.exists(s.resolve(COMPLETE))).toList();
  }

  /** The table folder of a segment, which the loader reads. */
  Path tableFolder(Path segment) {
    return segment.resolve(keyspace).resolve(table);
  }

  /**
   * A batch of segments as one table folder for the loader: {@code staging/<n>/<keyspace>/<table>/}
   * holding a hard link to every file of each (a copy where links are not possible). The files'
   * names are unique identifiers, so those of different segments never meet.
   */
  Path stage(int batch, List<Path> segments) throws IOException {
    Path staged = root.resolve("staging").resolve(String.valueOf(batch));
    if (Files.exists(staged)) {
      deleteTree(staged);
    }
    Path tableFolder = staged.resolve(keyspace).resolve(table);
    Files.createDirectories(tableFolder);
    for (Path segment : segments) {
      try (Stream<Path> files = Files.list(tableFolder(segment))) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          Path link = tableFolder.resolve(file.getFileName());
          try {
            Files.createLink(link, file);
          } catch (UnsupportedOperationException | IOException e) {
            Files.copy(file, link);
          }
        }
      }
    }
    return tableFolder;
  }

  /** Removes every staged batch: links only, the segments keep their files. */
  void clearStaging() {
    Path staging = root.resolve("staging");
    if (Files.exists(staging)) {
      deleteTree(staging);
    }
  }

  static boolean loaded(Path segment, String datacenter) {
    return Files.exists(segment.resolve(LOADED + datacenter));
  }

  static void markLoaded(Path segment, String datacenter) throws IOException {
    Files.writeString(segment.resolve(LOADED + datacenter), "");
  }

  /** Takes a segment loaded everywhere away: deleted, or moved under {@code loaded/}. */
  void retire(Path segment, boolean keep) throws IOException {
    if (!keep) {
      deleteTree(segment);
      return;
    }
    Path target = root.resolve("loaded").resolve(root.resolve("segments").relativize(segment));
    Files.createDirectories(target.getParent());
    Files.move(segment, target);
  }

  static void deleteTree(Path folder) {
    try (Stream<Path> all = Files.walk(folder)) {
      for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + folder + ": " + e.getMessage(), e);
    }
  }
}
