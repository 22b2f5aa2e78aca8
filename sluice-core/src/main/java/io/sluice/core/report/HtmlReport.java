package io.sluice.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sluice.core.count.Count;
import io.sluice.core.job.JobSpec;
import io.sluice.core.report.SvgChart.Band;
import io.sluice.core.report.SvgChart.Mark;
import io.sluice.core.report.SvgChart.Point;
import io.sluice.core.state.JobState;
import io.sluice.core.timeline.TimelineLines;
import io.sluice.core.timeline.TimelineRecorder;
import io.sluice.core.timeline.TimelineSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * {@code report.html}: one self-contained page (styles inline, charts as inline SVG, no script, no
 * network) that opens with the verdict and the counts, then charts the run over time from its
 * timeline, then lists the reject reasons and the job's settings. It is built only from what the
 * state folder keeps ({@code report.json}, {@code timeline.jsonl}) and the job file, so {@code
 * sluice report} rebuilds the same page. Neither a secret nor a row's values can reach it: the
 * settings name where a password comes from, never the password, and reject reasons are listed
 * without the values they quote.
 */
public final class HtmlReport {

  /** The page's document name in the job's state folder. */
  public static final String DOCUMENT = "report.html";

  /** The document the page is drawn from: a run's final report, as a run saves it. */
  public static final String REPORT_JSON = "report.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private static final String BLUE = "#2563eb";
  private static final String ORANGE = "#ea580c";
  private static final String GREEN = "#16a34a";
  private static final String RED = "#dc2626";
  private static final String PURPLE = "#7c3aed";

  /** Counts only a validation moves, or only a resume: left out of a migration's page at zero. */
  private static final Set<Count> CHECKING_COUNTS =
      EnumSet.of(
          Count.ROWS_MISSING,
          Count.ROWS_MISMATCHED,
          Count.ROWS_CHANGED_SINCE,
          Count.ROWS_EXTRA,
          Count.ROWS_REPAIRED,
          Count.ROWS_LOOKED_UP,
          Count.RECORDS_READ_AGAIN);

  /** The shortest span a rate is drawn over, so a short last span does not spike the chart. */
  /** The counts a table's section always shows, even when zero. */
  private static final Set<String> TABLE_COUNTS =
      Set.of("records-read", "rows-written", "rejected-decode", "rejected-mapping", "rows-failed");

  private static final double MIN_RATE_SECONDS = 0.5;

  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

  private final JsonNode report;
  private final List<TimelineSample> samples;
  private final JsonNode settings;
  private final boolean validation;

  private HtmlReport(
      JsonNode report, List<TimelineSample> samples, JsonNode settings, boolean validation) {
    this.report = report;
    this.samples = samples;
    this.settings = settings;
    this.validation = validation;
  }

  /**
   * The page.
   *
   * @param report {@code report.json}'s content
   * @param samples the job's timeline, earlier runs' included
   * @param settings the job's settings as the report shows them (see {@link JobSettings})
   * @param validation whether the runs validated rather than migrated
   */
  public static byte[] render(
      byte[] report, List<TimelineSample> samples, JsonNode settings, boolean validation) {
    try {
      return new HtmlReport(JSON.readTree(report), samples, settings, validation)
          .page()
          .getBytes(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the run's report.json: " + e.getMessage(), e);
    }
  }

  /**
   * Draws the page again from what {@code state} keeps (for {@code sluice report}), and saves it.
   *
   * @return where the page is, or empty when no run saved a report there yet
   */
  public static Optional<String> rebuild(JobState state, JobSpec job, boolean validation) {
    Optional<byte[]> report = state.readDocument(REPORT_JSON);
    if (report.isEmpty()) {
      return Optional.empty();
    }
    List<TimelineSample> samples =
        state.readDocument(TimelineRecorder.DOCUMENT).map(TimelineLines::parse).orElse(List.of());
    state.saveDocument(DOCUMENT, render(report.get(), samples, JobSettings.of(job), validation));
    return Optional.of(state.location(DOCUMENT));
  }

  private String page() {
    String job = report.path("job").asText();
    StringBuilder html = new StringBuilder(64 * 1024);
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>Sluice report: ")
        .append(Html.escape(job))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>\n");
    verdict(html, job);
    warnings(html);
    counts(html);
    tables(html);
    charts(html);
    reasons(html);
    html.append("<h2>Settings</h2><pre class=\"settings\">")
        .append(Html.escape(prettyJson(settings)))
        .append("</pre>\n</body></html>\n");
    return html.toString();
  }

  /** What the run warned of before its first write (a counter table's risk), a line each. */
  private void warnings(StringBuilder html) {
    JsonNode warnings = report.path("warnings");
    if (!warnings.isArray() || warnings.isEmpty()) {
      return;
    }
    html.append("<h2>Warnings</h2><ul class=\"warnings\">\n");
    warnings.forEach(
        what -> html.append("<li>").append(Html.escape(what.asText())).append("</li>\n"));
    html.append("</ul>\n");
  }

  private void verdict(StringBuilder html, String job) {
    String outcome = report.path("outcome").asText();
    html.append("<h1>")
        .append(validation ? "Validation" : "Migration")
        .append(" of ")
        .append(Html.escape(job))
        .append("</h1>\n<p class=\"verdict ")
        .append(outcome.equals("COMPLETED") ? "good" : "bad")
        .append("\" data-outcome=\"")
        .append(Html.escape(outcome))
        .append("\">")
        .append(Html.escape(describe(outcome)))
        .append("</p>\n");
    if (report.hasNonNull("abort-reason")) {
      html.append("<p>Stopped because: ")
          .append(Html.escape(report.get("abort-reason").asText()))
          .append("</p>\n");
    }
    html.append("<p class=\"when\">Last run started ")
        .append(Html.escape(startedText()))
        .append(", ran ")
        .append(Html.escape(elapsedText()))
        .append("; the counts cover <span data-runs>")
        .append(report.path("runs").asInt(1))
        .append("</span> run(s).</p>\n");
  }

  private String startedText() {
    String started = report.path("started").asText();
    try {
      return WHEN.format(Instant.parse(started));
    } catch (DateTimeParseException e) {
      return started;
    }
  }

  private String elapsedText() {
    String elapsed = report.path("elapsed").asText();
    try {
      Duration duration = Duration.parse(elapsed);
      long seconds = duration.toSeconds();
      return seconds < 60
          ? String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0)
          : String.format(
              Locale.ROOT, "%dh%02dm%02ds", seconds / 3600, (seconds % 3600) / 60, seconds % 60);
    } catch (DateTimeParseException e) {
      return elapsed;
    }
  }

  private String describe(String outcome) {
    return switch (outcome) {
      case "COMPLETED" ->
          validation ? "Completed: every row checked matches." : "Completed: every record loaded.";
      case "COMPLETED_WITH_ERRORS" -> "Completed with rejected records.";
      case "COMPLETED_WITH_DIFFERENCES" -> "Completed, differences found.";
      case "ABORTED" -> "Aborted: progress is saved, run again to resume.";
      case "INTERRUPTED" -> "Interrupted: progress is saved, run again to resume.";
      default -> outcome;
    };
  }

  private void counts(StringBuilder html) {
    html.append("<h2>Counts</h2><table class=\"counts\">\n");
    JsonNode counts = report.path("counts");
    for (Count count : Count.values()) {
      // A report of an earlier Sluice named every count as a migration's.
      String key =
          counts.has(count.reportKey(validation)) ? count.reportKey(validation) : count.key();
      if (!counts.has(key) || !count.reportedIn(validation)) {
        continue;
      }
      long value = counts.get(key).asLong();
      if (value == 0 && !validation && CHECKING_COUNTS.contains(count)) {
        continue;
      }
      html.append("<tr><th>")
          .append(key)
          .append("</th><td data-count=\"")
          .append(key)
          .append("\">")
          .append(Html.number(value))
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
    JsonNode flow = report.path("flow");
    if (flow.isObject()) {
      html.append("<p>Requests: <span data-flow=\"requests\">")
          .append(Html.number(flow.path("requests").asLong()))
          .append("</span> answered, <span data-flow=\"overloaded\">")
          .append(Html.number(flow.path("overloaded").asLong()))
          .append("</span> refused as overloaded, <span data-flow=\"struggling\">")
          .append(Html.number(flow.path("struggling").asLong()))
          .append("</span> timed out or unavailable (last run). Compaction: ")
          .append(Html.escape(flow.path("backlog-signal").asText()))
          .append(", paused ")
          .append(flow.path("compaction-pauses").asLong())
          .append(" time(s).</p>\n");
    }
  }

  /** A job of several tables: a section for each, with its counts, and what was not copied. */
  private void tables(StringBuilder html) {
    JsonNode tables = report.path("tables");
    JsonNode notCopied = report.path("not-copied");
    if (!tables.isArray() || tables.isEmpty()) {
      return;
    }
    html.append("<h2>Tables</h2>\n");
    for (JsonNode table : tables) {
      String name = table.path("table").asText();
      html.append("<section class=\"table\" data-table=\"")
          .append(Html.escape(name))
          .append("\"><h3>")
          .append(Html.escape(name))
          .append("</h3><table class=\"counts\">\n");
      table
          .path("counts")
          .fields()
          .forEachRemaining(
              count -> {
                if (count.getValue().asLong() != 0 || TABLE_COUNTS.contains(count.getKey())) {
                  html.append("<tr><th>")
                      .append(Html.escape(count.getKey()))
                      .append("</th><td data-count=\"")
                      .append(Html.escape(count.getKey()))
                      .append("\">")
                      .append(Html.number(count.getValue().asLong()))
                      .append("</td></tr>\n");
                }
              });
      html.append("</table></section>\n");
    }
    if (notCopied.isArray() && !notCopied.isEmpty()) {
      html.append("<h3>Not copied</h3><ul class=\"not-copied\">\n");
      notCopied.forEach(
          what -> html.append("<li>").append(Html.escape(what.asText())).append("</li>\n"));
      html.append("</ul>\n");
    }
  }

  private void charts(StringBuilder html) {
    List<Mark> runs = runStarts();
    String rows = validation ? "rows checked/s" : "rows written/s";
    html.append("<h2>Over time</h2>\n<p class=\"note\">One sample a second (older spans of long")
        .append(" runs merged, showing their worst second's latency); times in UTC.</p>\n");
    chart(
        html,
        validation ? "Rows checked per second" : "Rows written per second",
        new SvgChart("rows-per-second", "rows/s")
            .series(rows, BLUE, rate(s -> s.count(Count.ROWS_WRITTEN)))
            .series("records read/s", GREEN, rate(s -> s.count(Count.RECORDS_READ)))
            .marks(runs));
    chart(
        html,
        "Latency of answered requests",
        new SvgChart("latency", "ms")
            .series("p50", BLUE, values(TimelineSample::p50Millis))
            .series("p99", ORANGE, values(TimelineSample::p99Millis))
            .marks(runs));
    chart(
        html,
        "Request rate: answered, and held by flow control",
        new SvgChart("rate", "req/s")
            .series("answered/s", BLUE, rate(TimelineSample::requests))
            .series("held rate", ORANGE, values(TimelineSample::rateLimit))
            .marks(runs));
    chart(
        html,
        "Window of requests in flight",
        new SvgChart("window", "requests")
            .series("window", PURPLE, values(s -> s.window()))
            .marks(runs));
    chart(
        html,
        "Refusals and timeouts",
        new SvgChart("refusals", "req/s")
            .series("refused as overloaded/s", RED, rate(TimelineSample::overloaded))
            .series("timed out or unavailable/s", ORANGE, rate(TimelineSample::struggling))
            .marks(runs));
    chart(
        html,
        "Compaction backlog (busiest node)",
        new SvgChart("compaction", "tasks")
            .series("pending compactions", PURPLE, values(s -> s.backlogTasks()))
            .bands(pauses())
            .marks(runs));
    SvgChart rejects =
        new SvgChart("rejects", "rows")
            .series("unreadable", RED, overAllRuns(Count.REJECTED_DECODE))
            .series("unmappable", ORANGE, overAllRuns(Count.REJECTED_MAPPING))
            .series("refused by the target", PURPLE, overAllRuns(Count.ROWS_FAILED));
    if (validation) {
      rejects.series(
          "differences",
          BLUE,
          overAllRuns(Count.ROWS_MISSING, Count.ROWS_MISMATCHED, Count.ROWS_EXTRA));
    }
    chart(html, "Rejects so far, by stage", rejects.marks(runs));
  }

  private static void chart(StringBuilder html, String title, SvgChart chart) {
    html.append("<h3>")
        .append(Html.escape(title))
        .append("</h3>\n")
        .append(chart.render())
        .append('\n');
  }

  /** The per-second difference of a counter that restarts with each run. */
  private List<Point> rate(ToLongFunction<TimelineSample> counter) {
    List<Point> points = new ArrayList<>();
    TimelineSample before = null;
    for (TimelineSample sample : samples) {
      long previous =
          before != null && before.run() == sample.run() ? counter.applyAsLong(before) : 0;
      double seconds = Math.max(sample.seconds(), MIN_RATE_SECONDS);
      points.add(new Point(sample.at(), (counter.applyAsLong(sample) - previous) / seconds));
      before = sample;
    }
    return points;
  }

  private List<Point> values(ToDoubleFunction<TimelineSample> value) {
    return samples.stream().map(s -> new Point(s.at(), value.applyAsDouble(s))).toList();
  }

  /** A count summed over the job: each run's counts added to the earlier runs' last ones. */
  private List<Point> overAllRuns(Count... counts) {
    ToDoubleBiFunction<TimelineSample, Count[]> sum =
        (sample, which) -> {
          long total = 0;
          for (Count count : which) {
            total += sample.count(count);
          }
          return total;
        };
    List<Point> points = new ArrayList<>();
    double earlierRuns = 0;
    TimelineSample before = null;
    for (TimelineSample sample : samples) {
      if (before != null && before.run() != sample.run()) {
        earlierRuns += sum.applyAsDouble(before, counts);
      }
      points.add(new Point(sample.at(), earlierRuns + sum.applyAsDouble(sample, counts)));
      before = sample;
    }
    return points;
  }

  private List<Mark> runStarts() {
    List<Mark> marks = new ArrayList<>();
    int run = -1;
    for (TimelineSample sample : samples) {
      if (sample.run() != run) {
        run = sample.run();
        marks.add(new Mark(startOf(sample), "run " + run));
      }
    }
    return marks;
  }

  private List<Band> pauses() {
    List<Band> bands = new ArrayList<>();
    long from = -1;
    long to = -1;
    for (TimelineSample sample : samples) {
      if (sample.paused()) {
        if (from < 0) {
          from = startOf(sample);
        }
        to = sample.at();
      } else if (from >= 0) {
        bands.add(new Band(from, to, "paused for compaction"));
        from = -1;
      }
    }
    if (from >= 0) {
      bands.add(new Band(from, to, "paused for compaction"));
    }
    return bands;
  }

  private static long startOf(TimelineSample sample) {
    return sample.at() - Math.round(sample.seconds() * 1000);
  }

  private void reasons(StringBuilder html) {
    JsonNode reasons = report.path("reject-reasons");
    html.append("<h2>")
        .append(validation ? "Findings and rejects" : "Rejects")
        .append(" by reason</h2>\n");
    if (!reasons.isArray() || reasons.isEmpty()) {
      html.append("<p data-reasons=\"0\">None.</p>\n");
      return;
    }
    html.append("<table class=\"reasons\" data-reasons=\"")
        .append(reasons.size())
        .append(
            "\"><tr><th>Stage</th><th>Reason</th><th>Count</th><th>Where, the first few</th></tr>\n");
    for (JsonNode reason : reasons) {
      List<String> examples = new ArrayList<>();
      reason.path("examples").forEach(example -> examples.add(example.asText()));
      html.append("<tr><td>")
          .append(Html.escape(reason.path("stage").asText()))
          .append("</td><td>")
          .append(Html.escape(reason.path("reason").asText()))
          .append("</td><td data-reason-count>")
          .append(Html.number(reason.path("count").asLong()))
          .append("</td><td>")
          .append(Html.escape(String.join(", ", examples)))
          .append("</td></tr>\n");
    }
    html.append("</table>\n<p>Every reject, with its source position: <code>")
        .append(Html.escape(report.path("reject-file").asText()))
        .append("</code></p>\n");
    if (report.hasNonNull("findings-file")) {
      html.append("<p>Every finding, with its source position: <code>")
          .append(Html.escape(report.path("findings-file").asText()))
          .append("</code></p>\n");
    }
  }

  private static String prettyJson(JsonNode node) {
    try {
      return JSON.writeValueAsString(node == null ? Map.of() : node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final String STYLE =
      """
      body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;\
      max-width:920px;color:#1f2937}
      h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:28px 0 8px;\
      border-bottom:1px solid #e5e7eb}h3{font-size:14px;margin:18px 0 2px}
      .verdict{font-size:18px;font-weight:600;padding:8px 12px;border-radius:6px}
      .verdict.good{background:#dcfce7;color:#166534}.verdict.bad{background:#fee2e2;color:#991b1b}
      .when,.note{color:#6b7280}
      table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #f3f4f6;\
      text-align:left}
      .counts td{text-align:right;font-variant-numeric:tabular-nums}
      .legend span{margin-right:14px;font-size:12px}.legend .unit{color:#6b7280}.legend i{display:inline-block;width:12px;\
      height:3px;margin-right:4px;vertical-align:middle}.legend i.band{height:10px;\
      background:#fde68a}
      svg.chart{display:block}.grid{stroke:#f3f4f6}.axis{font-size:11px;fill:#6b7280}
      rect.band{fill:#fde68a;opacity:.6}line.mark{stroke:#9ca3af;stroke-dasharray:3 3}
      text.mark{font-size:11px;fill:#6b7280}text.empty{fill:#9ca3af}
      pre.settings{background:#f9fafb;padding:10px;overflow:auto;font-size:12px}
      """;
}
