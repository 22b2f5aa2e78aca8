package io.sluice.node;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Checks that a node folder is one Sluice may use, and locks it while a start or stop runs so two
 * commands never launch two Cassandras on the same data.
 */
final class NodeFolder implements AutoCloseable {

  private static final Set<String> OWN_FILES = Set.of("node.lock", "node.json.tmp");
  private static final Duration LOCK_WAIT = Duration.ofSeconds(5);

  private final FileChannel channel;
  private final FileLock lock;

  private NodeFolder(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * The state recorded in the folder, or empty for a folder that does not exist yet or is empty.
   *
   * @throws LocalNodeException if the path is a file, if the folder holds files but no {@code
   *     node.json}, or if {@code node.json} cannot be read
   */
  static Optional<NodeState> inspect(NodeLayout layout) {
    Path dir = layout.dir();
    if (!Files.exists(dir)) {
      return Optional.empty();
    }
    if (!Files.isDirectory(dir)) {
      throw new LocalNodeException(
          dir + " is a file, not a folder; choose a folder for the node's data.");
    }
    Optional<NodeState> state = NodeStateFile.read(layout.stateFile());
    if (state.isEmpty() && !foreignFiles(dir).isEmpty()) {
      throw new LocalNodeException(
          dir
              + " already holds files but was not set up by Sluice (there is no node.json in it);"
              + " choose a new or empty folder for the node.");
    }
    return state;
  }

  /**
   * Refuses data last used by a newer Cassandra than {@code distributionVersion}: Cassandra can
   * read the files of older releases, not of newer ones.
   */
  static void checkVersion(NodeLayout layout, String recordedVersion, String distributionVersion) {
    if (compareMajorMinor(recordedVersion, distributionVersion) > 0) {
      throw new LocalNodeException(
          "The data in "
              + layout.dir()
              + " was last used by Cassandra "
              + recordedVersion
              + ", which is newer than the "
              + distributionVersion
              + " Sluice has; Cassandra cannot open data of a newer release.");
    }
  }

  /** Compares "5.0.9" and "5.1.0" by major and minor version only. */
  static int compareMajorMinor(String a, String b) {
    int[] x = majorMinor(a);
    int[] y = majorMinor(b);
    return x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]);
  }

  private static int[] majorMinor(String version) {
    String[] parts = version.split("[.-]");
    try {
      return new int[] {
        Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0
      };
    } catch (NumberFormatException e) {
      return new int[] {0, 0};
    }
  }

  /** Creates the folder if needed and takes its lock, waiting a few seconds at most. */
  static NodeFolder lock(NodeLayout layout) {
    return lock(layout, LOCK_WAIT);
  }

  static NodeFolder lock(NodeLayout layout, Duration wait) {
    try {
      Files.createDirectories(layout.dir());
      FileChannel channel =
          FileChannel.open(layout.lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      long deadline = System.nanoTime() + wait.toNanos();
      while (true) {
        FileLock lock;
        try {
          lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
          lock = null;
        }
        if (lock != null) {
          return new NodeFolder(channel, lock);
        }
        if (System.nanoTime() >= deadline) {
          channel.close();
          throw new LocalNodeException(
              "Another Sluice command is starting or stopping the node in "
                  + layout.dir()
                  + "; wait for it to finish and try again.");
        }
        CassandraProcesses.sleep(Duration.ofMillis(200));
      }
    } catch (IOException e) {
      throw new LocalNodeException(
          "Cannot use " + layout.dir() + " for the node: " + e.getMessage() + ".", e);
    }
  }

  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException e) {
      // Closing the channel releases the lock in any case.
    }
  }

  private static List<Path> foreignFiles(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> !OWN_FILES.contains(f.getFileName().toString())).toList();
    } catch (IOException e) {
      throw new LocalNodeException("Cannot read the folder " + dir + ": " + e.getMessage() + ".");
    }
  }
}
