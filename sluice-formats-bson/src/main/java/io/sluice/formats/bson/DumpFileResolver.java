package io.sluice.formats.bson;

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Expands a source's {@code paths} into the dump files to read, in a fixed order: each path in the
 * order given; a folder's {@code *.bson} and {@code *.bson.gz} files (not its subfolders) sorted by
 * name; a glob in the last path segment, such as {@code dump/shop/*.bson}, likewise sorted. A file
 * named twice is read once. Then the {@code collection} option, when set, keeps only the files of
 * those collections; without it, folders and globs skip {@code system.*} collections, which hold
 * server state rather than data.
 */
final class DumpFileResolver {

  private DumpFileResolver() {}

  static List<BsonDumpFile> resolve(List<String> paths, Path baseDir, List<String> collections) {
    if (paths.isEmpty()) {
      throw new IllegalArgumentException("a bson source needs at least one path");
    }
    Map<Path, BsonDumpFile> files = new LinkedHashMap<>();
    for (String given : paths) {
      for (BsonDumpFile file : expand(given, baseDir, collections.isEmpty())) {
        files.putIfAbsent(file.path().toAbsolutePath().normalize(), file);
      }
    }
    return select(new ArrayList<>(files.values()), collections, paths);
  }

  private static List<BsonDumpFile> expand(String given, Path baseDir, boolean skipSystem) {
    Path givenPath = SourcePaths.of(given);
    Path path = SourcePaths.resolve(baseDir, givenPath);
    Path name = givenPath.getFileName();
    if (name != null && isGlob(name.toString())) {
      Path givenFolder = givenPath.getParent();
      if (givenFolder != null && isGlob(givenFolder.toString())) {
        throw new IllegalArgumentException(
            "bson source path '" + given + "': a glob may only be in the file name");
      }
      Path folder = path.getParent() == null ? Path.of(".") : path.getParent();
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException(
            "bson source path '" + given + "': folder " + folder + " does not exist");
      }
      PathMatcher matcher = path.getFileSystem().getPathMatcher("glob:" + name);
      return list(
          givenFolder,
          folder,
          p -> matcher.matches(p.getFileName()) && CollectionNames.isDumpFile(p),
          skipSystem);
    }
    if (Files.isDirectory(path)) {
      return list(givenPath, path, CollectionNames::isDumpFile, skipSystem);
    }
    if (Files.isRegularFile(path)) {
      return List.of(dumpFile(given, path));
    }
    throw new IllegalArgumentException(
        "bson source path '" + given + "' is neither a file nor a folder (looked at " + path + ")");
  }

  /**
   * The dump files in {@code folder} that {@code wanted} accepts, sorted by name.
   *
   * @param givenFolder the folder as the job named it, for resource names; null for the current one
   */
  private static List<BsonDumpFile> list(
      Path givenFolder, Path folder, Predicate<Path> wanted, boolean skipSystem) {
    List<BsonDumpFile> found = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      for (Path entry : entries) {
        if (Files.isRegularFile(entry) && wanted.test(entry)) {
          Path name = entry.getFileName();
          String resource =
              givenFolder == null ? name.toString() : givenFolder.resolve(name).toString();
          found.add(dumpFile(resource, entry));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder, e);
    }
    found.sort(Comparator.comparing(file -> file.path().getFileName().toString()));
    if (skipSystem) {
      found.removeIf(file -> file.collection().startsWith("system."));
    }
    return found;
  }

  private static BsonDumpFile dumpFile(String resource, Path path) {
    return new BsonDumpFile(
        resource, path, CollectionNames.collectionOf(path), CollectionNames.isGzipped(path));
  }

  private static List<BsonDumpFile> select(
      List<BsonDumpFile> files, List<String> collections, List<String> paths) {
    if (!collections.isEmpty()) {
      Set<String> available = new LinkedHashSet<>();
      files.forEach(file -> available.add(file.collection()));
      for (String wanted : collections) {
        if (!available.contains(wanted)) {
          throw new IllegalArgumentException(
              "collection '" + wanted + "' is not in " + paths + "; it holds " + available);
        }
      }
      files.removeIf(file -> !collections.contains(file.collection()));
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no .bson or .bson.gz files found in " + paths);
    }
    return List.copyOf(files);
  }

  private static boolean isGlob(String text) {
    return text.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }
}
