package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.csv;
import static io.sluice.formats.text.TextFixtures.ndjson;
import static io.sluice.formats.text.TextFixtures.read;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How files are cut into splits, and what a split that starts mid-file knows. */
class SplitPlanTest {

  @TempDir Path dir;

  private static String csvRows(int rows) {
    StringBuilder text = new StringBuilder("id,name\n");
    for (int i = 0; i < rows; i++) {
      text.append(i).append(",name ").append(i).append('\n');
    }
    return text.toString();
  }

  private static List<SourceItem> readSplits(Source source, List<Split> splits) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    for (Split split : splits) {
      items.addAll(read(source, split));
    }
    return items;
  }

  @Test
  void should_read_a_multiline_csv_file_whole() throws IOException {
    TextFixtures.write(dir.resolve("data.csv"), csvRows(1000));

    try (Source source = csv(dir, Map.of("split-size", "1KiB"), "data.csv")) {
      List<Split> splits = source.plan();

      assertThat(splits).hasSize(1);
      assertThat(splits.get(0).end()).isEqualTo(Files.size(dir.resolve("data.csv")));
    }
  }

  @Test
  void should_cut_a_csv_file_into_ranges_covering_it_when_not_multiline() throws IOException {
    TextFixtures.write(dir.resolve("data.csv"), csvRows(1000));
    long size = Files.size(dir.resolve("data.csv"));

    try (Source source = csv(dir, Map.of("split-size", "1KiB", "multiline", false), "data.csv")) {
      List<Split> splits = source.plan();

      assertThat(splits).hasSize((int) ((size + 1023) / 1024));
      for (int i = 0; i < splits.size(); i++) {
        assertThat(splits.get(i).index()).isEqualTo(i);
        assertThat(splits.get(i).start()).isEqualTo(i * 1024L);
        assertThat(splits.get(i).work()).isEqualTo(splits.get(i).end() - splits.get(i).start());
      }
      assertThat(splits.get(splits.size() - 1).end()).isEqualTo(size);
      List<Map<String, Object>> rows = records(readSplits(source, splits));
      assertThat(rows).hasSize(1000);
      assertThat(rows.get(999)).isEqualTo(Map.of("id", "999", "name", "name 999"));
    }
  }

  @Test
  void should_give_a_split_starting_mid_file_the_header_and_file_line_numbers() throws IOException {
    StringBuilder text = new StringBuilder("id,name\n");
    for (int i = 0; i < 1000; i++) {
      text.append(i).append(i == 700 ? "\n" : ",x\n");
    }
    TextFixtures.write(dir.resolve("data.csv"), text.toString());

    try (Source source = csv(dir, Map.of("split-size", "2KiB", "multiline", false), "data.csv")) {
      List<Split> splits = source.plan();
      Split last = splits.get(splits.size() - 1);
      List<SourceItem> lastItems = read(source, last);

      assertThat(records(lastItems).get(0).keySet()).containsExactly("id", "name");
      assertThat(reasons(readSplits(source, splits)))
          .containsExactly("line 702: expected 2 fields, found 1");
    }
  }

  @Test
  void should_give_the_record_at_a_split_boundary_to_the_split_it_starts_in() throws IOException {
    String text = "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n";
    TextFixtures.write(dir.resolve("data.ndjson"), text);

    try (Source source = ndjson(dir, Map.of("split-size", "8"), "data.ndjson")) {
      List<Split> splits = source.plan();

      assertThat(splits).hasSize(3);
      assertThat(records(read(source, splits.get(0)))).containsExactly(Map.of("a", 1));
      assertThat(records(read(source, splits.get(1)))).containsExactly(Map.of("a", 2));
      assertThat(records(read(source, splits.get(2)))).containsExactly(Map.of("a", 3));
    }
  }

  @Test
  void should_read_a_record_longer_than_a_split_in_the_split_it_starts_in() throws IOException {
    String text = "{\"a\":\"" + "x".repeat(100) + "\"}\n{\"a\":2}\n";
    TextFixtures.write(dir.resolve("data.ndjson"), text);

    try (Source source = ndjson(dir, Map.of("split-size", "10"), "data.ndjson")) {
      List<Split> splits = source.plan();

      assertThat(records(read(source, splits.get(0)))).hasSize(1);
      for (Split middle : splits.subList(1, 10)) {
        assertThat(read(source, middle)).as("split %d", middle.index()).isEmpty();
      }
      assertThat(records(read(source, splits.get(10)))).containsExactly(Map.of("a", 2));
    }
  }

  @Test
  void should_plan_a_header_longer_than_a_split_without_losing_records() throws IOException {
    StringBuilder header = new StringBuilder("c0");
    for (int i = 1; i < 50; i++) {
      header.append(",c").append(i);
    }
    String row = "x,".repeat(49) + "x\n";
    TextFixtures.write(dir.resolve("data.csv"), header + "\n" + row + row);

    try (Source source = csv(dir, Map.of("split-size", "64", "multiline", false), "data.csv")) {
      assertThat(records(readSplits(source, source.plan()))).hasSize(2);
    }
  }
}
