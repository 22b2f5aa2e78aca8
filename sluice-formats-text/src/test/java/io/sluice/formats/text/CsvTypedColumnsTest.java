package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.csv;
import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.ObjectIdValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Columns the options type in the source: JSON, hexadecimal, base64 and patterned dates. */
class CsvTypedColumnsTest {

  @TempDir Path dir;

  private List<SourceItem> read(String text, Map<String, Object> options) throws IOException {
    TextFixtures.write(dir.resolve("data.csv"), text);
    try (Source source = csv(dir, options, "data.csv")) {
      return readAll(source);
    }
  }

  @Test
  void should_parse_json_columns_into_lists_and_maps() throws IOException {
    String text =
        "id,tags,attrs\n"
            + "1,\"[\"\"a\"\",\"\"b\"\"]\",\"{\"\"k\"\":1,\"\"ref\"\":{\"\"$oid\"\":\"\"5f0c0c0c0c0c0c0c0c0c0c0c\"\"}}\"\n";

    Map<String, Object> record =
        records(read(text, Map.of("json-columns", List.of("tags", "attrs")))).get(0);

    assertThat(record.get("id")).isEqualTo("1");
    assertThat(record.get("tags")).isEqualTo(List.of("a", "b"));
    assertThat(record.get("attrs"))
        .isEqualTo(Map.of("k", 1, "ref", new ObjectIdValue("5f0c0c0c0c0c0c0c0c0c0c0c")));
  }

  @Test
  void should_reject_a_record_whose_json_column_is_not_json() throws IOException {
    List<SourceItem> items =
        read("id,tags\n1,[oops\n2,[]\n", Map.of("json-columns", List.of("tags")));

    assertThat(reasons(items)).hasSize(1);
    assertThat(reasons(items).get(0))
        .startsWith("line 2: column 'tags' is not valid JSON for json-columns")
        .doesNotContain("oops");
    assertThat(records(items)).containsExactly(Map.of("id", "2", "tags", List.of()));
  }

  @Test
  void should_decode_hex_and_base64_columns_into_binary() throws IOException {
    String text = "h,h2,b,b2\n0xCAFE,00ff,aGVsbG8=,-_8\n";

    Map<String, Object> record =
        records(
                read(
                    text,
                    Map.of(
                        "hex-columns", List.of("h", "h2"), "base64-columns", List.of("b", "b2"))))
            .get(0);

    assertThat(record.get("h"))
        .isEqualTo(new BinaryValue((byte) 0, new byte[] {(byte) 0xCA, (byte) 0xFE}));
    assertThat(record.get("h2")).isEqualTo(new BinaryValue((byte) 0, new byte[] {0, (byte) 0xFF}));
    assertThat(record.get("b"))
        .isEqualTo(new BinaryValue((byte) 0, "hello".getBytes(StandardCharsets.US_ASCII)));
    assertThat(record.get("b2"))
        .isEqualTo(new BinaryValue((byte) 0, new byte[] {(byte) 0xFB, (byte) 0xFF}));
  }

  @Test
  void should_reject_bad_hex_and_base64() throws IOException {
    List<SourceItem> items =
        read(
            "h,b\n0xABC,aGk=\nab,***\n",
            Map.of("hex-columns", List.of("h"), "base64-columns", List.of("b")));

    assertThat(reasons(items))
        .containsExactly(
            "line 2: column 'h' is not an even number of hexadecimal digits for hex-columns",
            "line 3: column 'b' is not base64 for base64-columns");
  }

  @Test
  void should_read_patterned_dates_into_instants() throws IOException {
    String text = "d,dt,dto,t\n01/05/2024,01/05/2024 13:45,2024-05-01 13:45 +02:00,13:45\n";

    Map<String, Object> record =
        records(
                read(
                    text,
                    Map.of(
                        "date-formats",
                        Map.of(
                            "d", "dd/MM/yyyy",
                            "dt", "dd/MM/yyyy HH:mm",
                            "dto", "yyyy-MM-dd HH:mm XXX",
                            "t", "HH:mm"),
                        "time-zone",
                        "Europe/Paris")))
            .get(0);

    assertThat(record.get("d")).isEqualTo(Instant.parse("2024-05-01T00:00:00Z"));
    assertThat(record.get("dt")).isEqualTo(Instant.parse("2024-05-01T11:45:00Z"));
    assertThat(record.get("dto")).isEqualTo(Instant.parse("2024-05-01T11:45:00Z"));
    assertThat(record.get("t")).isEqualTo("13:45:00");
  }

  @Test
  void should_reject_dates_not_matching_their_pattern_or_not_existing() throws IOException {
    List<SourceItem> items =
        read(
            "d\n2024-05-01\n31/02/2024\n29/02/2024\n",
            Map.of("date-formats", Map.of("d", "dd/MM/yyyy")));

    assertThat(reasons(items))
        .containsExactly(
            "line 2: column 'd' does not match date format 'dd/MM/yyyy'",
            "line 3: column 'd' does not match date format 'dd/MM/yyyy'");
    assertThat(records(items)).containsExactly(Map.of("d", Instant.parse("2024-02-29T00:00:00Z")));
  }

  @Test
  void should_leave_null_markers_null_and_other_columns_as_text() throws IOException {
    Map<String, Object> record =
        records(
                read(
                    "n,tags,when\n123,,NULL\n",
                    Map.of(
                        "json-columns", List.of("tags"),
                        "date-formats", Map.of("when", "dd/MM/yyyy"),
                        "null-values", List.of("", "NULL"))))
            .get(0);

    assertThat(record)
        .containsEntry("n", "123")
        .containsEntry("tags", null)
        .containsEntry("when", null);
  }
}
