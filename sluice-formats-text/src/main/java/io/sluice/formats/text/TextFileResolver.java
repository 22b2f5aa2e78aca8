package io.sluice.formats.text;

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
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Expands a source's {@code paths} into the files to read, in a fixed order, as the BSON source
 * does: each path in the order given; a folder's files whose name (less a {@code .gz}, {@code .zst}
 * or {@code .zstd} suffix) ends in one of the format's extensions, not its subfolders, sorted by
 * name; a glob in the last path segment, such as {@code data/part-*.csv.gz}, matching any regular
 * file, likewise sorted. Hidden files (names starting with {@code .}) are left out of folders and
 * globs. A file named twice is read once.
 */
final class TextFileResolver {

  private TextFileResolver() {}

  /**
   * @param format the source type, for messages
   * @param extensions the format's file extensions, lower case with their dot, such as {@code .csv}
   */
  static List<TextFile> resolve(
      String format, List<String> paths, Path baseDir, Set<String> extensions) {
    if (paths.isEmpty()) {
      throw new IllegalArgumentException("a " + format + " source needs at least one path");
    }
    Map<Path, TextFile> files = new LinkedHashMap<>();
    for (String given : paths) {
      for (TextFile file : expand(format, given, baseDir, extensions)) {
        files.putIfAbsent(file.path().toAbsolutePath().normalize(), file);
      }
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException(
          "no " + format + " files found in " + paths + " (looked for " + extensions + ")");
    }
    return List.copyOf(files.values());
  }

  private static List<TextFile> expand(
      String format, String given, Path baseDir, Set<String> extensions) {
    Path givenPath = SourcePaths.of(given);
    Path path = SourcePaths.resolve(baseDir, givenPath);
    Path name = givenPath.getFileName();
    if (name != null && isGlob(name.toString())) {
      Path givenFolder = givenPath.getParent();
      if (givenFolder != null && isGlob(givenFolder.toString())) {
        throw new IllegalArgumentException(
            format + " source path '" + given + "': a glob may only be in the file name");
      }
      Path folder = path.getParent() == null ? Path.of(".") : path.getParent();
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException(
            format + " source path '" + given + "': folder " + folder + " does not exist");
      }
      PathMatcher matcher = path.getFileSystem().getPathMatcher("glob:" + name);
      return list(givenFolder, folder, p -> matcher.matches(p.getFileName()));
    }
    if (Files.isDirectory(path)) {
      return list(givenPath, path, p -> hasExtension(p, extensions));
    }
    if (Files.isRegularFile(path)) {
      return List.of(new TextFile(given, path, Compression.of(path)));
    }
    if (givenPath.getParent() != null && isGlob(givenPath.getParent().toString())) {
      throw new IllegalArgumentException(
          format + " source path '" + given + "': a glob may only be in the file name");
    }
    throw new IllegalArgumentException(
        format
            + " source path '"
            + given
            + "' is neither a file nor a folder (looked at "
            + path
            + ")");
  }

  private static List<TextFile> list(
      Path givenFolder, Path folder, java.util.function.Predicate<Path> wanted) {
    List<TextFile> found = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      for (Path entry : entries) {
        String fileName = entry.getFileName().toString();
        if (Files.isRegularFile(entry) && !fileName.startsWith(".") && wanted.test(entry)) {
          String resource =
              givenFolder == null ? fileName : givenFolder.resolve(fileName).toString();
          found.add(new TextFile(resource, entry, Compression.of(entry)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder, e);
    }
    found.sort(Comparator.comparing(file -> file.path().getFileName().toString()));
    return found;
  }

  private static boolean hasExtension(Path path, Set<String> extensions) {
    String base = Compression.baseName(path).toLowerCase(Locale.ROOT);
    return extensions.stream().anyMatch(base::endsWith);
  }

  private static boolean isGlob(String text) {
    return text.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }
}
