package io.sluice.cli;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.run.JobPart;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.SchemaFirst;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.TableCopy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Opens what a job reads and writes, and gathers every problem found on the way instead of stopping
 * at the first: each source (its files exist and can be read), the target (reachable, its login
 * accepted, its datacenter, keyspace and table there) and, when the target is there, the mapping
 * against its table. A user fixing a new job file sees all its mistakes in one run. A job of
 * several tables ({@link JobTables}) is checked table by table, each problem named with its table.
 */
final class JobChecks implements AutoCloseable {

  private final List<String> problems = new ArrayList<>();
  private final JobTables tables;
  private final List<Opened> opened = new ArrayList<>();
  // What schema creation left out, such as an index of a kind the target lacks.
  private final List<String> schemaRefused = new ArrayList<>();

  /** One table's job, its target once connected, and its sources until the run takes them. */
  private record Opened(JobSpec job, Target target, List<Source> sources) {}

  private JobChecks(JobTables tables) {
    this.tables = tables;
  }

  /**
   * Opens the job's sources and target, first creating what the target lacks of its schema when the
   * job asks for it ({@link SchemaFirst}).
   *
   * @param kind the run the target is connected for ({@link WorkflowKind#connect})
   * @throws JobFileException listing every problem found, when there is any; nothing stays open
   */
  static JobChecks open(JobSpec job, WorkflowKind kind) {
    JobTables tables = tables(job);
    List<String> refused = new ArrayList<>();
    try {
      for (JobSpec table : tables.tables().values()) {
        refused.addAll(SchemaFirst.ensure(table, kind));
      }
    } catch (RuntimeException e) {
      throw new JobFileException(ErrorReporter.sentence(e));
    }
    JobChecks checks = openCreated(tables, kind);
    checks.schemaRefused.addAll(refused);
    return checks;
  }

  /**
   * Opens the job's sources and target as {@link #open} does, without creating any of the target's
   * schema ({@code sluice plan} changes nothing).
   */
  static JobChecks openCreated(JobSpec job, WorkflowKind kind) {
    return openCreated(tables(job), kind);
  }

  /**
   * The tables of the job ({@link JobTables#of}), any failure to list them told as a problem of the
   * job file.
   */
  static JobTables tables(JobSpec job) {
    try {
      return JobTables.of(job);
    } catch (JobFileException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new JobFileException(ErrorReporter.sentence(e));
    }
  }

  private static JobChecks openCreated(JobTables tables, WorkflowKind kind) {
    JobChecks checks = new JobChecks(tables);
    for (Map.Entry<String, JobSpec> table : tables.tables().entrySet()) {
      String prefix = tables.several() ? "table " + table.getKey() + ": " : "";
      checks.openTable(table.getValue(), kind, prefix);
    }
    if (!checks.problems.isEmpty()) {
      checks.close();
      JobSpec first = tables.tables().values().iterator().next();
      throw new JobFileException(describe(first, checks.problems));
    }
    return checks;
  }

  private void openTable(JobSpec job, WorkflowKind kind, String prefix) {
    // The target connects while the sources open and prepare to read: two clusters' handshakes
    // and schema reads, or a snapshot's restore, at once instead of one after the other.
    CompletableFuture<Target> connecting =
        CompletableFuture.supplyAsync(() -> kind.connect(job), JobChecks::onOwnThread);
    List<Source> sources = new ArrayList<>();
    for (SourceSpec spec : job.sources()) {
      try {
        Source source = Sources.create(spec, job.baseDir());
        sources.add(source);
        source.prepareReading();
      } catch (IOException | RuntimeException e) {
        problems.add(prefix + ErrorReporter.sentence(e));
      }
    }
    Target target = null;
    try {
      target = connected(connecting);
      target.problems().forEach(problem -> problems.add(prefix + problem));
    } catch (RuntimeException e) {
      problems.add(prefix + ErrorReporter.sentence(e));
    }
    if (target != null && !problems.isEmpty() && job.mapping() != null) {
      try {
        Mapper.compile(job.mapping(), target.schema());
      } catch (RuntimeException e) {
        problems.add(prefix + ErrorReporter.sentence(e));
      }
    }
    opened.add(new Opened(job, target, sources));
  }

  private static void onOwnThread(Runnable task) {
    Thread thread = new Thread(task, "sluice-target-connect");
    thread.setDaemon(true);
    thread.start();
  }

  private static Target connected(CompletableFuture<Target> connecting) {
    try {
      return connecting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static String describe(JobSpec job, List<String> problems) {
    if (problems.size() == 1) {
      return problems.get(0);
    }
    StringBuilder text =
        new StringBuilder(problems.size() + " problems stop job '" + job.name() + "':");
    for (String problem : problems) {
      text.append("\n  - ").append(problem);
    }
    return text.toString();
  }

  /** Whether the job moves several tables, rather than one. */
  boolean several() {
    return tables.several();
  }

  /** The job of the first table: the job itself, for a job of one table. */
  JobSpec firstJob() {
    return opened.get(0).job();
  }

  /** The target of a job of one table (the first table's, for a job of several). */
  Target target() {
    return opened.get(0).target();
  }

  /**
   * The sources of a job of one table, one per entry of the job's list, handed over to the run,
   * which closes them.
   */
  List<Source> takeSources() {
    List<Source> taken = List.copyOf(opened.get(0).sources());
    opened.get(0).sources().clear();
    return taken;
  }

  /** Every table's job, target and sources, handed over to the run, which closes the sources. */
  List<JobPart> takeParts() {
    List<JobPart> parts = new ArrayList<>();
    for (Opened table : opened) {
      parts.add(new JobPart(table.job(), table.target(), List.copyOf(table.sources())));
      table.sources().clear();
    }
    return parts;
  }

  /** What the target refused to create that the copy does without, a sentence each. */
  List<String> schemaRefused() {
    return schemaRefused;
  }

  /**
   * What of the source's schema a job of several tables leaves out, a sentence each: the tables it
   * does not copy, and what each copied table's own copy leaves out (its materialized views).
   */
  List<String> notCopied() {
    List<String> notCopied = new ArrayList<>(tables.notCopied().values());
    notCopied.addAll(schemaRefused);
    for (Opened table : opened) {
      TableCopy.of(table.sources(), table.job().target().keyspace(), table.job().target().table())
          .ifPresent(copy -> notCopied.addAll(copy.notCopied()));
    }
    return notCopied;
  }

  @Override
  public void close() {
    for (Opened table : opened) {
      for (Source source : table.sources()) {
        try {
          source.close();
        } catch (IOException | RuntimeException e) {
          // Closing a source we only read from cannot lose data.
        }
      }
      table.sources().clear();
      if (table.target() != null) {
        table.target().close();
      }
    }
  }
}
