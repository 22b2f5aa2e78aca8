package io.sluice.formats.text;

import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.testinfra.SourceContract;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The NDJSON source keeps the contract every source keeps, split into several byte ranges. */
class NdjsonSourceContractTest extends SourceContract {

  @Override
  protected SourceProvider provider() {
    return new NdjsonSourceProvider();
  }

  private static SourceSpec spec(Path file) {
    return new SourceSpec(
        "contract", "ndjson", List.of(file.toString()), null, null, Map.of("split-size", "4KiB"));
  }

  private static String line(int i) {
    return "{\"id\": \"r" + i + "\", \"n\": " + i + ", \"tags\": [\"a\", {\"b\": null}]}\n";
  }

  @Override
  protected SourceSpec writeRecords(Path dir, int count) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append(line(i));
      if (i % 100 == 0) {
        text.append("\n"); // blank lines are skipped
      }
    }
    return spec(TextFixtures.write(dir.resolve("records.ndjson"), text.toString()));
  }

  @Override
  protected SourceSpec writeWithMalformed(Path dir, int count, Set<Integer> malformed)
      throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append(
          !malformed.contains(i)
              ? line(i)
              : switch (i % 3) {
                case 0 -> "{\"id\": \"r" + i + "\", \"n\": " + i + "\n";
                case 1 -> "[\"r" + i + "\"]\n";
                default -> "{\"id\": \"r" + i + "\", \"id\": 2}\n";
              });
    }
    return spec(TextFixtures.write(dir.resolve("damaged.ndjson"), text.toString()));
  }
}
