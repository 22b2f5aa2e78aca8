package io.sluice.spark;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobPart;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Workflow;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LocalJobState;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationSpec;
import java.io.Serializable;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a run on Spark does with the job's rows, as the driver and every task know it: a migration
 * writes them, a validation checks them against the target.
 *
 * @param validation the validation's options, or null for a migration
 */
record SparkWorkflow(ValidationSpec validation) implements Serializable {

  static SparkWorkflow migration() {
    return new SparkWorkflow(null);
  }

  static SparkWorkflow validation(ValidationSpec spec) {
    return new SparkWorkflow(spec);
  }

  /**
   * The kind of run, which decides how it connects, where it keeps its state, what it is called.
   */
  WorkflowKind kind() {
    return validation == null ? WorkflowKind.MIGRATION : WorkflowKind.VALIDATION;
  }

  /** Connects the job's target as the run uses it ({@link WorkflowKind#connect}). */
  Target connectTarget(JobSpec job) {
    return kind().connect(job);
  }

  /** The command, for Spark's UI and messages. */
  String command() {
    return kind().command();
  }

  /** The job's state folder on the driver, as a local run of the same command keeps it. */
  LocalJobState localState(JobSpec job) {
    return kind().localState(job);
  }

  /** Whether the run lists findings apart from its rejects: a validation's differences. */
  boolean listsFindings() {
    return kind().validates();
  }

  /** The key of the job's splits in a keyspace store: a validation's apart from a migration's. */
  String stateKey(JobSpec job) {
    return kind().validates() ? job.name() + "/validate" : job.name();
  }

  /**
   * The job's tables ({@link JobTables}): itself for a job of one table, one job per table for a
   * source that reads several, which only a migration takes on Spark for now.
   */
  JobTables tables(JobSpec job) {
    JobTables tables = JobTables.of(job);
    if (validation != null && tables.several()) {
      throw new JobFileException(
          "On Spark, validate checks a job of one table; this job reads "
              + tables.tables().size()
              + " tables of a keyspace (tables:), so check them with 'sluice validate', or each"
              + " with a job that names its table (table: and target.table).");
    }
    if (tables.several() && job.maxErrors().perTable()) {
      throw new JobFileException(
          "On Spark, max-errors is judged for the whole job; this job asks '"
              + job.maxErrors()
              + "', so run it with 'sluice migrate' on one machine, or give a max-errors"
              + " without 'per table'.");
    }
    return tables;
  }

  /** Plans the run of a job of one table on the driver, over the splits' shared state. */
  JobRun prepare(
      JobSpec job,
      Target target,
      List<Source> sources,
      Clock clock,
      boolean fresh,
      JobState state) {
    if (validation == null) {
      return Migration.prepare(job, target, sources, clock, fresh, state);
    }
    if (validation.extraRows()
        && !Validation.forSplits(job, target, validation, clock, sources).findsExtraRowsBySplit()) {
      throw new JobFileException(
          "On Spark, --extra finds extra rows only where every source is a table whose key the"
              + " mapping keeps (a merge join per split); for this job run 'sluice validate --extra'"
              + " on one machine.");
    }
    return Validation.prepare(job, target, sources, clock, fresh, validation, state);
  }

  /**
   * Plans the migration of a job of several tables on the driver, over the splits' shared state, as
   * the CLI plans it: one pool of splits, one flow budget, one error budget.
   *
   * @param created told of each table's workflow as it is made, in the order of {@code parts}
   */
  JobRun prepareTables(
      JobSpec job,
      List<JobPart> parts,
      List<String> notCopied,
      Clock clock,
      boolean fresh,
      JobState state,
      Consumer<Workflow> created) {
    return JobRun.prepareTables(
        job,
        parts,
        notCopied,
        clock,
        fresh,
        state,
        part -> {
          Workflow migration = Migration.of(part.job(), part.target());
          created.accept(migration);
          return migration;
        });
  }

  /** The workflow of a task, on an executor. */
  Workflow onExecutor(JobSpec job, Target target, List<Source> sources) {
    return validation == null
        ? Migration.of(job, target)
        : Validation.forSplits(job, target, validation, Clock.systemUTC(), sources);
  }
}
