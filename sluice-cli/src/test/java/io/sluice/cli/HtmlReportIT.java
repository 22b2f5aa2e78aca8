package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.HeadlessChromium;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load with rejects writes {@code report.html}, and headless Chromium shows it as a user would
 * see it: the counts of {@code report.json}, a chart point for every second of the timeline, the
 * reject reason without the rejected value, and charts drawn in their colours on the screenshot.
 * {@code sluice report} draws the same page again from the state folder.
 */
@RealCassandra
class HtmlReportIT {

  private static final int ROWS = 20_000;
  private static final int REJECTED = ROWS / 500;
  private static final Pattern COUNT = Pattern.compile("data-count=\"([a-z-]+)\">([0-9,]+)<");

  @TempDir static Path dir;
  static Path job;
  static CliRun run;

  @BeforeAll
  static void load(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE report_people (id int PRIMARY KEY, name text, age int)");
    StringBuilder csv = new StringBuilder("id,name,age\n");
    for (int i = 0; i < ROWS; i++) {
      // Every 500th age is not a number: a mapping reject that quotes the value.
      csv.append(i).append(",person ").append(i).append(',');
      csv.append(i % 500 == 7 ? "unparsable-age-" + i : String.valueOf(i % 90)).append('\n');
    }
    Files.writeString(dir.resolve("people.csv"), csv);
    job =
        JobFile.write(
            dir,
            "report",
            keyspace,
            "report_people",
            "  - type: csv\n    path: people.csv\n",
            "mapping:\n  columns:\n    id: id\n    name: name\n    age: age\n"
                + "flow: { rows-per-second: 5000 }\nmax-errors: 1%\n");
    run = CliRun.of("migrate", job.toString());
  }

  @Test
  void should_show_the_run_in_a_browser_as_report_json_and_the_timeline_say() throws Exception {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    Path state = dir.resolve("state-report");
    assertThat(run.out()).contains("Charts over time: " + state.resolve("report.html"));
    JsonNode counts =
        new ObjectMapper().readTree(state.resolve("report.json").toFile()).get("counts");
    long samples = Files.readAllLines(state.resolve("timeline.jsonl")).size();
    assertThat(samples).isPositive();

    HeadlessChromium chromium =
        HeadlessChromium.installed(Files.createDirectories(dir.resolve("chromium")));
    String dom = chromium.dom(state.resolve("report.html"));

    Matcher shown = COUNT.matcher(dom);
    int seen = 0;
    while (shown.find()) {
      assertThat(Long.parseLong(shown.group(2).replace(",", "")))
          .as("count %s on the page", shown.group(1))
          .isEqualTo(counts.get(shown.group(1)).asLong());
      seen++;
    }
    // Every count a migration moves; a validation's own counts only where they are not zero.
    assertThat(seen).isGreaterThanOrEqualTo(10);
    assertThat(dom).contains("data-count=\"rejected-mapping\">" + REJECTED + "<");
    assertThat(counts.get("rows-written").asLong()).isEqualTo(ROWS - REJECTED);
    for (String chart :
        new String[] {
          "rows-per-second", "latency", "rate", "window", "refusals", "compaction", "rejects"
        }) {
      assertThat(dom).contains("data-chart=\"" + chart + "\"");
    }
    assertThat(dom)
        .contains("data-series=\"rows written/s\" data-points=\"" + samples + "\"")
        .contains("data-series=\"unmappable\" data-points=\"" + samples + "\"")
        .containsPattern("data-series=\"rows written/s\"[^>]* d=\"M[0-9.]+ [0-9.]+");
    assertThat(dom)
        .contains("data-reason-count=\"\">" + REJECTED + "<")
        .contains("people.csv:")
        .doesNotContain("unparsable-age");

    Path png = dir.resolve("report.png");
    chromium.screenshot(state.resolve("report.html"), png, 960, 2400);
    BufferedImage image = ImageIO.read(png.toFile());
    // Lines drawn in their colours: blue (rows/s, p50, answered/s) and orange (p99, ...), counted
    // by hue so that anti-aliased edges count too. The legends' swatches of a colour come to
    // fewer than 200 pixels; a line across a chart, hundreds more.
    assertThat(pixels(image, true)).as("pixels of the blue lines").isGreaterThan(600);
    assertThat(pixels(image, false)).as("pixels of the orange lines").isGreaterThan(600);
  }

  @Test
  void should_draw_the_page_again_from_the_state_folder() throws Exception {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    Path page = dir.resolve("state-report/report.html");
    String before = Files.readString(page);
    Files.delete(page);

    CliRun report = CliRun.of("report", job.toString());

    assertThat(report.exitCode()).as(report.toString()).isEqualTo(ExitCodes.OK);
    assertThat(report.out()).contains("Migration report: " + page);
    assertThat(Files.readString(page)).isEqualTo(before);
  }

  @Test
  void should_say_when_there_is_nothing_to_report() throws Exception {
    Path other =
        Files.writeString(
            dir.resolve("never-run.yaml"),
            Files.readString(job).replace("state-dir: state-report", "state-dir: state-none"));

    CliRun report = CliRun.of("report", other.toString());

    assertThat(report.exitCode()).isEqualTo(ExitCodes.ABORTED);
    assertThat(report.err()).contains("has no saved report in", "run 'sluice migrate'");
  }

  /**
   * Pixels of a hue on the white page: blue (blue well above red, green above red, unlike the
   * purple of the window chart) or orange (red well above green, green above blue, unlike red).
   */
  private static int pixels(BufferedImage image, boolean blue) {
    int n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int p = image.getRGB(x, y);
        int r = (p >> 16) & 0xff;
        int g = (p >> 8) & 0xff;
        int b = p & 0xff;
        boolean hue = blue ? b > r + 60 && g > r + 20 : r > g + 60 && g > b + 30;
        if (hue) {
          n++;
        }
      }
    }
    return n;
  }
}
