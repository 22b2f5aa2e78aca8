package io.sluice.cli;

import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.InferredMapping;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.mapping.MappingInference;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.mapping.MappingYaml;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.run.WriteRuleCheck;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProposal;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.TableCopy;
import io.sluice.flags.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice plan job.yaml}: what a migration would do, without writing anything: the splits and
 * size of each source, the write timestamps, the target's rule warnings, and either a check of the
 * job's mapping against a sample or, when the job has none, an inferred mapping and {@code CREATE
 * TABLE} (or the source's own proposal, {@link SourceProposal}, options included). A job whose
 * source names several tables is planned table by table ({@link TablesPlan}).
 */
@Command(
    name = "plan",
    description =
        "Show splits, size and write timestamps; check the mapping on a sample, or infer a"
            + " mapping and CREATE TABLE when the job has none; for a job of several tables,"
            + " each table's.")
final class PlanCommand implements Callable<Integer> {

  // Only the job file: the run flags of migrate and validate would change nothing here.
  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path jobFile;

  @Option(
      names = "--sample-records",
      paramLabel = "N",
      defaultValue = "1000",
      description = "Records read to infer or check the mapping (default ${DEFAULT-VALUE}).")
  int sampleSize;

  @Option(
      names = "--mapping-out",
      description =
          "Write the inferred mapping (YAML) to this file; for a job of several tables, its"
              + " per-table: block.")
  Path mappingOut;

  @Option(
      names = "--cql-out",
      description =
          "Write the inferred CREATE TABLE to this file; for a job of several tables, every"
              + " statement of its schema.")
  Path cqlOut;

  /**
   * The heading of the columns a table copy writes by a rule of their own: collections element by
   * element at their write times (Cassandra 5.0 gives them), counters by adding differences.
   */
  static final String WRITE_RULES = "Columns written by a rule of their own:";

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    JobSpec job = JobFiles.load(jobFile);
    PrintWriter out = spec.commandLine().getOut();
    if (job.target().table() == null) {
      // A target of a keyspace only: a source that names several tables, each planned in turn.
      new TablesPlan(sampleSize, mappingOut, cqlOut, out).plan(job);
    } else if (job.mapping() == null) {
      List<Source> sources = new ArrayList<>();
      try {
        for (SourceSpec sourceSpec : job.sources()) {
          sources.add(Sources.create(sourceSpec, job.baseDir()));
        }
        boolean readText = sources.stream().noneMatch(Source::typesItsValues);
        List<Record> sample = PlanSample.read(job, sources, sampleSize, out).records();
        Optional<SourceProposal> proposal =
            SourceProposal.of(sources, job.target().keyspace(), job.target().table(), sampleSize);
        Optional<TableCopy> copy =
            TableCopy.of(sources, job.target().keyspace(), job.target().table());
        if (proposal.isPresent()) {
          print(proposal.get(), out);
        } else if (copy.isPresent()) {
          printCopy(copy.get(), job.target(), out);
        } else if (sample.isEmpty()) {
          inferFromSchemas(job, sources, out);
        } else {
          print(
              MappingInference.infer(
                  sample, job.target().keyspace(), job.target().table(), readText),
              out);
        }
      } finally {
        closeAll(sources);
      }
    } else {
      // Sources and target are opened together, so that every problem is told at once.
      try (JobChecks opened = JobChecks.openCreated(job, WorkflowKind.MIGRATION)) {
        List<Source> sources = opened.takeSources();
        PlanSample sample;
        try {
          sample = PlanSample.read(job, sources, sampleSize, out);
        } finally {
          closeAll(sources);
        }
        boolean counters = WriteRuleCheck.copiesCounters(sources);
        check(job, opened.target(), counters, sample.records(), sample.work(), out);
      }
    }
    out.flush();
    return ExitCodes.OK;
  }

  static void closeAll(List<Source> sources) {
    for (Source source : sources) {
      try {
        source.close();
      } catch (IOException | RuntimeException e) {
        // Closing a source we only read from cannot lose data.
      }
    }
  }

  /** A source that holds no record may still say, from its schema, what its records would hold. */
  private void inferFromSchemas(JobSpec job, List<Source> sources, PrintWriter out)
      throws IOException {
    List<Record> schemaSamples = new ArrayList<>();
    for (Source source : sources) {
      schemaSamples.addAll(source.schemaSamples());
    }
    if (schemaSamples.isEmpty()) {
      throw new IllegalArgumentException("The sources hold no readable record to infer from.");
    }
    out.println("The sources hold no record; the mapping is inferred from their schemas.");
    print(
        MappingInference.inferFromSchemas(
            schemaSamples, job.target().keyspace(), job.target().table()),
        out);
  }

  /** Shows the mapping and table that copy a source table as it is. */
  private void printCopy(TableCopy copy, TargetSpec target, PrintWriter out) throws IOException {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    copy.columns().forEach(column -> columns.put(column, ColumnSpec.ofField(column)));
    String yaml =
        MappingYaml.write(
            MappingSpec.of(columns),
            Map.of(),
            List.of(
                "Copied by Sluice from the source table: each column from the column of the same",
                "name, each cell at its own write time and with its TTL."));
    out.println();
    out.println("Mapping (add it to the job file):");
    out.println(yaml);
    out.println("Table that fits it (the source's own definition):");
    out.println(copy.cql());
    if (target.createsSchema()) {
      out.println();
      out.println(
          "target.schema is create: migrate creates what of this is missing, and keyspace "
              + target.keyspace()
              + " if it is, with "
              + (target.replication().isEmpty()
                  ? "3 replicas in datacenter " + target.localDatacenter() + " (or one per node)"
                  : "replicas " + target.replication())
              + "; plan creates nothing.");
    }
    if (!copy.writeRules().isEmpty()) {
      out.println();
      out.println(WRITE_RULES);
      copy.writeRules().forEach(rule -> out.println("  " + rule));
    }
    if (!copy.notCopied().isEmpty()) {
      out.println();
      out.println("Not copied:");
      copy.notCopied().forEach(note -> out.println("  " + note));
    }
    write(yaml, copy.cql(), out);
  }

  /** Writes the mapping and the CQL where the options say. */
  private void write(String yaml, String cql, PrintWriter out) throws IOException {
    if (mappingOut != null) {
      Files.writeString(mappingOut, yaml);
      out.println("Mapping written to " + mappingOut);
    }
    if (cqlOut != null) {
      Files.writeString(cqlOut, cql + System.lineSeparator());
      out.println("CREATE TABLE written to " + cqlOut);
    }
  }

  /** Shows what a source proposes, and writes its mapping and table where the options say. */
  private void print(SourceProposal proposal, PrintWriter out) throws IOException {
    out.println();
    out.println("Proposed from " + proposal.description() + ".");
    out.println("Source options (in place of the source's options:):");
    out.println(proposal.optionsYaml());
    out.println("Mapping (add it to the job file):");
    out.println(proposal.mappingYaml());
    out.println("Table that fits it:");
    out.println(proposal.createTableCql());
    out.println();
    out.println("Guesses:");
    proposal.guesses().forEach(guess -> out.println("  " + guess));
    for (String note : proposal.notes()) {
      out.println("Note: " + note);
    }
    write(proposal.mappingYaml(), proposal.createTableCql(), out);
  }

  /** Shows an inferred mapping and table, and writes them where the options say. */
  private void print(InferredMapping inferred, PrintWriter out) throws IOException {
    out.println();
    out.println("Inferred mapping (add it to the job file):");
    out.println(inferred.yaml());
    out.println("Table that fits it:");
    out.println(inferred.createTableCql());
    for (String note : inferred.notes()) {
      out.println("Note: " + note);
    }
    write(inferred.yaml(), inferred.createTableCql(), out);
  }

  /**
   * Maps the sample with the job's mapping into its target table, and says how it went.
   *
   * @param copiesCounters whether the job asked for counter tables to be copied
   */
  static void check(
      JobSpec job,
      Target target,
      boolean copiesCounters,
      List<Record> sample,
      long sourceWork,
      PrintWriter out) {
    for (String warning : WriteRuleCheck.check(target.schema(), copiesCounters)) {
      out.println("Warning: " + warning);
    }
    Mapper mapper = Mapper.compile(job.mapping(), target.schema());
    int rows = 0;
    int failed = 0;
    int filtered = 0;
    String firstFailure = null;
    List<Row> sampleRows = new ArrayList<>();
    long sampledBytes = 0;
    for (Record record : sample) {
      sampledBytes += record.sizeBytes();
      MapResult result = mapper.map(record);
      if (result instanceof MapResult.Rows mapped) {
        rows += mapped.rows().size();
        mapped.rows().forEach(values -> sampleRows.add(new Row(values, 0, record.position())));
      } else if (result instanceof MapResult.Failed failure) {
        failed++;
        firstFailure =
            firstFailure == null ? record.position() + ": " + failure.reason() : firstFailure;
      } else {
        filtered++;
      }
    }
    out.printf(
        "Mapping into %s: %,d sampled record(s) give %,d row(s); %,d filtered, %,d would be"
            + " rejected.%n",
        target.schema().qualifiedName(), sample.size(), rows, filtered, failed);
    if (firstFailure != null) {
      out.println("First rejection: " + firstFailure);
    }
    double scale = sampledBytes > 0 && sourceWork > 0 ? sourceWork / (double) sampledBytes : 0;
    target.planLines(sampleRows, scale).forEach(out::println);
  }
}
