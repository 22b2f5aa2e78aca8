package io.sluice.formats.bson;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a file's split points beside it as {@code <file>.splits} (mongo-hadoop's idea), so a 3 TB
 * dump is hopped through once, not on every plan. The cache is a small JSON file naming the file
 * size, modification time and split size it was computed for; it is used only while all three still
 * match, and is replaced atomically. Failing to read or write it is never an error: the points are
 * computed again.
 */
final class SplitCache {

  static final String SUFFIX = ".splits";
  static final String FORMAT = "sluice-bson-splits/1";

  private static final Logger LOG = LoggerFactory.getLogger(SplitCache.class);
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** What a file looked like when its points were computed. */
  record FileStamp(long size, String lastModified) {
    static FileStamp of(Path file) throws IOException {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return new FileStamp(attributes.size(), attributes.lastModifiedTime().toInstant().toString());
    }
  }

  /** The cache file's content. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record CacheFile(
      String format,
      long fileSize,
      String lastModified,
      long splitSize,
      List<Long> starts,
      SplitPoints.Damage damage) {}

  private SplitCache() {}

  static Path pathFor(Path file) {
    return file.resolveSibling(file.getFileName() + SUFFIX);
  }

  /** The cached points, when a cache exists and was computed for this stamp and split size. */
  static Optional<SplitPoints> read(Path file, FileStamp stamp, long splitSize) {
    Path cache = pathFor(file);
    try {
      CacheFile cached = JSON.readValue(cache.toFile(), CacheFile.class);
      if (!FORMAT.equals(cached.format())
          || cached.fileSize() != stamp.size()
          || !stamp.lastModified().equals(cached.lastModified())
          || cached.splitSize() != splitSize
          || cached.starts() == null) {
        return Optional.empty();
      }
      SplitPoints points = new SplitPoints(cached.fileSize(), cached.starts(), cached.damage());
      return points.isConsistentWith(stamp.size()) ? Optional.of(points) : Optional.empty();
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      LOG.info("Ignoring unreadable split cache {}: {}", cache, e.getMessage());
      return Optional.empty();
    }
  }

  /** Writes the cache; returns whether it was written. */
  static boolean write(Path file, FileStamp stamp, long splitSize, SplitPoints points) {
    Path cache = pathFor(file);
    CacheFile content =
        new CacheFile(
            FORMAT,
            stamp.size(),
            stamp.lastModified(),
            splitSize,
            points.starts(),
            points.damage());
    Path temp = null;
    try {
      temp =
          Files.createTempFile(
              cache.toAbsolutePath().getParent(), cache.getFileName() + ".", ".tmp");
      JSON.writeValue(temp.toFile(), content);
      moveIntoPlace(temp, cache);
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.info(
          "Cannot cache split points in {} ({}); they will be found again next time",
          cache,
          e.toString());
      deleteQuietly(temp);
      return false;
    }
  }

  private static void moveIntoPlace(Path temp, Path cache) throws IOException {
    try {
      Files.move(temp, cache, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, cache, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void deleteQuietly(Path temp) {
    if (temp != null) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // Best effort: a leftover temp file is harmless.
      }
    }
  }
}
