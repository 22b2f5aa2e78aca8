package io.sluice.core.validate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.core.count.Counts;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.state.LineStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The outcome of a validation: the console summary, and {@code validation.json} in the validation's
 * state folder with the totals by kind and the first {@link #LISTED} findings by key, with the
 * columns that differ and both values. Every finding is in {@code differences.jsonl}; this file
 * stays small whatever their number.
 *
 * @param run the run's report (its counts cover every run of this validation)
 * @param spec what the validation checked
 */
public record ValidationReport(RunReport run, ValidationSpec spec) {

  /** The summary's document in the validation's state folder. */
  public static final String DOCUMENT = "validation.json";

  /** Findings listed in {@code validation.json}; the differences file has them all. */
  public static final int LISTED = 1_000;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Whether the target differs from the source: rows missing, mismatched or extra. */
  public boolean differencesFound() {
    return run.counts().differences() > 0;
  }

  /** The summary as JSON, listing the first findings of the differences file. */
  public byte[] toJson(LineStore differences) {
    Counts c = run.counts();
    ObjectNode root = JSON.createObjectNode();
    root.put("job", run.job());
    root.put("outcome", run.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    if (run.abortReason() != null) {
      root.put("abort-reason", run.abortReason());
    }
    root.put("started", run.started().toString());
    root.put("runs", run.runs());
    ObjectNode options = root.putObject("options");
    options.put("sample-percent", spec.samplePercent());
    options.put("repair", spec.repair());
    options.put("repair-timestamp", spec.repairTimestamp().name().toLowerCase(Locale.ROOT));
    options.put("extra-rows", spec.extraRows());
    options.put("delete-extra", spec.deleteExtra());
    ObjectNode totals = root.putObject("totals");
    totals.put("records-read", c.recordsRead());
    totals.put("records-filtered-or-not-sampled", c.recordsFiltered());
    totals.put("records-rejected", c.rejectedDecode() + c.rejectedMapping());
    totals.put("rows-checked", c.rowsWritten());
    totals.put("rows-not-checked", c.rowsFailed());
    totals.put("matching", c.rowsMatching());
    totals.put("missing", c.rowsMissing());
    totals.put("mismatched", c.rowsMismatched());
    totals.put("changed-since", c.rowsChangedSince());
    totals.put("extra", c.rowsExtra());
    totals.put("repaired", c.rowsRepaired());
    totals.put("rows-looked-up", c.rowsLookedUp());
    totals.put("differences", c.differences());
    root.put("differences-file", run.findingsFile());
    root.put("rejects-file", run.rejectFile());
    ArrayNode listed = root.putArray("findings");
    listFindings(differences, listed);
    root.put("findings-total", c.differences() + c.rowsChangedSince());
    root.put("findings-listed", listed.size());
    try {
      return JSON.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the validation report", e);
    }
  }

  private static void listFindings(LineStore differences, ArrayNode listed) {
    try (BufferedReader lines = differences.read()) {
      for (String line = lines.readLine();
          line != null && listed.size() < LISTED;
          line = lines.readLine()) {
        ObjectNode entry = (ObjectNode) JSON.readTree(line);
        entry.remove("stage");
        listed.add(entry);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the differences file " + differences.location(), e);
    }
  }

  /** The summary as the console shows it. */
  public String toText() {
    Counts c = run.counts();
    StringBuilder text = new StringBuilder();
    text.append(String.format("Validation of job %s: %s%n", run.job(), describe()));
    if (run.abortReason() != null) {
      text.append("  Stopped because: ").append(run.abortReason()).append('\n');
    }
    if (run.runs() > 1) {
      text.append(String.format("  Counts cover all %d runs of this validation%n", run.runs()));
    }
    if (spec.sampled()) {
      text.append(String.format("  Sample            %s%% of the records%n", spec.samplePercent()));
    }
    text.append(
        String.format(
            "  Records read      %,d  (checked %,d, filtered or not sampled %,d, rejected %,d)%n",
            c.recordsRead(),
            c.recordsMapped(),
            c.recordsFiltered(),
            c.rejectedDecode() + c.rejectedMapping()));
    text.append(
        String.format(
            "  Rows checked      %,d of %,d  (could not read %,d)%n",
            c.rowsWritten(), c.rowsProduced(), c.rowsFailed()));
    if (c.rowsLookedUp() < c.rowsWritten()) {
      text.append(
          String.format(
              "  Read by scan      %,d  (beside the source, range by range; %,d looked up by"
                  + " key)%n",
              c.rowsWritten() - c.rowsLookedUp(), c.rowsLookedUp()));
    }
    text.append(String.format("  Matching          %,d%n", c.rowsMatching()));
    text.append(String.format("  Missing           %,d%n", c.rowsMissing()));
    text.append(String.format("  Mismatched        %,d%n", c.rowsMismatched()));
    text.append(
        String.format(
            "  Changed since     %,d  (newer writes in the target: not differences)%n",
            c.rowsChangedSince()));
    if (spec.extraRows()) {
      text.append(String.format("  Extra             %,d%n", c.rowsExtra()));
    }
    if (spec.repair() || spec.deleteExtra()) {
      String how =
          spec.repair()
              ? "at the "
                  + (spec.repairTimestamp() == ValidationSpec.RepairTimestamp.NOW
                      ? "current"
                      : "source")
                  + " timestamp"
                  + (spec.deleteExtra() ? "; extra rows deleted at the current time" : "")
              : "extra rows deleted at the current time";
      text.append(String.format("  Repaired          %,d  (%s)%n", c.rowsRepaired(), how));
    }
    text.append(
        String.format(
            "  Time              %s (this run), %,.0f rows/s checked%n",
            RunReport.formatDuration(run.elapsed()), run.rowsPerSecond()));
    if (c.differences() + c.rowsChangedSince() > 0) {
      text.append("  Findings listed in ").append(run.findingsFile()).append('\n');
    }
    if (c.rejected() > 0) {
      text.append("  Rejects listed in ").append(run.rejectFile()).append('\n');
    }
    if (run.outcome() == Outcome.INTERRUPTED || run.outcome() == Outcome.ABORTED) {
      text.append("  Progress is saved: run the same command again to resume.\n");
    }
    return text.toString();
  }

  private String describe() {
    return switch (run.outcome()) {
      case COMPLETED -> "the target matches the source";
      case COMPLETED_WITH_DIFFERENCES -> "differences found";
      case COMPLETED_WITH_ERRORS ->
          differencesFound()
              ? "differences found, and some records could not be checked"
              : "some records could not be checked";
      case ABORTED -> "aborted";
      case INTERRUPTED -> "interrupted";
    };
  }
}
