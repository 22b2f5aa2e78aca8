package io.sluice.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The links into the reference lead somewhere: its own links to its sections, and those of the
 * README, the docs and the modules' READMEs to a section of {@code settings.md}, whose headings are
 * generated.
 */
class DocLinksTest {

  private static final Pattern HEADING = Pattern.compile("(?m)^#+ (.+)$");
  private static final Pattern OWN_LINK = Pattern.compile("\\]\\(#([^)]+)\\)");
  private static final Pattern SETTINGS_LINK = Pattern.compile("settings\\.md#([^)\\s]+)\\)");

  private final String page = SettingsReference.generate();
  private final Set<String> anchors =
      HEADING
          .matcher(page)
          .results()
          .map(h -> Markdown.anchor(h.group(1)))
          .collect(Collectors.toSet());

  @Test
  void should_link_only_to_sections_of_the_page() {
    assertThat(found(OWN_LINK, page)).isNotEmpty().allSatisfy(a -> assertThat(anchors).contains(a));
  }

  @Test
  void should_find_every_link_of_the_docs_to_the_reference_leading_to_a_section()
      throws IOException {
    Path root =
        Path.of(System.getProperty("sluice.settings.file", "../docs/settings.md"))
            .toAbsolutePath()
            .getParent()
            .getParent();
    List<String> broken = new ArrayList<>();
    for (Path doc : docs(root)) {
      for (String anchor : found(SETTINGS_LINK, Files.readString(doc))) {
        if (!anchors.contains(anchor)) {
          broken.add(root.relativize(doc) + ": settings.md#" + anchor);
        }
      }
    }
    assertThat(broken).as("links to sections settings.md does not have").isEmpty();
  }

  private static List<String> found(Pattern link, String text) {
    return link.matcher(text).results().map(m -> m.group(1)).toList();
  }

  /** README.md, docs/*.md and each module's README.md. */
  private static List<Path> docs(Path root) throws IOException {
    List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> files = Files.list(root.resolve("docs"))) {
      files.filter(f -> f.toString().endsWith(".md")).forEach(docs::add);
    }
    try (Stream<Path> modules = Files.list(root)) {
      modules.map(m -> m.resolve("README.md")).filter(Files::isRegularFile).forEach(docs::add);
    }
    return docs;
  }
}
