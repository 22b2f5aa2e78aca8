package io.sluice.cli;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.mapping.InferredMapping;
import io.sluice.core.mapping.MappingInference;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.run.WriteRuleCheck;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.TableCopy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code sluice plan} for a job whose source names several tables ({@link JobTables}): each table
 * is planned as the job of one table is (its sources' splits and a sample; a mapping the job gives
 * is checked against the target table), then what the tables need is printed once, ready to paste:
 * for table copies the target's schema ({@link PlannedSchema}) and what is not copied; for tables
 * of files (the collections of a mongodump folder) each inferred mapping in one {@code per-table:}
 * block ({@link PerTableYaml}), and each table's {@code CREATE TABLE}. Nothing is created.
 */
final class TablesPlan {

  private final int sampleSize;
  private final Path mappingOut;
  private final Path cqlOut;
  private final PrintWriter out;
  private final PlannedSchema schema = new PlannedSchema();
  private final PerTableYaml mappings = new PerTableYaml();
  private final List<String> tablesCql = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();

  TablesPlan(int sampleSize, Path mappingOut, Path cqlOut, PrintWriter out) {
    this.sampleSize = sampleSize;
    this.mappingOut = mappingOut;
    this.cqlOut = cqlOut;
    this.out = out;
  }

  /**
   * Plans every table of the job and prints what they need.
   *
   * @throws JobFileException listing, after everything else is printed, the tables that could not
   *     be planned
   */
  void plan(JobSpec job) throws IOException {
    JobTables tables = JobTables.of(job);
    out.printf(
        "Job %s: %d table(s) into keyspace %s.%n",
        job.name(), tables.tables().size(), job.target().keyspace());
    tables
        .tables()
        .forEach((table, tableJob) -> planTable(table, tables.perTableKey(table), tableJob));
    tables.notCopied().values().forEach(schema::notCopied);
    printSchema(job.target());
    printMappings();
    printNotCopied();
    write(job.target());
    if (!problems.isEmpty()) {
      throw new JobFileException(
          problems.size() == 1
              ? problems.get(0)
              : problems.size()
                  + " tables could not be planned:\n  - "
                  + String.join("\n  - ", problems));
    }
  }

  private void planTable(String table, String perTableKey, JobSpec tableJob) {
    out.println();
    out.println("Table " + table + ":");
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : tableJob.sources()) {
        sources.add(Sources.create(spec, tableJob.baseDir()));
      }
      PlanSample sample = PlanSample.read(tableJob, sources, sampleSize, out);
      if (tableJob.mapping() != null) {
        check(table, tableJob, WriteRuleCheck.copiesCounters(sources), sample);
        return;
      }
      String keyspace = tableJob.target().keyspace();
      Optional<TableCopy> copy = TableCopy.of(sources, keyspace, table);
      if (copy.isPresent()) {
        schema.add(table, copy.get());
        return;
      }
      infer(table, perTableKey, tableJob, sources, sample.records());
    } catch (IOException | RuntimeException e) {
      problems.add("table " + table + ": " + ErrorReporter.sentence(e));
    } finally {
      PlanCommand.closeAll(sources);
    }
  }

  /** Checks the table's own mapping on the sample against its target table, as for one table. */
  private void check(String table, JobSpec tableJob, boolean copiesCounters, PlanSample sample) {
    try (Target target = WorkflowKind.MIGRATION.connect(tableJob)) {
      if (!target.problems().isEmpty()) {
        target.problems().forEach(problem -> problems.add("table " + table + ": " + problem));
        return;
      }
      PlanCommand.check(tableJob, target, copiesCounters, sample.records(), sample.work(), out);
    }
  }

  private void infer(
      String table, String perTableKey, JobSpec tableJob, List<Source> sources, List<Record> sample)
      throws IOException {
    String keyspace = tableJob.target().keyspace();
    InferredMapping inferred;
    if (sample.isEmpty()) {
      List<Record> schemaSamples = new ArrayList<>();
      for (Source source : sources) {
        schemaSamples.addAll(source.schemaSamples());
      }
      if (schemaSamples.isEmpty()) {
        throw new IllegalArgumentException(
            "its source holds no readable record to infer a mapping from");
      }
      out.println("The source holds no record; the mapping is inferred from its schema.");
      inferred = MappingInference.inferFromSchemas(schemaSamples, keyspace, table);
    } else {
      boolean readText = sources.stream().noneMatch(Source::typesItsValues);
      inferred = MappingInference.infer(sample, keyspace, table, readText);
    }
    mappings.add(perTableKey, table, inferred.yaml());
    tablesCql.add(inferred.createTableCql());
    inferred.notes().forEach(note -> notes.add("table " + table + ": " + note));
  }

  private void printSchema(TargetSpec target) {
    if (schema.isEmpty()) {
      return;
    }
    out.println();
    out.println("Schema of the copied tables (the source's own definitions):");
    out.println(schema.cql(target));
    out.println();
    out.println(schema.replicationNote(target));
    if (!schema.writeRules().isEmpty()) {
      out.println();
      out.println(PlanCommand.WRITE_RULES);
      schema.writeRules().forEach(rule -> out.println("  " + rule));
    }
  }

  private void printMappings() {
    if (mappings.isEmpty()) {
      return;
    }
    out.println();
    out.println("Inferred mappings (add them to the job file, beside target:):");
    out.println(mappings.yaml());
    out.println("Tables that fit them:");
    out.println(String.join("\n\n", tablesCql));
    notes.forEach(note -> out.println("Note: " + note));
  }

  private void printNotCopied() {
    if (schema.notCopied().isEmpty()) {
      return;
    }
    out.println();
    out.println("Not copied:");
    schema.notCopied().forEach(note -> out.println("  " + note));
  }

  /** Writes the mappings and the CQL where the options say. */
  private void write(TargetSpec target) throws IOException {
    if (mappingOut != null) {
      if (mappings.isEmpty()) {
        out.println("No mapping written: every table planned is copied column by column.");
      } else {
        Files.writeString(mappingOut, mappings.yaml());
        out.println("Mappings (per-table:) written to " + mappingOut);
      }
    }
    if (cqlOut != null) {
      List<String> statements = new ArrayList<>();
      if (!schema.isEmpty()) {
        statements.add(schema.cql(target));
      }
      statements.addAll(tablesCql);
      Files.writeString(cqlOut, String.join("\n\n", statements) + System.lineSeparator());
      out.println("CREATE statements written to " + cqlOut);
    }
  }
}
