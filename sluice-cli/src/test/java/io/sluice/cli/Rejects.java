package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A job's reject file read back as JSON, and the report counts that account for it. */
final class Rejects {

  private Rejects() {}

  /** The lines of the reject file in a job's state folder. */
  static List<JsonNode> read(Path stateDir) throws IOException {
    List<JsonNode> rejects = new ArrayList<>();
    for (String line : Files.readAllLines(stateDir.resolve("rejects.jsonl"))) {
      rejects.add(new ObjectMapper().readTree(line));
    }
    return rejects;
  }

  /** The reject at source position {@code offset}, failing when there is none. */
  static JsonNode at(List<JsonNode> rejects, long offset) {
    return rejects.stream()
        .filter(r -> r.get("offset").asLong() == offset)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no reject at " + offset + " in " + rejects));
  }

  /**
   * Checks how {@code report.json} accounts for a damaged source: the records read, mapped,
   * filtered out, rejected as unreadable (decode) and as unmappable, and the rows written; and that
   * the counts add up.
   */
  static void assertAccounted(
      JsonNode counts,
      long read,
      long mapped,
      long filtered,
      long rejectedDecode,
      long rejectedMapping,
      long written) {
    assertThat(counts.get("records-read").asLong()).as("records read").isEqualTo(read);
    assertThat(counts.get("records-mapped").asLong()).as("records mapped").isEqualTo(mapped);
    assertThat(counts.get("records-filtered").asLong()).as("records filtered").isEqualTo(filtered);
    assertThat(counts.get("rejected-decode").asLong())
        .as("rejected decode")
        .isEqualTo(rejectedDecode);
    assertThat(counts.get("rejected-mapping").asLong())
        .as("rejected mapping")
        .isEqualTo(rejectedMapping);
    assertThat(counts.get("rows-written").asLong()).as("rows written").isEqualTo(written);
    assertCountsAddUp(counts);
  }

  /**
   * Checks that the counts of {@code report.json} add up: every record read was mapped, filtered or
   * rejected, and every row produced was written or failed.
   */
  static void assertCountsAddUp(JsonNode counts) {
    assertThat(counts.get("records-read").asLong())
        .as("records read in %s", counts)
        .isEqualTo(
            counts.get("records-mapped").asLong()
                + counts.get("records-filtered").asLong()
                + counts.get("rejected-decode").asLong()
                + counts.get("rejected-mapping").asLong());
    assertThat(counts.get("rows-produced").asLong())
        .as("rows produced in %s", counts)
        .isEqualTo(counts.get("rows-written").asLong() + counts.get("rows-failed").asLong());
  }
}
