package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Line counts before offsets, asked in any order, match a plain count. */
class LineIndexTest {

  @TempDir Path dir;

  @Test
  void should_count_line_feeds_before_any_offset_in_any_order() throws IOException {
    Random random = new Random(42);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      text.append("x".repeat(random.nextInt(40))).append('\n');
    }
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    Path file = Files.write(dir.resolve("lines.txt"), bytes);
    LineIndex index = new LineIndex(1000);

    for (int i = 0; i < 200; i++) {
      long offset = random.nextInt(bytes.length + 1);
      long expected = 0;
      for (int b = 0; b < offset; b++) {
        if (bytes[b] == '\n') {
          expected++;
        }
      }
      assertThat(index.linesBefore(file, offset)).as("offset %d", offset).isEqualTo(expected);
    }
  }
}
