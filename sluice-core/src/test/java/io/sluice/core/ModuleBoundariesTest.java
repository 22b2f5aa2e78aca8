package io.sluice.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The modules' shape, read from the imports of every module's main sources: sources and targets do
 * not import each other, and only the CLI and Spark name the concrete sources and targets (they
 * find each other through the core's interfaces), apart from the edges listed here with their
 * reason. A new edge fails here until it is listed, and docs/architecture.md says why.
 */
class ModuleBoundariesTest {

  private static final Set<String> SOURCES =
      Set.of(
          "sluice-formats-bson", "sluice-formats-text", "sluice-formats-parquet", "sluice-hbase");

  /** The table source and the CQL target share one module: the cluster's code. */
  private static final Set<String> TARGETS =
      Set.of("sluice-cassandra", "sluice-sstables", "sluice-sstables-writer");

  private static final Set<String> ASSEMBLERS = Set.of("sluice-cli", "sluice-spark");

  /** Modules that may name a concrete module beside the CLI and Spark, and which, and why. */
  private static final Map<String, Set<String>> ALLOWED =
      Map.of(
          // SSTables are written for the cluster's schema and streamed with its sessions.
          "sluice-sstables", Set.of("sluice-cassandra"),
          // The proxy connects to both clusters with the target's cluster settings and sessions.
          "sluice-proxy", Set.of("sluice-cassandra"));

  private static final Pattern PACKAGE = Pattern.compile("(?m)^package (io\\.sluice\\.[\\w.]+);");
  private static final Pattern IMPORT =
      Pattern.compile("(?m)^import (?:static )?(io\\.sluice\\.[\\w.]+)\\.[\\w*]+;");

  /** Each module's main sources' imports of the project's modules. */
  private static final Map<String, Set<String>> IMPORTS = new TreeMap<>();

  @BeforeAll
  static void readModules() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    Map<String, String> owners = new TreeMap<>();
    Map<String, Set<String>> imported = new TreeMap<>();
    try (Stream<Path> folders = Files.list(root)) {
      for (Path module :
          folders.filter(f -> Files.isDirectory(f.resolve("src/main/java"))).toList()) {
        String name = module.getFileName().toString();
        Set<String> packages = imported.computeIfAbsent(name, n -> new TreeSet<>());
        try (Stream<Path> walk = Files.walk(module.resolve("src/main/java"))) {
          for (Path file : walk.filter(f -> f.toString().endsWith(".java")).toList()) {
            String text = Files.readString(file);
            Matcher declared = PACKAGE.matcher(text);
            if (declared.find()) {
              owners.put(declared.group(1), name);
            }
            Matcher imports = IMPORT.matcher(text);
            while (imports.find()) {
              packages.add(imports.group(1));
            }
          }
        }
      }
    }
    imported.forEach(
        (module, packages) -> {
          Set<String> modules = new TreeSet<>();
          for (String pkg : packages) {
            String owner = owners.get(pkg);
            if (owner != null && !owner.equals(module)) {
              modules.add(owner);
            }
          }
          IMPORTS.put(module, modules);
        });
  }

  @Test
  void should_read_every_module() {
    assertThat(IMPORTS).containsKeys("sluice-core", "sluice-cli", "sluice-spark", "sluice-proxy");
    assertThat(IMPORTS.keySet()).containsAll(SOURCES).containsAll(TARGETS);
    assertThat(IMPORTS.get("sluice-cli")).contains("sluice-core", "sluice-cassandra");
  }

  @Test
  void should_keep_sources_and_targets_from_importing_each_other() {
    for (String source : SOURCES) {
      assertThat(IMPORTS.get(source))
          .as("what the source module %s imports", source)
          .doesNotContainAnyElementsOf(SOURCES)
          .doesNotContainAnyElementsOf(TARGETS);
    }
    for (String target : TARGETS) {
      assertThat(IMPORTS.get(target))
          .as("what the target module %s imports", target)
          .doesNotContainAnyElementsOf(SOURCES);
    }
  }

  @Test
  void should_let_only_the_cli_and_spark_name_concrete_modules() {
    Set<String> concrete = new TreeSet<>(SOURCES);
    concrete.addAll(TARGETS);
    IMPORTS.forEach(
        (module, imports) -> {
          if (ASSEMBLERS.contains(module)) {
            return;
          }
          Set<String> named = new TreeSet<>(imports);
          named.retainAll(concrete);
          assertThat(named)
              .as("the concrete modules %s names", module)
              .isSubsetOf(ALLOWED.getOrDefault(module, Set.of()));
        });
  }
}
