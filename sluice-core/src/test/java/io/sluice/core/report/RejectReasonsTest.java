package io.sluice.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class RejectReasonsTest {

  private static List<ReasonCount> reasons(String lines) throws IOException {
    return RejectReasons.of(new BufferedReader(new StringReader(lines)));
  }

  @Test
  void should_group_by_stage_and_reason_without_the_values_quoted_or_line_numbers()
      throws IOException {
    String lines =
        """
        {"source":"people","resource":"a.csv","offset":10,"id":"u-1","stage":"mapping","reason":"Column 'age' (field 'age'): cannot convert text to int (value \\"secret-ish 1\\")."}
        {"source":"people","resource":"a.csv","offset":20,"stage":"mapping","reason":"line 3: Column 'age' (field 'age'): cannot convert text to int (value \\"x\\\") y\\")."}
        {"source":"people","resource":"a.csv","offset":30,"stage":"mapping","reason":"Column 'age' (field 'age'): cannot convert text to int (value 3.5)."}
        {"source":"people","resource":"a.csv","offset":40,"stage":"decode","reason":"line 4: Malformed CSV line."}
        {"source":"people","resource":"a.csv","offset":50,"stage":"decode","reason":"line 12: Malformed CSV line."}
        not json
        """;

    List<ReasonCount> reasons = reasons(lines);

    assertThat(reasons)
        .containsExactly(
            new ReasonCount(
                "mapping",
                "Column 'age' (field 'age'): cannot convert text to int.",
                3,
                List.of("a.csv:10", "a.csv:20", "a.csv:30")),
            new ReasonCount("decode", "Malformed CSV line.", 2, List.of("a.csv:40", "a.csv:50")));
    assertThat(reasons.toString()).doesNotContain("secret-ish", "u-1", "3.5", ") y");
  }

  @Test
  void should_list_the_most_frequent_and_count_the_rest_together() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int reason = 0; reason < RejectReasons.MAX_DISTINCT + 50; reason++) {
      for (int n = 0; n <= (reason == 7 ? 5 : 0); n++) {
        lines.append("{\"stage\":\"write\",\"reason\":\"failure ").append(reason).append("\"}\n");
      }
    }

    List<ReasonCount> reasons = reasons(lines.toString());

    assertThat(reasons).hasSize(RejectReasons.SHOWN + 1);
    assertThat(reasons.get(0)).isEqualTo(new ReasonCount("write", "failure 7", 6, List.of()));
    assertThat(reasons.get(RejectReasons.SHOWN).reason()).isEqualTo("other reasons");
    assertThat(reasons.stream().mapToLong(ReasonCount::count).sum())
        .isEqualTo(RejectReasons.MAX_DISTINCT + 50 + 5);
  }
}
