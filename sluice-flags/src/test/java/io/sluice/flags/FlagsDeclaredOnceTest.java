package io.sluice.flags;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Each command-line flag of every module is declared in one place: a flag two runtimes share comes
 * from this module's mixins, so that its name, default, checks and help cannot drift apart.
 */
class FlagsDeclaredOnceTest {

  private static final Pattern NAMES = Pattern.compile("names\\s*=\\s*(\\{[^}]*}|\"[^\"]*\")");
  private static final Pattern FLAG = Pattern.compile("\"(-[^\"]+)\"");

  @Test
  void should_find_every_flag_declared_in_one_place_only() throws IOException {
    Map<String, List<String>> declarations = new TreeMap<>();
    Path root = Path.of("").toAbsolutePath().getParent();
    for (Path module : modules(root)) {
      Path sources = module.resolve("src/main/java");
      if (!Files.isDirectory(sources)) {
        continue;
      }
      List<Path> files;
      try (Stream<Path> walk = Files.walk(sources)) {
        files = walk.filter(f -> f.toString().endsWith(".java")).toList();
      }
      for (Path file : files) {
        Matcher names = NAMES.matcher(Files.readString(file));
        while (names.find()) {
          Matcher flag = FLAG.matcher(names.group(1));
          while (flag.find()) {
            declarations
                .computeIfAbsent(flag.group(1), name -> new ArrayList<>())
                .add(root.relativize(file).toString());
          }
        }
      }
    }

    assertThat(declarations).containsKeys("--max-errors", "--repair-timestamp", "--workers");
    assertThat(declarations).allSatisfy((flag, where) -> assertThat(where).as(flag).hasSize(1));
  }

  /** The project's modules: the folders beside this one that hold a build file. */
  private static List<Path> modules(Path root) throws IOException {
    try (Stream<Path> folders = Files.list(root)) {
      return folders.filter(f -> Files.isRegularFile(f.resolve("pom.xml"))).sorted().toList();
    }
  }

  @Test
  void should_describe_every_flag_of_a_run() {
    for (Object flags : List.of(new JobFlags(), new LocalFlags(), new ValidationFlags())) {
      for (OptionSpec option : CommandSpec.forAnnotatedObject(flags).options()) {
        assertThat(String.join(" ", option.description()))
            .as("the description of %s", option.longestName())
            .isNotBlank();
      }
    }
  }
}
