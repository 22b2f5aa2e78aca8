package io.sluice.testinfra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The build's backstop against test nodes that outlive their tests: run once every module's tests
 * have ended, it stops each module's shared node ({@link ModuleNodes}) that no test JVM uses any
 * more, and says so. A test JVM that ends without running its shutdown hook leaves such a node
 * behind. Run as {@code java -cp <class path> io.sluice.testinfra.LeftoverTestNodes <project
 * folder>}; it looks in each module's {@code target/it-work/shared-nodes}. It never fails the
 * build: a node it cannot stop is named in a warning.
 */
public final class LeftoverTestNodes {

  private LeftoverTestNodes() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("Usage: LeftoverTestNodes <project folder>");
      System.exit(64);
    }
    List<String> stopped = stopAll(Path.of(args[0]));
    for (String node : stopped) {
      System.out.printf(
          "Stopped the test node %s: it outlived its module's tests (a test JVM ended without"
              + " leaving it).%n",
          node);
    }
    System.out.printf("Test nodes left running by the build: %d.%n", stopped.size());
  }

  /**
   * Stops the shared test nodes of the modules in {@code project} that no live JVM uses; returns
   * them as {@code <module>/<name>}.
   */
  static List<String> stopAll(Path project) throws IOException {
    List<Path> modules;
    try (Stream<Path> listed = Files.list(project)) {
      modules = listed.filter(Files::isDirectory).sorted().toList();
    }
    List<String> stopped = new ArrayList<>();
    for (Path module : modules) {
      Path shared = module.resolve("target").resolve("it-work").resolve("shared-nodes");
      if (!Files.isDirectory(shared)) {
        continue;
      }
      try {
        for (String name : ModuleNodes.stopUnused(shared)) {
          stopped.add(module.getFileName() + "/" + name);
        }
      } catch (IOException | RuntimeException e) {
        System.out.printf(
            "WARNING: could not check the test nodes in %s for leftovers: %s%n", shared, e);
      }
    }
    return stopped;
  }
}
