package io.sluice.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.flags.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code sluice validate} of a job of several tables: each table validated in turn, as a job of
 * that table whose state is its own ({@code tables/NAME/validate/} in the job's state folder, so
 * that {@code --repair} and a resume act on that table alone), then one verdict for the job,
 * printed and saved as {@code validate/tables.json}.
 */
final class TablesValidation {

  /** The document that lists each table's verdict and the job's. */
  static final String DOCUMENT = "tables.json";

  private TablesValidation() {}

  /**
   * Validates every table of {@code tables} with {@code validateTable}, and returns the exit code
   * of the job: the worst of its tables'. An interrupted table stops the tables after it.
   */
  static int run(
      JobSpec job, JobTables tables, Function<JobSpec, RunReport> validateTable, PrintWriter out) {
    List<Map<String, Object>> verdicts = new ArrayList<>();
    List<String> differing = new ArrayList<>();
    int exit = ExitCodes.OK;
    int index = 0;
    for (Map.Entry<String, JobSpec> table : tables.tables().entrySet()) {
      index++;
      out.printf("%nTable %s (%d of %d)%n", table.getKey(), index, tables.tables().size());
      out.flush();
      JobSpec tableJob = table.getValue().withStateDir(stateOf(job, table.getKey()));
      RunReport report = validateTable.apply(tableJob);
      exit = Math.max(exit, ExitCodes.of(report.outcome()));
      if (report.outcome() != Outcome.COMPLETED) {
        differing.add(table.getKey());
      }
      Map<String, Object> verdict = new LinkedHashMap<>();
      verdict.put("table", table.getKey());
      verdict.put("outcome", report.outcome());
      verdict.put("counts", report.reportedCounts());
      verdict.put("state", tableJob.stateDir().resolve("validate").toString());
      verdicts.add(verdict);
      if (report.outcome() == Outcome.INTERRUPTED) {
        break;
      }
    }
    String verdict = verdict(tables, verdicts.size(), differing);
    out.printf("%n%s%n", verdict);
    tables.notCopied().values().forEach(what -> out.println("  Not validated: " + what));
    save(job, verdict, exit, verdicts, tables);
    out.flush();
    return exit;
  }

  /** Where a table's own validation keeps its state, in the job's state folder. */
  static Path stateOf(JobSpec job, String table) {
    return job.stateDir().resolve("tables").resolve(table);
  }

  private static String verdict(JobTables tables, int validated, List<String> differing) {
    int all = tables.tables().size();
    if (validated < all) {
      return String.format(
          "Job validation stopped after %d of %d tables; run the same command again to go on.",
          validated, all);
    }
    if (differing.isEmpty()) {
      return String.format("Job validation: all %d tables match their sources.", all);
    }
    return String.format(
        "Job validation: %d of %d tables differ from their sources or were not fully checked: %s.",
        differing.size(), all, String.join(", ", differing));
  }

  private static void save(
      JobSpec job, String verdict, int exit, List<Map<String, Object>> verdicts, JobTables tables) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("job", job.name());
    document.put("verdict", verdict);
    document.put("exit-code", exit);
    document.put("tables", verdicts);
    document.put("not-copied", List.copyOf(tables.notCopied().values()));
    Path file = job.stateDir().resolve("validate").resolve(DOCUMENT);
    try {
      Files.createDirectories(file.getParent());
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(file.toFile(), document);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
