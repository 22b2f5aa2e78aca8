package io.sluice.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import io.sluice.testinfra.SourceContract;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The CSV source keeps the contract every source keeps, split into several byte ranges. */
class CsvSourceContractTest extends SourceContract {

  @Override
  protected SourceProvider provider() {
    return new CsvSourceProvider();
  }

  private static SourceSpec spec(Path file) {
    return new SourceSpec(
        "contract",
        "csv",
        List.of(file.toString()),
        null,
        null,
        Map.of("multiline", "false", "split-size", "4KiB"));
  }

  private static String row(int i) {
    return "r" + i + "," + i + ",\"note, with comma " + i + "\"\n";
  }

  @Override
  protected SourceSpec writeRecords(Path dir, int count) throws IOException {
    StringBuilder text = new StringBuilder("id,n,note\n");
    for (int i = 0; i < count; i++) {
      text.append(row(i));
    }
    return spec(TextFixtures.write(dir.resolve("records.csv"), text.toString()));
  }

  @Test
  void should_find_the_file_line_of_every_record_of_every_split() throws IOException {
    try (Source source = provider().create(writeRecords(dir, RECORDS), dir)) {
      List<Split> splits = source.plan();
      assertThat(splits).hasSizeGreaterThan(3);
      int records = 0;
      for (Split split : splits) {
        try (SplitReader reader = source.open(split)) {
          SourceItem item;
          while ((item = reader.next()) != null) {
            Record record = (Record) item;
            int index = Integer.parseInt(((String) record.fields().get("id")).substring(1));
            // the header is line 1
            assertThat(source.lineOf(record.position())).hasValue(index + 2L);
            records++;
          }
        }
      }
      assertThat(records).isEqualTo(RECORDS);
    }
  }

  @Override
  protected SourceSpec writeWithMalformed(Path dir, int count, Set<Integer> malformed)
      throws IOException {
    StringBuilder text = new StringBuilder("id,n,note\n");
    for (int i = 0; i < count; i++) {
      // a missing field, an unclosed quote and a stray quote in turn
      text.append(
          !malformed.contains(i)
              ? row(i)
              : switch (i % 3) {
                case 0 -> "r" + i + "," + i + "\n";
                case 1 -> "r" + i + "," + i + ",\"open\n";
                default -> "r" + i + "," + i + ",\"closed\"then text\n";
              });
    }
    return spec(TextFixtures.write(dir.resolve("damaged.csv"), text.toString()));
  }
}
