package io.sluice.cli.difftest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.cli.SluiceCommand;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The job files of a case (its source table copied into one table over CQL, into another through
 * SSTables streamed by the same {@code migrate}), and the {@code sluice} commands run on them in
 * this process, as a user runs them.
 */
final class DiffJobs {

  private DiffJobs() {}

  /** What a command run in-process returned and printed. */
  record Run(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
    }
  }

  /** Runs {@code sluice args...} in this process. */
  static Run sluice(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = SluiceCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(code, out.toString(), err.toString());
  }

  /**
   * Writes {@code dir/name.yaml}: a job copying {@code sourceTable} of {@code source} into {@code
   * targetTable} of {@code target} with no mapping (each column from the column of its name), over
   * CQL or, with {@code sstables}, as SSTables that the same {@code migrate} streams. State is kept
   * in {@code dir/state-name}.
   */
  static Path write(
      Path dir,
      String name,
      TestKeyspace source,
      String sourceTable,
      TestKeyspace target,
      String targetTable,
      GeneratedCase generated,
      boolean sstables)
      throws IOException {
    StringBuilder yaml = new StringBuilder();
    yaml.append("name: ").append(name).append('\n');
    yaml.append("state-dir: state-").append(name).append('\n');
    yaml.append("sources:\n  - name: source\n    type: cassandra\n    options:\n");
    yaml.append("      contact-points: [").append(source.hostAndPort()).append("]\n");
    yaml.append("      local-datacenter: ").append(source.localDatacenter()).append('\n');
    yaml.append("      keyspace: ").append(source.name()).append('\n');
    yaml.append("      table: ").append(sourceTable).append('\n');
    yaml.append("      fetch-size: ").append(generated.fetchSize()).append('\n');
    yaml.append("target:\n");
    yaml.append("  contact-points: [").append(target.hostAndPort()).append("]\n");
    yaml.append("  local-datacenter: ").append(target.localDatacenter()).append('\n');
    yaml.append("  keyspace: ").append(target.name()).append('\n');
    yaml.append("  table: ").append(targetTable).append('\n');
    if (sstables) {
      yaml.append("  type: sstables\n");
      yaml.append("  options: {directory: sstables-")
          .append(name)
          .append(", stream-after-migrate: true, segment-rows: ")
          .append(generated.segmentRows())
          .append("}\n");
    }
    yaml.append("flow: { workers: ").append(generated.workers()).append(" }\n");
    yaml.append("max-errors: 0\n");
    Path file = dir.resolve(name + ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  /** The counts of the {@code report.json} a run left in {@code dir/state-name}. */
  static JsonNode counts(Path dir, String name) throws IOException {
    return read(dir.resolve("state-" + name).resolve("report.json")).get("counts");
  }

  /** The rejects a migration listed, one JSON line each; empty when there is no file. */
  static String rejects(Path dir, String name) throws IOException {
    Path file = dir.resolve("state-" + name).resolve("rejects.jsonl");
    return Files.exists(file) ? Files.readString(file) : "";
  }

  /** The {@code validation.json} the last validation of the job left. */
  static JsonNode validation(Path dir, String name) throws IOException {
    return read(dir.resolve("state-" + name).resolve("validate").resolve("validation.json"));
  }

  private static JsonNode read(Path file) throws IOException {
    return new ObjectMapper().readTree(file.toFile());
  }
}
