package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.testinfra.FuzzInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of the CSV and NDJSON readers with generated input: bytes drawn mostly from the
 * characters their grammars care about (braces, quotes, escapes, delimiters, line breaks, digits)
 * and from the bytes that make UTF-8 invalid or ambiguous. Whatever the input, a reader returns
 * records and rejects with rising positions and a reason, and nothing else escapes it; a CSV header
 * it cannot use may refuse the file in one sentence. Tries per property: {@code
 * jqwik.tries.default} (300 in the build; {@code bench/fuzz/run.sh} runs more).
 */
class TextReadersFuzzTest {

  /**
   * The build draws the same inputs every run, so it never fails by chance; a longer run ({@code
   * bench/fuzz/run.sh}) draws many more from the same seed.
   */
  private static final String FIXED_SEED = "20261123";

  private static final byte[] ALPHABET = alphabet();
  private static Path dir;

  private static byte[] alphabet() {
    byte[] structure =
        "{}[]\":,\\\n\r\t uU019aeflnrstAZ$-.+#'x".getBytes(StandardCharsets.US_ASCII);
    int[] high = {
      0x00, 0x80, 0xA0, 0xAF, 0xBB, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF
    };
    byte[] all = new byte[structure.length + high.length];
    System.arraycopy(structure, 0, all, 0, structure.length);
    for (int i = 0; i < high.length; i++) {
      all[structure.length + i] = (byte) high[i];
    }
    return all;
  }

  @BeforeContainer
  static void createFolder() throws IOException {
    dir = FuzzInputs.createFolder("sluice-fuzz");
  }

  @AfterContainer
  static void deleteFolder() throws IOException {
    FuzzInputs.deleteFolder(dir);
  }

  @Provide
  Arbitrary<byte[]> input() {
    return Arbitraries.integers()
        .between(0, ALPHABET.length - 1)
        .list()
        .ofMaxSize(400)
        .map(
            picks -> {
              byte[] bytes = new byte[picks.size()];
              for (int i = 0; i < bytes.length; i++) {
                bytes[i] = ALPHABET[picks.get(i)];
              }
              return bytes;
            });
  }

  @Property(seed = FIXED_SEED)
  void ndjson_reads_or_rejects_every_line(@ForAll("input") byte[] content) throws IOException {
    TextFixtures.write(dir.resolve("fuzz.ndjson"), content);
    try (Source source = TextFixtures.ndjson(dir, Map.of(), "fuzz.ndjson")) {
      checkItems(TextFixtures.readAll(source));
    }
  }

  @Property(seed = FIXED_SEED)
  void csv_without_a_header_reads_or_rejects_every_record(
      @ForAll("input") byte[] content, @ForAll boolean multiline, @ForAll boolean lenientQuotes)
      throws IOException {
    TextFixtures.write(dir.resolve("fuzz.csv"), content);
    Map<String, Object> options =
        Map.of(
            "header",
            false,
            "columns",
            List.of("a", "b", "c"),
            "multiline",
            multiline,
            "lenient-quotes",
            lenientQuotes,
            "json-columns",
            List.of("c"));
    try (Source source = TextFixtures.csv(dir, options, "fuzz.csv")) {
      checkItems(TextFixtures.readAll(source));
    }
  }

  @Property(seed = FIXED_SEED)
  void csv_with_a_header_reads_its_records_or_refuses_the_header_in_a_sentence(
      @ForAll("input") byte[] content) throws IOException {
    TextFixtures.write(dir.resolve("fuzz.csv"), content);
    try (Source source = TextFixtures.csv(dir, Map.of(), "fuzz.csv")) {
      List<SourceItem> items;
      try {
        items = TextFixtures.readAll(source);
      } catch (IllegalArgumentException e) {
        assertThat(e.getMessage()).contains("fuzz.csv");
        return;
      }
      checkItems(items);
    }
  }

  /** Records and rejects only, in rising positions, each reject with a reason. */
  private static void checkItems(List<SourceItem> items) {
    long previous = -1;
    List<String> reasons = new ArrayList<>();
    for (SourceItem item : items) {
      assertThat(item).isInstanceOfAny(Record.class, MalformedRecord.class);
      assertThat(item.position().offset()).isGreaterThan(previous);
      assertThat(item.nextOffset()).isGreaterThan(item.position().offset());
      previous = item.position().offset();
      if (item instanceof MalformedRecord malformed) {
        reasons.add(malformed.reason());
      }
    }
    assertThat(reasons).allSatisfy(reason -> assertThat(reason).startsWith("line "));
  }
}
