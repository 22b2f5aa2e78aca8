package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records far bigger than the limits, read in a JVM with a 64 MiB heap (see the module's pom): each
 * is rejected with its position and reason, the reader holds at most {@code max-record-size} of it,
 * and the record after it is read.
 */
class TextMemoryTest {

  private static final long HUGE = 256L * 1024 * 1024;

  @TempDir Path dir;

  /** {@code head}, then {@code size} bytes of {@code x} with no line break, then {@code tail}. */
  private Path write(String name, String head, long size, String tail) throws IOException {
    Path file = dir.resolve(name);
    byte[] chunk = new byte[1 << 20];
    Arrays.fill(chunk, (byte) 'x');
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
      out.write(head.getBytes(StandardCharsets.UTF_8));
      for (long written = 0; written < size; written += chunk.length) {
        out.write(chunk, 0, (int) Math.min(chunk.length, size - written));
      }
      out.write(tail.getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  @Test
  void should_reject_an_ndjson_line_of_256_mib_and_read_the_next() throws IOException {
    write("big.ndjson", "{\"a\":\"", HUGE, "\"}\n{\"a\":1}\n");

    List<SourceItem> items;
    try (Source source = TextFixtures.ndjson(dir, Map.of(), "big.ndjson")) {
      items = readAll(source);
    }

    assertThat(reasons(items))
        .containsExactly("line 1: the line is longer than max-record-size (16777216 bytes)");
    assertThat(records(items)).containsExactly(Map.of("a", 1));
  }

  @Test
  void should_reject_a_csv_field_of_256_mib_and_read_the_next_record() throws IOException {
    write("big.csv", "id,v\n1,", HUGE, "\n2,ok\n");

    List<SourceItem> items;
    try (Source source = TextFixtures.csv(dir, Map.of(), "big.csv")) {
      items = readAll(source);
    }

    assertThat(reasons(items)).hasSize(1);
    assertThat(reasons(items).get(0)).startsWith("line 2: ").contains("max-record-size");
    assertThat(records(items)).containsExactly(Map.of("id", "2", "v", "ok"));
  }

  @Test
  void should_reject_json_nested_100000_deep_and_read_the_next_line() throws IOException {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    Files.writeString(dir.resolve("deep.ndjson"), "{\"a\":" + deep + "}\n{\"a\":2}\n");

    List<SourceItem> items;
    try (Source source = TextFixtures.ndjson(dir, Map.of(), "deep.ndjson")) {
      items = readAll(source);
    }

    assertThat(reasons(items)).hasSize(1);
    assertThat(reasons(items).get(0)).startsWith("line 1: ");
    assertThat(records(items)).containsExactly(Map.of("a", 2));
  }
}
