package io.sluice.core.run;

import io.sluice.core.job.JobSpec;
import io.sluice.core.report.HtmlReport;
import io.sluice.core.report.JobSettings;
import io.sluice.core.report.ReasonCount;
import io.sluice.core.report.RejectReasons;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LineStore;
import io.sluice.core.timeline.TimelineSample;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The report stage of every run, whichever runtime ran its splits: {@code report.json}, then the
 * reasons of its reject lines and findings grouped into it, {@code report.html} with the charts of
 * the run's timeline, and the workflow's own report (a validation's {@code validation.json}). The
 * console summary is the workflow's too ({@link Workflow#summary}).
 */
public final class RunDocuments {

  private static final Logger LOG = LoggerFactory.getLogger(RunDocuments.class);

  private RunDocuments() {}

  /**
   * Saves the documents of a finished run in {@code state} and returns its report with the lines'
   * reasons grouped.
   *
   * @param lines the run's reject lines
   * @param findings the run's findings (a validation's differences)
   * @param samples the run's timeline, earlier runs' included
   */
  public static RunReport save(
      JobSpec job,
      Workflow workflow,
      RunReport report,
      LineStore lines,
      LineStore findings,
      List<TimelineSample> samples,
      JobState state) {
    // Saved before the lines are read for their reasons, which takes a while when they are many.
    state.saveDocument(HtmlReport.REPORT_JSON, report.toJson());
    if (report.counts().rejected() + report.counts().differences() > 0) {
      report = report.withRejectReasons(reasons(lines, findings));
      state.saveDocument(HtmlReport.REPORT_JSON, report.toJson());
    }
    try {
      state.saveDocument(
          HtmlReport.DOCUMENT,
          HtmlReport.render(
              report.toJson(), samples, JobSettings.of(job), workflow.kind().validates()));
    } catch (RuntimeException e) {
      // A report that cannot be drawn leaves the run's outcome alone.
      LOG.warn("Cannot write {}: {}", HtmlReport.DOCUMENT, e.getMessage());
    }
    workflow.report(report, findings, state);
    return report;
  }

  /**
   * The finished run as the console shows it: its workflow's summary, and where its documents are.
   */
  public static String summary(Workflow workflow, RunReport report, JobState state) {
    return workflow.summary(report)
        + "  Report saved to "
        + state.location(workflow.summaryDocument())
        + "\n  Charts over time: "
        + state.location(HtmlReport.DOCUMENT)
        + "\n";
  }

  private static List<ReasonCount> reasons(LineStore lines, LineStore findings) {
    try (BufferedReader rejects = lines.read();
        BufferedReader found = findings.read()) {
      return RejectReasons.of(rejects, found);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Cannot read the run's lines to group their reasons: {}", e.getMessage());
      return List.of();
    }
  }
}
