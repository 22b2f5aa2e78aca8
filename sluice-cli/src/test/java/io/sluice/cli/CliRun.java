package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.timeline.TimelineLines;
import io.sluice.core.timeline.TimelineSample;
import io.sluice.flags.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** The outcome of running the {@code sluice} command line in-process, with what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SluiceCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /**
   * Runs {@code migrate} on the job, checks that it was refused (exit 2) and returns what it said
   * on standard error.
   */
  static String refusal(Path job) {
    CliRun run = of("migrate", job.toString());
    if (run.exitCode() != ExitCodes.ABORTED) {
      throw new AssertionError("expected the run to be refused (exit 2):\n" + run);
    }
    return run.err();
  }

  /** The {@code report.json} a job left in its state folder. */
  static JsonNode report(Path stateDir) throws IOException {
    return new ObjectMapper().readTree(stateDir.resolve("report.json").toFile()).get("counts");
  }

  /**
   * The longest a write of the run was in flight, in whole seconds rounded up: the timeline's
   * slowest answered request (a request sent again makes its TTLs anew, so only the last attempt's
   * time counts).
   */
  static int slowestWriteSeconds(Path stateDir) throws IOException {
    double slowestMillis =
        TimelineLines.parse(Files.readAllBytes(stateDir.resolve("timeline.jsonl"))).stream()
            .mapToDouble(TimelineSample::maxMillis)
            .max()
            .orElse(0);
    return (int) Math.ceil(Math.max(0, slowestMillis) / 1000);
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}
