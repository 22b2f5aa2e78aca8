package io.sluice.core.run;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.report.ReasonCount;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The final report of a run, printed on the console and saved as {@code report.json} in the job's
 * state folder.
 *
 * @param job the job's name
 * @param outcome how the run ended
 * @param abortReason why it stopped early, or {@code null}
 * @param counts every record and row, adding up
 * @param started when the run began
 * @param elapsed how long it ran
 * @param rejectFile where rejected records are listed
 * @param findingsFile where the findings are listed (a validation's differences), apart from the
 *     rejects; null for a run that finds nothing (a migration), whose report then names none
 * @param runs how many runs of the job the counts cover (more than one after resuming)
 * @param rowsWrittenThisRun rows written (or checked) by this run alone, for its rate
 * @param flow how flow control steered this run: requests, overload answers, the rate it settled
 *     at, compaction pauses
 * @param rejectReasons the reject file's lines grouped by stage and reason, most frequent first
 * @param validation whether the run checked rows rather than wrote them: its {@code report.json}
 *     names its counts as a validation's ({@link Counts#reported})
 * @param tables each table's counts, for a job of several tables
 * @param notCopied what of the source's schema the job leaves out, a sentence each saying why
 * @param warnings where the job's tables break the rule that every write is an idempotent upsert (a
 *     counter table copied by adding differences), a sentence each, as the console said them before
 *     the run
 */
public record RunReport(
    String job,
    Outcome outcome,
    String abortReason,
    @JsonIgnore Counts counts,
    Instant started,
    Duration elapsed,
    String rejectFile,
    @JsonInclude(JsonInclude.Include.NON_NULL) String findingsFile,
    int runs,
    @JsonIgnore long rowsWrittenThisRun,
    FlowStats flow,
    List<ReasonCount> rejectReasons,
    boolean validation,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<TableReport> tables,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notCopied,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings) {

  public RunReport {
    rejectReasons = rejectReasons == null ? List.of() : List.copyOf(rejectReasons);
    tables = tables == null ? List.of() : List.copyOf(tables);
    notCopied = notCopied == null ? List.of() : List.copyOf(notCopied);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /** The report of a run of a job of one table. */
  public RunReport(
      String job,
      Outcome outcome,
      String abortReason,
      Counts counts,
      Instant started,
      Duration elapsed,
      String rejectFile,
      String findingsFile,
      int runs,
      long rowsWrittenThisRun,
      FlowStats flow,
      List<ReasonCount> rejectReasons,
      boolean validation) {
    this(
        job,
        outcome,
        abortReason,
        counts,
        started,
        elapsed,
        rejectFile,
        findingsFile,
        runs,
        rowsWrittenThisRun,
        flow,
        rejectReasons,
        validation,
        null,
        null,
        null);
  }

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT);

  /** This report with the reject file's reasons grouped. */
  public RunReport withRejectReasons(List<ReasonCount> reasons) {
    return new RunReport(
        job,
        outcome,
        abortReason,
        counts,
        started,
        elapsed,
        rejectFile,
        findingsFile,
        runs,
        rowsWrittenThisRun,
        flow,
        reasons,
        validation,
        tables,
        notCopied,
        warnings);
  }

  /** The counts as {@code report.json} holds them, named as the run's workflow names them. */
  @JsonProperty("counts")
  public Map<String, Long> reportedCounts() {
    return counts.reported(validation);
  }

  /**
   * The rows this run alone wrote, as {@code report.json} names them for the run's workflow: {@code
   * rows-written-this-run}, or a validation's {@code rows-checked-this-run}.
   */
  @JsonAnyGetter
  public Map<String, Long> reportedRowsThisRun() {
    return Map.of(Count.ROWS_WRITTEN.reportKey(validation) + "-this-run", rowsWrittenThisRun);
  }

  /** This run's rate: a resumed run is not credited with the rows of earlier runs. */
  public double rowsPerSecond() {
    double seconds = Math.max(elapsed.toMillis(), 1) / 1000.0;
    return rowsWrittenThisRun / seconds;
  }

  /** The report as {@code report.json} holds it. */
  public byte[] toJson() {
    try {
      return JSON.writeValueAsBytes(this);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the report of job " + job, e);
    }
  }

  /** The report as the console shows it. */
  public String toText() {
    Counts c = counts;
    StringBuilder text = new StringBuilder();
    text.append(String.format("Job %s: %s%n", job, describe(outcome)));
    if (abortReason != null) {
      text.append("  Stopped because: ").append(abortReason).append('\n');
    }
    if (runs > 1) {
      text.append(String.format("  Counts cover all %d runs of this job%n", runs));
    }
    text.append(
        String.format(
            "  Records read      %,d  (mapped %,d, filtered %,d, rejected %,d: %,d unreadable,"
                + " %,d unmappable)%n",
            c.recordsRead(),
            c.recordsMapped(),
            c.recordsFiltered(),
            c.rejectedDecode() + c.rejectedMapping(),
            c.rejectedDecode(),
            c.rejectedMapping()));
    text.append(
        String.format(
            "  Rows written      %,d of %,d  (failed %,d, retried writes %,d)%n",
            c.rowsWritten(), c.rowsProduced(), c.rowsFailed(), c.retries()));
    text.append(
        String.format(
            "  Time              %s (this run), %,.0f rows/s, %.1f MB read%n",
            formatDuration(elapsed), rowsPerSecond(), c.bytesRead() / 1e6));
    if (c.recordsReadAgain() > 0) {
      text.append(
          String.format(
              "  Read again        %,d  (to find where resumed splits stood)%n",
              c.recordsReadAgain()));
    }
    if (flow != null) {
      text.append(FlowSummary.of(flow));
    }
    if (!tables.isEmpty()) {
      text.append(TableReport.toText(tables));
    }
    notCopied.forEach(what -> text.append("  Not copied        ").append(what).append('\n'));
    warnings.forEach(what -> text.append("  Warning           ").append(what).append('\n'));
    if (c.recordsRead() == 0 && abortReason == null) {
      text.append(
          "  The sources held no records: check the paths, and that the files hold data beyond"
              + " a header.\n");
    }
    if (c.rejected() > 0) {
      text.append("  Rejects listed in ").append(rejectFile).append('\n');
    }
    if (outcome == Outcome.INTERRUPTED || outcome == Outcome.ABORTED) {
      text.append("  Progress is saved: run the same command again to resume.\n");
    }
    return text.toString();
  }

  private static String describe(Outcome outcome) {
    return switch (outcome) {
      case COMPLETED -> "completed";
      case COMPLETED_WITH_ERRORS -> "completed with rejected records";
      case COMPLETED_WITH_DIFFERENCES -> "completed, differences found";
      case ABORTED -> "aborted";
      case INTERRUPTED -> "interrupted";
    };
  }

  /** A duration as reports show it: {@code 4.2 s}, or {@code 1h02m03s}. */
  public static String formatDuration(Duration d) {
    long seconds = d.toSeconds();
    if (seconds < 60) {
      return String.format("%.1f s", d.toMillis() / 1000.0);
    }
    return String.format("%dh%02dm%02ds", seconds / 3600, (seconds % 3600) / 60, seconds % 60);
  }
}
