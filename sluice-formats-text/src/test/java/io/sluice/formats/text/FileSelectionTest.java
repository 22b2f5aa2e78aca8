package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.csv;
import static io.sluice.formats.text.TextFixtures.ndjson;
import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files, folders and globs: which files are read, in which order, under which names. */
class FileSelectionTest {

  @TempDir Path dir;

  private void writeCsv(String name, String id) throws IOException {
    TextFixtures.write(dir.resolve(name), "id\n" + id + "\n");
  }

  @Test
  void should_read_a_folders_files_of_the_format_sorted_by_name() throws IOException {
    writeCsv("data/b.csv", "b");
    writeCsv("data/a.csv.gz", "a");
    writeCsv("data/c.tsv", "c");
    writeCsv("data/d.txt.zst", "d");
    writeCsv("data/e.json", "skipped: another format");
    writeCsv("data/.hidden.csv", "skipped: hidden");
    writeCsv("data/sub/f.csv", "skipped: in a subfolder");

    try (Source source = csv(dir, Map.of(), "data")) {
      assertThat(((CsvSource) source).resources())
          .containsExactly("data/a.csv.gz", "data/b.csv", "data/c.tsv", "data/d.txt.zst");
      assertThat(source.plan())
          .extracting(Split::resource)
          .containsExactly("data/a.csv.gz", "data/b.csv", "data/c.tsv", "data/d.txt.zst");
      assertThat(records(readAll(source)))
          .extracting(r -> r.get("id"))
          .containsExactly("a", "b", "c", "d");
    }
  }

  @Test
  void should_read_the_files_a_glob_matches_sorted_by_name() throws IOException {
    TextFixtures.write(dir.resolve("out/part-2.jsonl"), "{\"p\":2}\n");
    TextFixtures.write(dir.resolve("out/part-1.jsonl"), "{\"p\":1}\n");
    TextFixtures.write(dir.resolve("out/part-3"), "{\"p\":3}\n");
    TextFixtures.write(dir.resolve("out/_SUCCESS"), "");

    try (Source source = ndjson(dir, Map.of(), "out/part-*")) {
      assertThat(records(readAll(source)))
          .containsExactly(Map.of("p", 1), Map.of("p", 2), Map.of("p", 3));
    }
  }

  @Test
  void should_read_a_file_named_twice_once() throws IOException {
    writeCsv("a.csv", "a");

    try (Source source = csv(dir, Map.of(), "a.csv", "./a.csv", "*.csv")) {
      assertThat(records(readAll(source))).hasSize(1);
    }
  }

  @Test
  void should_skip_empty_files_in_the_plan() throws IOException {
    Files.createDirectories(dir.resolve("data"));
    Files.writeString(dir.resolve("data/empty.ndjson"), "");

    try (Source source = ndjson(dir, Map.of(), "data")) {
      assertThat(source.plan()).isEmpty();
    }
  }

  @Test
  void should_refuse_paths_that_name_nothing_readable() throws IOException {
    Files.createDirectories(dir.resolve("empty"));

    assertThatThrownBy(() -> csv(dir, Map.of(), "empty"))
        .hasMessageContaining("no csv files found in [empty]");
    assertThatThrownBy(() -> csv(dir, Map.of(), "missing.csv"))
        .hasMessageContaining("is neither a file nor a folder");
    assertThatThrownBy(() -> csv(dir, Map.of(), "*/x.csv"))
        .hasMessageContaining("a glob may only be in the file name");
    assertThatThrownBy(() -> csv(dir, Map.of())).hasMessage("Source 't' has no 'path'.");
  }
}
