package io.sluice.core.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortedKeyRunsTest {

  @TempDir Path dir;

  private static byte[] key(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static List<String> readAll(SortedKeyRuns runs) throws IOException {
    List<String> keys = new ArrayList<>();
    try (SortedKeyRuns.KeyReader reader = runs.sorted()) {
      for (byte[] k = reader.next(); k != null; k = reader.next()) {
        keys.add(new String(k, StandardCharsets.UTF_8));
      }
    }
    return keys;
  }

  private long runFiles() throws IOException {
    try (Stream<Path> files = Files.list(dir.resolve("keys"))) {
      return files.filter(f -> f.getFileName().toString().startsWith("run-")).count();
    }
  }

  @Test
  void should_sort_more_keys_than_fit_in_memory_and_drop_duplicates() throws IOException {
    SortedKeyRuns runs = new SortedKeyRuns(dir.resolve("keys"), 100, 0);
    Random random = new Random(1);
    TreeSet<String> expected = new TreeSet<>();
    for (int i = 0; i < 20_000; i++) {
      String k = "k" + random.nextInt(5_000);
      expected.add(k);
      runs.add(key(k));
    }

    List<String> sorted = readAll(runs);

    assertThat(runFiles()).isEqualTo(200).isGreaterThan(SortedKeyRuns.FAN_IN);
    assertThat(sorted).containsExactlyElementsOf(expected);
  }

  @Test
  void should_order_keys_by_unsigned_bytes() throws IOException {
    SortedKeyRuns runs = new SortedKeyRuns(dir.resolve("keys"), 10, 0);
    runs.add(key("é"));
    runs.add(key("z"));
    runs.add(key("a"));

    assertThat(readAll(runs)).containsExactly("a", "z", "é");
  }

  @Test
  void should_keep_the_runs_a_checkpoint_counted_and_drop_later_ones() throws IOException {
    SortedKeyRuns first = new SortedKeyRuns(dir.resolve("keys"), 2, 0);
    first.add(key("a"));
    first.add(key("b"));
    int committed = first.flush();
    first.add(key("c"));
    first.add(key("d"));

    SortedKeyRuns resumed = new SortedKeyRuns(dir.resolve("keys"), 2, committed);
    resumed.add(key("e"));

    assertThat(committed).isEqualTo(1);
    assertThat(readAll(resumed)).containsExactly("a", "b", "e");
  }

  @Test
  void should_refuse_to_resume_when_a_counted_run_is_gone() {
    assertThatThrownBy(() -> new SortedKeyRuns(dir.resolve("keys"), 2, 3))
        .hasMessageContaining("missing")
        .hasMessageContaining("--fresh");
  }
}
