package io.sluice.testinfra;

import io.sluice.node.LocalNode;
import io.sluice.node.NodeStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local nodes that all test JVMs of one build module share, one per name: the first JVM that
 * needs a node starts it, the others join it, and the last one to end stops it and deletes its data
 * (logs are kept). A build that forks three test JVMs thus starts one node, not three: a start
 * costs some six seconds of CPU, and each node a gigabyte of memory while it lives.
 *
 * <p>The JVMs meet in {@code <work-dir>/shared-nodes}: {@code <name>.lock} serializes them, {@code
 * <name>.folder} names the running node's folder, {@code <name>.users/<pid>} lists the JVMs using
 * it. A JVM that was killed never removes its entry; it counts as gone once its process is. A node
 * left running by a killed build is joined by the next one; one whose last JVM ended without its
 * shutdown hook is stopped by a build that reaches its last module ({@link LeftoverTestNodes}).
 */
final class ModuleNodes {

  private static final Logger LOG = LoggerFactory.getLogger(ModuleNodes.class);

  private static final String FOLDER_SUFFIX = ".folder";

  private final Path dir;
  private final String name;

  private ModuleNodes(Path dir, String name) {
    this.dir = dir;
    this.name = name;
  }

  /** The module's node called {@code name}, running: joined if one runs, else started. */
  static NodeStatus join(Path workDir, String name) {
    ModuleNodes nodes = new ModuleNodes(workDir.resolve("shared-nodes"), name);
    try {
      Files.createDirectories(nodes.users());
      return nodes.joinLocked();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot share the test node through " + nodes.dir + ": " + e.getMessage(), e);
    }
  }

  private NodeStatus joinLocked() throws IOException {
    try (FileChannel channel = lockFile();
        FileLock lock = channel.lock()) {
      Optional<NodeStatus> running = running();
      NodeStatus status;
      if (running.isPresent()) {
        status = running.get();
        LOG.info("Tests join the module's node {} in {}.", name, status.folder());
      } else {
        status = start();
      }
      Files.writeString(users().resolve(String.valueOf(ProcessHandle.current().pid())), "");
      Runtime.getRuntime().addShutdownHook(new Thread(this::leave, "sluice-test-node-" + name));
      return status;
    }
  }

  private NodeStatus start() throws IOException {
    TestNodes.Started started = TestNodes.startOnFreePorts(name + "-", TestNodes.options().build());
    NodeStatus status = started.result().status();
    Files.writeString(folderFile(), started.node().folder().toAbsolutePath().toString());
    LOG.info(
        "Tests use a local Cassandra node at 127.0.0.1:{} started in {} s; its log is {}.",
        status.ports().orElseThrow().nativePort(),
        started.result().elapsed().toSeconds(),
        status.systemLog());
    return status;
  }

  /** The node named in the folder file, if it runs. */
  private Optional<NodeStatus> running() throws IOException {
    if (!Files.exists(folderFile())) {
      return Optional.empty();
    }
    NodeStatus status = new LocalNode(Path.of(Files.readString(folderFile()).trim())).status();
    return status.running() ? Optional.of(status) : Optional.empty();
  }

  /** This JVM leaves; the last one out stops the node. Runs as the JVM ends. */
  private void leave() {
    try (FileChannel channel = lockFile();
        FileLock lock = channel.lock()) {
      Files.deleteIfExists(users().resolve(String.valueOf(ProcessHandle.current().pid())));
      stopIfUnused();
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not stop the module's node {}: {}", name, e.toString());
    }
  }

  /**
   * Stops the running nodes in {@code sharedDir} (a module's {@code <work-dir>/shared-nodes}) that
   * no live JVM uses, and returns their names. The build calls it once all test JVMs have ended, as
   * a backstop: a JVM that ended without running its shutdown hook leaves its entry behind, and the
   * JVMs that left before it, seeing it alive, did not stop the node.
   */
  static List<String> stopUnused(Path sharedDir) throws IOException {
    List<String> names;
    try (Stream<Path> listed = Files.list(sharedDir)) {
      names =
          listed
              .map(file -> file.getFileName().toString())
              .filter(file -> file.endsWith(FOLDER_SUFFIX))
              .map(file -> file.substring(0, file.length() - FOLDER_SUFFIX.length()))
              .sorted()
              .toList();
    }
    List<String> stopped = new ArrayList<>();
    for (String name : names) {
      ModuleNodes nodes = new ModuleNodes(sharedDir, name);
      try (FileChannel channel = nodes.lockFile();
          FileLock lock = channel.lock()) {
        Files.createDirectories(nodes.users());
        if (nodes.running().isPresent() && nodes.stopIfUnused()) {
          stopped.add(name);
        }
      } catch (IOException | RuntimeException e) {
        LOG.warn("Could not check whether the node {} in {} is unused: {}", name, sharedDir, e);
      }
    }
    return stopped;
  }

  /** Stops the node and deletes its data if no live JVM uses it; the caller holds the lock. */
  private boolean stopIfUnused() throws IOException {
    if (anyUserAlive() || !Files.exists(folderFile())) {
      return false;
    }
    LocalNode node = new LocalNode(Path.of(Files.readString(folderFile()).trim()));
    node.stop();
    Files.delete(folderFile());
    for (Path storage : node.layout().storageDirs()) {
      deleteRecursively(storage);
    }
    return true;
  }

  /** Whether a live JVM uses the node; entries of JVMs that are gone are removed. */
  private boolean anyUserAlive() throws IOException {
    boolean alive = false;
    List<Path> entries;
    try (Stream<Path> listed = Files.list(users())) {
      entries = listed.toList();
    }
    for (Path entry : entries) {
      String file = entry.getFileName().toString();
      if (!file.chars().allMatch(Character::isDigit)) {
        continue;
      }
      long pid = Long.parseLong(file);
      if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        alive = true;
      } else {
        Files.deleteIfExists(entry);
      }
    }
    return alive;
  }

  private FileChannel lockFile() throws IOException {
    return FileChannel.open(
        dir.resolve(name + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }

  private Path folderFile() {
    return dir.resolve(name + FOLDER_SUFFIX);
  }

  private Path users() {
    return dir.resolve(name + ".users");
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      LOG.debug("Cannot delete {}: {}", dir, e.toString());
    }
  }
}
