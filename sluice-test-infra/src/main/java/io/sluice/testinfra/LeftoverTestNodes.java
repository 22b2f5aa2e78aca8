package io.sluice.testinfra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The build's backstop against test nodes that outlive their tests: run once every module's tests
 * have ended, it stops each module's shared node ({@link ModuleNodes}) that no test JVM uses any
 * more, and says so. A test JVM that ends without running its shutdown hook leaves such a node
 * behind. Run as {@code java -cp <class path> io.sluice.testinfra.LeftoverTestNodes <project
 * folder>}; it looks in each module's {@code target/it-work/shared-nodes}.
 */
public final class LeftoverTestNodes {

  private LeftoverTestNodes() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("Usage: LeftoverTestNodes <project folder>");
      System.exit(64);
    }
    List<Path> modules;
    try (Stream<Path> listed = Files.list(Path.of(args[0]))) {
      modules = listed.filter(Files::isDirectory).sorted().toList();
    }
    int stopped = 0;
    for (Path module : modules) {
      Path shared = module.resolve("target").resolve("it-work").resolve("shared-nodes");
      if (!Files.isDirectory(shared)) {
        continue;
      }
      for (String name : ModuleNodes.stopUnused(shared)) {
        System.out.printf(
            "Stopped the test node %s of %s: it outlived the module's tests (a test JVM ended"
                + " without leaving it).%n",
            name, module.getFileName());
        stopped++;
      }
    }
    System.out.printf("Test nodes left running by the build: %d.%n", stopped);
  }
}
