package io.sluice.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.timeline.TimelineSample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String REPORT =
      """
      {"job":"people","outcome":"COMPLETED_WITH_ERRORS","abort-reason":null,
       "counts":{"records-read":1200,"records-mapped":1190,"rejected-mapping":10,
                 "rows-produced":1190,"rows-written":1190},
       "started":"2026-11-25T10:00:00Z","elapsed":"PT7S","reject-file":"/state/rejects.jsonl",
       "runs":2,"rows-written-this-run":700,
       "flow":{"requests":70,"overloaded":3,"struggling":1,"backlog-signal":"JMX","compaction-pauses":1},
       "reject-reasons":[{"stage":"mapping","reason":"Column 'age': cannot convert text to int.",
                          "count":10,"examples":["people.csv:120"]}]}
      """;

  /** Two runs: three seconds, then four with a compaction pause in the middle. */
  private static List<TimelineSample> samples() {
    List<TimelineSample> samples = new ArrayList<>();
    long at = 1_790_000_000_000L;
    for (int i = 1; i <= 3; i++) {
      samples.add(sample(1, at + i * 1000, i * 100, false));
    }
    for (int i = 1; i <= 4; i++) {
      samples.add(sample(2, at + 60_000 + i * 1000, i * 150, i == 2 || i == 3));
    }
    return samples;
  }

  private static TimelineSample sample(int run, long at, long rows, boolean paused) {
    return new TimelineSample(
        at,
        run,
        1,
        Map.of("rows-written", rows, "records-read", rows),
        rows / 10,
        1,
        0,
        2,
        9,
        12,
        32,
        run == 2 ? 500 : -1,
        paused ? 40 : 3,
        paused,
        rows);
  }

  private static String render(JsonNode settings) throws Exception {
    return new String(
        HtmlReport.render(REPORT.getBytes(StandardCharsets.UTF_8), samples(), settings, false),
        StandardCharsets.UTF_8);
  }

  @Test
  void should_show_the_counts_of_report_json() throws Exception {
    String page = render(JSON.createObjectNode());

    JsonNode counts = JSON.readTree(REPORT).get("counts");
    Matcher shown = Pattern.compile("data-count=\"([a-z-]+)\">([0-9,]+)<").matcher(page);
    int seen = 0;
    while (shown.find()) {
      assertThat(Long.parseLong(shown.group(2).replace(",", "")))
          .as(shown.group(1))
          .isEqualTo(counts.path(shown.group(1)).asLong());
      seen++;
    }
    // The five counts report.json gives; no validation counts on a migration's page.
    assertThat(seen).isEqualTo(5);
    assertThat(page).contains("data-outcome=\"COMPLETED_WITH_ERRORS\"", "<span data-runs>2</span>");
  }

  @Test
  void should_chart_every_sample_with_each_run_marked_and_the_pause_shaded() throws Exception {
    String page = render(JSON.createObjectNode());

    assertThat(page).contains("data-chart=\"rows-per-second\"", "data-chart=\"latency\"");
    assertThat(page).contains("data-series=\"rows written/s\" data-points=\"7\"");
    assertThat(page).contains("data-series=\"p99\" data-points=\"7\"");
    // Rows restart at each run: were the second run's first rate taken from the first run's last
    // count, it would be negative and left out (6 points).
    // The held rate is unknown (-1) in the first run: only the second run's four points are drawn.
    assertThat(page).contains("data-series=\"held rate\" data-points=\"4\"");
    assertThat(count(page, "<text class=\"mark\"")).isEqualTo(2 * 7);
    assertThat(page).contains("started 2026-11-25 10:00:00 UTC, ran 7.0 s");
    assertThat(count(page, "data-band=\"paused for compaction\"")).isEqualTo(1);
    assertThat(page).contains(">run 1<", ">run 2<");
  }

  @Test
  void should_list_reasons_and_hide_secrets_in_settings() throws Exception {
    String page = render(JobSettingsTest.settingsWithSecrets());

    assertThat(page)
        .contains("Column &#39;age&#39;: cannot convert text to int.", "people.csv:120");
    assertThat(page).contains("CASS_PW").doesNotContain(JobSettingsTest.SECRETS);
  }

  @Test
  void should_list_the_warnings_of_report_json_and_none_when_it_has_none() throws Exception {
    String warned =
        REPORT.replace(
            "\"runs\":2,", "\"runs\":2,\"warnings\":[\"ks.hits: Counter table: <late adds>\"],");
    String page =
        new String(
            HtmlReport.render(
                warned.getBytes(StandardCharsets.UTF_8), samples(), JSON.createObjectNode(), false),
            StandardCharsets.UTF_8);

    assertThat(page)
        .contains("<ul class=\"warnings\">")
        .contains("<li>ks.hits: Counter table: &lt;late adds&gt;</li>");
    assertThat(render(JSON.createObjectNode())).doesNotContain("class=\"warnings\"");
  }

  @Test
  void should_say_so_when_there_are_no_samples() throws Exception {
    String page =
        new String(
            HtmlReport.render(REPORT.getBytes(StandardCharsets.UTF_8), List.of(), null, true),
            StandardCharsets.UTF_8);

    assertThat(page).contains("no samples", "Validation of people");
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
