package io.sluice.formats.text;

import static io.sluice.formats.text.TextFixtures.csv;
import static io.sluice.formats.text.TextFixtures.readAll;
import static io.sluice.formats.text.TextFixtures.reasons;
import static io.sluice.formats.text.TextFixtures.records;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quotes, escapes and line breaks inside CSV fields, and what breaks them. */
class CsvQuotingTest {

  @TempDir Path dir;

  private List<SourceItem> read(String text, Map<String, Object> options) throws IOException {
    TextFixtures.write(dir.resolve("data.csv"), text);
    try (Source source = csv(dir, options, "data.csv")) {
      return readAll(source);
    }
  }

  @Test
  void should_read_delimiters_and_doubled_quotes_inside_quoted_fields() throws IOException {
    List<SourceItem> items = read("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n", Map.of());

    assertThat(records(items)).containsExactly(Map.of("a", "1", "b", "x, y", "c", "say \"hi\""));
  }

  @Test
  void should_reject_a_quote_inside_an_unquoted_field_as_rfc_4180_does() throws IOException {
    String text = "a,b,c\n1,This \"quotes\" must be escaped,3\n2,fine,4\n";

    List<SourceItem> items = read(text, Map.of());

    assertThat(reasons(items))
        .containsExactly(
            "line 2: a quote inside an unquoted field (quote the field and double its quotes, as"
                + " RFC 4180 does, or set lenient-quotes: true)");
    assertThat(records(items)).containsExactly(Map.of("a", "2", "b", "fine", "c", "4"));
  }

  @Test
  void should_take_a_quote_inside_an_unquoted_field_as_it_is_when_lenient() throws IOException {
    String text = "a,b,c\n1,This \"quotes\" must be escaped,3\n";

    List<SourceItem> items = read(text, Map.of("lenient-quotes", true));

    assertThat(reasons(items)).isEmpty();
    assertThat(records(items))
        .containsExactly(Map.of("a", "1", "b", "This \"quotes\" must be escaped", "c", "3"));
  }

  @Test
  void should_keep_line_breaks_inside_quoted_fields_in_one_record() throws IOException {
    String text = "id,note\r\n1,\"first line\r\nsecond line\nthird\"\r\n2,plain\r\n";

    List<SourceItem> items = read(text, Map.of());

    assertThat(records(items))
        .containsExactly(
            Map.of("id", "1", "note", "first line\r\nsecond line\nthird"),
            Map.of("id", "2", "note", "plain"));
    Record first = (Record) items.get(0);
    assertThat(first.position().offset()).isEqualTo("id,note\r\n".length());
    assertThat(first.sizeBytes()).isEqualTo("1,\"first line\r\nsecond line\nthird\"\r\n".length());
    assertThat(items.get(1).position().offset()).isEqualTo(first.nextOffset());
  }

  @Test
  void should_count_physical_lines_after_a_multiline_record() throws IOException {
    String text = "id,note\n1,\"a\nb\nc\"\n2\n3,x\n";

    List<SourceItem> items = read(text, Map.of());

    assertThat(reasons(items)).containsExactly("line 5: expected 2 fields, found 1");
    assertThat(records(items)).extracting(r -> r.get("id")).containsExactly("1", "3");
  }

  @Test
  void should_take_the_character_after_the_escape_literally() throws IOException {
    String text = "a,b,c\nx\\,y,\"q\\\"uote\",\\N\n";

    List<SourceItem> items = read(text, Map.of("escape", "\\", "null-values", List.of("\\N")));

    assertThat(records(items)).hasSize(1);
    assertThat(records(items).get(0))
        .containsExactly(entry("a", "x,y"), entry("b", "q\"uote"), entry("c", null));
  }

  @Test
  void should_reject_a_quote_left_open_at_the_end_of_the_file_after_reading_the_rest()
      throws IOException {
    List<SourceItem> items = read("a,b\n1,2\n3,\"open\n4,5\n", Map.of());

    assertThat(records(items)).containsExactly(Map.of("a", "1", "b", "2"));
    assertThat(reasons(items))
        .containsExactly("line 3: a quoted field is not closed before the end of the file");
  }

  @Test
  void should_reject_only_the_line_with_an_open_quote_when_not_multiline() throws IOException {
    List<SourceItem> items = read("a,b\n1,2\n3,\"open\n4,5\n", Map.of("multiline", false));

    assertThat(records(items))
        .containsExactly(Map.of("a", "1", "b", "2"), Map.of("a", "4", "b", "5"));
    assertThat(reasons(items))
        .containsExactly(
            "line 3: a quoted field is not closed at the end of the line (multiline is false)");
  }

  @Test
  void should_reject_text_after_a_closing_quote_and_go_on() throws IOException {
    List<SourceItem> items = read("a,b\n1,\"x\"y\n2,\"z\"  \n", Map.of());

    assertThat(reasons(items))
        .containsExactly("line 2: a closing quote is followed by text before the delimiter");
    assertThat(records(items)).containsExactly(Map.of("a", "2", "b", "z"));
  }

  @Test
  void should_reject_a_bare_carriage_return_inside_a_line() throws IOException {
    List<SourceItem> items = read("a,b\n1,x\ry\n2,z\n", Map.of());

    assertThat(reasons(items)).hasSize(1);
    assertThat(reasons(items).get(0)).startsWith("line 2: a carriage return");
    assertThat(records(items)).containsExactly(Map.of("a", "2", "b", "z"));
  }

  @Test
  void should_read_quotes_literally_when_quoting_is_off() throws IOException {
    List<SourceItem> items = read("a\tb\n\"x\"\t\"y\n", Map.of("quote", "", "delimiter", "tab"));

    assertThat(records(items)).containsExactly(Map.of("a", "\"x\"", "b", "\"y"));
  }

  @Test
  void should_read_a_quote_inside_an_unquoted_field_literally_when_lenient() throws IOException {
    List<SourceItem> items = read("a,b\n5'2\",x\n", Map.of("lenient-quotes", true));

    assertThat(records(items)).containsExactly(Map.of("a", "5'2\"", "b", "x"));
  }

  @Test
  void should_resume_a_multiline_file_after_any_record() throws IOException {
    StringBuilder text = new StringBuilder("id,note\n");
    for (int i = 0; i < 50; i++) {
      text.append(i).append(",\"a\nb ").append(i).append("\"\n");
    }
    TextFixtures.write(dir.resolve("data.csv"), text.toString());

    try (Source source = csv(dir, Map.of(), "data.csv")) {
      io.sluice.core.source.Split split = source.plan().get(0);
      List<SourceItem> whole = TextFixtures.read(source, split);
      for (int cut = 0; cut < whole.size(); cut++) {
        io.sluice.core.source.Split rest =
            new io.sluice.core.source.Split(
                "t", 0, split.resource(), whole.get(cut).nextOffset(), split.end(), 0);

        assertThat(records(TextFixtures.read(source, rest)))
            .as("resumed after record %d", cut)
            .isEqualTo(records(whole.subList(cut + 1, whole.size())));
      }
    }
  }
}
