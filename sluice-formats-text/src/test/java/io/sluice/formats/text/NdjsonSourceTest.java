package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.ndjson;
import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static io.sluice.formats.text.TextFixtures.rejects;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.value.ObjectIdValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading NDJSON files: lines, blank lines, positions, rejects and mongoexport output. */
class NdjsonSourceTest {

  @TempDir Path dir;

  private List<SourceItem> read(String text, Map<String, Object> options) throws IOException {
    return read(text.getBytes(StandardCharsets.UTF_8), options);
  }

  private List<SourceItem> read(byte[] bytes, Map<String, Object> options) throws IOException {
    TextFixtures.write(dir.resolve("data.ndjson"), bytes);
    try (Source source = ndjson(dir, options, "data.ndjson")) {
      return readAll(source);
    }
  }

  @Test
  void should_read_mongoexport_output_with_the_bson_sources_types() throws IOException {
    String line =
        "{\"_id\":{\"$oid\":\"5f0c0c0c0c0c0c0c0c0c0c0c\"},\"name\":\"Ada\","
            + "\"born\":{\"$date\":\"1815-12-10T00:00:00Z\"},\"visits\":{\"$numberLong\":\"12\"}}\n";

    List<SourceItem> items = read(line, Map.of());

    Record record = (Record) items.get(0);
    assertThat(record.fields())
        .containsEntry("_id", new ObjectIdValue("5f0c0c0c0c0c0c0c0c0c0c0c"))
        .containsEntry("born", Instant.parse("1815-12-10T00:00:00Z"))
        .containsEntry("visits", 12L);
    assertThat(record.position().id()).isEqualTo("5f0c0c0c0c0c0c0c0c0c0c0c");
  }

  @Test
  void should_skip_blank_lines_and_give_each_line_its_byte_range() throws IOException {
    String text = "{\"a\":1}\n\n   \t\r\n{\"a\":2}\r\n{\"a\":3}";

    List<SourceItem> items = read(text, Map.of());

    assertThat(records(items)).containsExactly(Map.of("a", 1), Map.of("a", 2), Map.of("a", 3));
    assertThat(items).extracting(item -> item.position().offset()).containsExactly(0L, 15L, 24L);
    assertThat(((Record) items.get(0)).sizeBytes()).isEqualTo(8);
    assertThat(items.get(1).nextOffset()).isEqualTo(24L);
    assertThat(items.get(2).nextOffset()).isEqualTo(text.length());
  }

  @Test
  void should_reject_bad_lines_with_their_line_numbers_and_read_the_rest() throws IOException {
    String text =
        "{\"a\":1}\n"
            + "not json\n"
            + "\n"
            + "[1,2]\n"
            + "{\"a\":2}\n"
            + "{\"a\": \n"
            + "{\"a\":3}\n";

    List<SourceItem> items = read(text, Map.of());

    assertThat(records(items)).containsExactly(Map.of("a", 1), Map.of("a", 2), Map.of("a", 3));
    assertThat(reasons(items))
        .containsExactly(
            "line 2: not valid JSON at column 5",
            "line 4: not a JSON object (it is an array)",
            "line 6: not valid JSON: it ends too early at column 7");
    MalformedRecord second = rejects(items).get(1);
    assertThat(second.position().offset()).isEqualTo("{\"a\":1}\nnot json\n\n".length());
    assertThat(second.sizeBytes()).isEqualTo(6);
  }

  @Test
  void should_reject_invalid_utf_8_in_a_line() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes("{\"a\":\"ok\"}\n{\"a\":\"".getBytes(StandardCharsets.UTF_8));
    bytes.write(0xFF);
    bytes.writeBytes("\"}\n{\"a\":\"ok\"}\n".getBytes(StandardCharsets.UTF_8));

    List<SourceItem> items = read(bytes.toByteArray(), Map.of());

    assertThat(reasons(items)).hasSize(1);
    assertThat(reasons(items).get(0)).startsWith("line 2: not valid UTF-8");
    assertThat(records(items)).hasSize(2);
  }

  /** A line of a string value holding {@code bad}, between two good lines. */
  private List<SourceItem> readWithBadBytes(int... bad) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes("{\"a\":\"ok\"}\n{\"a\":\"x".getBytes(StandardCharsets.UTF_8));
    for (int b : bad) {
      bytes.write(b);
    }
    bytes.writeBytes("y\"}\n{\"a\":\"ok\"}\n".getBytes(StandardCharsets.UTF_8));
    return read(bytes.toByteArray(), Map.of());
  }

  @Test
  void should_reject_an_overlong_utf_8_form_rather_than_read_it_as_a_slash() throws IOException {
    List<SourceItem> items = readWithBadBytes(0xC0, 0xAF);

    assertThat(reasons(items)).containsExactly("line 2: not valid UTF-8 (at byte 8 of the line)");
    assertThat(records(items)).hasSize(2);
  }

  @Test
  void should_reject_an_encoded_surrogate() throws IOException {
    List<SourceItem> items = readWithBadBytes(0xED, 0xA0, 0x80);

    assertThat(reasons(items)).containsExactly("line 2: not valid UTF-8 (at byte 8 of the line)");
    assertThat(records(items)).hasSize(2);
  }

  @Test
  void should_reject_a_code_point_past_unicode() throws IOException {
    List<SourceItem> items = readWithBadBytes(0xF4, 0xBF, 0xBF, 0xBF);

    assertThat(reasons(items)).containsExactly("line 2: not valid UTF-8 (at byte 8 of the line)");
    assertThat(records(items)).hasSize(2);
  }

  @Test
  void should_read_four_byte_characters() throws IOException {
    List<SourceItem> items = readWithBadBytes(0xF0, 0x9F, 0x98, 0x80);

    assertThat(reasons(items)).isEmpty();
    assertThat(records(items)).contains(Map.of("a", "x\uD83D\uDE00y"));
  }

  @Test
  void should_skip_a_byte_order_mark_at_the_start_of_the_file() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes(ByteOrderMark.UTF8);
    bytes.writeBytes("{\"a\":1}\n{\"a\":2}\n".getBytes(StandardCharsets.UTF_8));

    List<SourceItem> items = read(bytes.toByteArray(), Map.of());

    assertThat(reasons(items)).isEmpty();
    assertThat(records(items)).containsExactly(Map.of("a", 1), Map.of("a", 2));
    assertThat(items.get(0).position().offset()).isEqualTo(3);
  }

  @Test
  void should_keep_a_lone_surrogate_escape_for_the_mapping_to_refuse() throws IOException {
    List<SourceItem> items = read("{\"a\":\"\\uDFAA\",\"\\uDFAA\":1}\n", Map.of());

    assertThat(reasons(items)).isEmpty();
    assertThat(records(items)).containsExactly(Map.of("a", "\uDFAA", "\uDFAA", 1));
  }

  @Test
  void should_reject_a_line_longer_than_the_limit_and_go_on() throws IOException {
    String text = "{\"a\":\"" + "x".repeat(2000) + "\"}\n{\"a\":1}\n";

    List<SourceItem> items = read(text, Map.of("max-record-size", "1KiB"));

    assertThat(reasons(items))
        .containsExactly("line 1: the line is longer than max-record-size (1024 bytes)");
    assertThat(rejects(items).get(0).nextOffset()).isEqualTo(2009);
    assertThat(records(items)).containsExactly(Map.of("a", 1));
  }

  @Test
  void should_skip_a_utf_8_byte_order_mark() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    bytes.writeBytes("{\"a\":1}\n".getBytes(StandardCharsets.UTF_8));

    assertThat(records(read(bytes.toByteArray(), Map.of()))).containsExactly(Map.of("a", 1));
  }
}
