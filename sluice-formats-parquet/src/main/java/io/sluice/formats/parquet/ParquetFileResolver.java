package io.sluice.formats.parquet;

import io.sluice.core.source.SourcePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Expands a source's {@code paths} into the Parquet files to read, in a fixed order: each path in
 * the order given; a folder's {@code *.parquet} files (not its subfolders) sorted by name; a glob
 * in the last path segment, such as {@code export/part-*.parquet}, likewise sorted. Folders and
 * globs skip names starting with {@code .} or {@code _}, which Spark and Hadoop use for markers and
 * checksums ({@code _SUCCESS}, {@code .part-0.parquet.crc}). A file named twice is read once.
 */
final class ParquetFileResolver {

  private ParquetFileResolver() {}

  static List<ParquetFile> resolve(List<String> paths, Path baseDir) {
    if (paths.isEmpty()) {
      throw new IllegalArgumentException("a parquet source needs at least one path");
    }
    Map<Path, ParquetFile> files = new LinkedHashMap<>();
    for (String given : paths) {
      for (ParquetFile file : expand(given, baseDir)) {
        files.putIfAbsent(file.path().toAbsolutePath().normalize(), file);
      }
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no .parquet files found in " + paths);
    }
    return List.copyOf(files.values());
  }

  private static List<ParquetFile> expand(String given, Path baseDir) {
    Path givenPath = SourcePaths.of(given);
    Path path = SourcePaths.resolve(baseDir, givenPath);
    Path name = givenPath.getFileName();
    Path givenFolder = givenPath.getParent();
    if (givenFolder != null && isGlob(givenFolder.toString())) {
      throw new IllegalArgumentException(
          "parquet source path '" + given + "': a glob may only be in the file name");
    }
    if (name != null && isGlob(name.toString())) {
      Path folder = path.getParent() == null ? Path.of(".") : path.getParent();
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException(
            "parquet source path '" + given + "': folder " + folder + " does not exist");
      }
      PathMatcher matcher = path.getFileSystem().getPathMatcher("glob:" + name);
      return list(givenFolder, folder, p -> matcher.matches(p.getFileName()));
    }
    if (Files.isDirectory(path)) {
      return list(givenPath, path, p -> p.getFileName().toString().endsWith(".parquet"));
    }
    if (Files.isRegularFile(path)) {
      return List.of(new ParquetFile(given, path));
    }
    throw new IllegalArgumentException(
        "parquet source path '"
            + given
            + "' is neither a file nor a folder (looked at "
            + path
            + ")");
  }

  /**
   * The visible files in {@code folder} that {@code wanted} accepts, sorted by name.
   *
   * @param givenFolder the folder as the job named it, for resource names; null for the current one
   */
  private static List<ParquetFile> list(Path givenFolder, Path folder, Predicate<Path> wanted) {
    List<ParquetFile> found = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        boolean hidden = name.startsWith(".") || name.startsWith("_");
        if (!hidden && Files.isRegularFile(entry) && wanted.test(entry)) {
          String resource = givenFolder == null ? name : givenFolder.resolve(name).toString();
          found.add(new ParquetFile(resource, entry));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder, e);
    }
    found.sort(Comparator.comparing(file -> file.path().getFileName().toString()));
    return found;
  }

  private static boolean isGlob(String text) {
    return text.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }
}
