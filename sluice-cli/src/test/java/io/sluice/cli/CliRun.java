package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** The outcome of running the {@code sluice} command line in-process, with what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SluiceCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /** The {@code report.json} a job left in its state folder. */
  static JsonNode report(Path stateDir) throws IOException {
    return new ObjectMapper().readTree(stateDir.resolve("report.json").toFile()).get("counts");
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}
