package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.csv;
import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Character encodings: declared ones are decoded, invalid bytes reject their record only. */
class CsvEncodingTest {

  @TempDir Path dir;

  private List<SourceItem> read(byte[] bytes, Map<String, Object> options) throws IOException {
    TextFixtures.write(dir.resolve("data.csv"), bytes);
    try (Source source = csv(dir, options, "data.csv")) {
      return readAll(source);
    }
  }

  @Test
  void should_decode_an_iso_8859_1_file() throws IOException {
    byte[] bytes =
        "name,city\nMüller,Zürich\nCafé,Besançon\n".getBytes(StandardCharsets.ISO_8859_1);

    List<SourceItem> items = read(bytes, Map.of("encoding", "ISO-8859-1"));

    assertThat(records(items))
        .containsExactly(
            Map.of("name", "Müller", "city", "Zürich"), Map.of("name", "Café", "city", "Besançon"));
    assertThat(items.get(1).position().offset()).isEqualTo("name,city\nMüller,Zürich\n".length());
  }

  @Test
  void should_reject_a_record_with_bytes_invalid_in_utf_8_and_read_the_rest() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes("name,city\nAda,Zürich\nBad,".getBytes(StandardCharsets.UTF_8));
    bytes.write(0xFC); // 'ü' in ISO-8859-1, not valid UTF-8
    bytes.writeBytes("rich\nBob,Köln\n".getBytes(StandardCharsets.UTF_8));

    List<SourceItem> items = read(bytes.toByteArray(), Map.of());

    assertThat(reasons(items)).containsExactly("line 3: the record is not valid UTF-8");
    assertThat(records(items)).extracting(r -> r.get("name")).containsExactly("Ada", "Bob");
  }

  @Test
  void should_reject_a_record_with_bytes_unmapped_in_windows_1252() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes("a\n\u20ac 5\n".getBytes(Charset.forName("windows-1252")));
    bytes.writeBytes(new byte[] {'x', (byte) 0x81, '\n'});

    List<SourceItem> items = read(bytes.toByteArray(), Map.of("encoding", "windows-1252"));

    assertThat(records(items)).containsExactly(Map.of("a", "€ 5"));
    assertThat(reasons(items)).containsExactly("line 3: the record is not valid windows-1252");
  }

  @Test
  void should_skip_a_utf_8_byte_order_mark() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    bytes.writeBytes("id,name\n1,Ada\n".getBytes(StandardCharsets.UTF_8));

    List<SourceItem> items = read(bytes.toByteArray(), Map.of());

    assertThat(records(items)).containsExactly(Map.of("id", "1", "name", "Ada"));
  }

  @Test
  void should_give_byte_offsets_whatever_the_characters() throws IOException {
    byte[] bytes = "k\n日本語\nπ\nx\n".getBytes(StandardCharsets.UTF_8);

    List<SourceItem> items = read(bytes, Map.of());

    assertThat(items).extracting(item -> item.position().offset()).containsExactly(2L, 12L, 15L);
  }
}
