package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.job.JobSpec;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.Targets;
import io.sluice.core.state.LocalJobState;

/**
 * The kinds of run, and what each decides before its {@link Workflow} exists (the target is not
 * connected yet) or where only its words differ: how it connects to the target, where it keeps its
 * state, what its command, progress line and metrics call it. Runtimes ask the kind rather than
 * whether they validate, so that the CLI and Spark read the same for both.
 */
public enum WorkflowKind {
  /** Every mapped row is written to the target. */
  MIGRATION("migrate", "load", "Loading", "into", "written", "write", "job ", "rejected"),
  /** Every mapped row is read back from the target and compared. */
  VALIDATION(
      "validate",
      "check",
      "Checking",
      "against",
      "checked",
      "read",
      "the validation of job ",
      "differences");

  private final String command;
  private final String verb;
  private final String task;
  private final String preposition;
  private final String rowsDone;
  private final String requests;
  private final String subject;
  private final String problemsWord;

  WorkflowKind(
      String command,
      String verb,
      String task,
      String preposition,
      String rowsDone,
      String requests,
      String subject,
      String problemsWord) {
    this.command = command;
    this.verb = verb;
    this.task = task;
    this.preposition = preposition;
    this.rowsDone = rowsDone;
    this.requests = requests;
    this.subject = subject;
    this.problemsWord = problemsWord;
  }

  /** The command that runs it: {@code migrate}, {@code validate}. */
  public String command() {
    return command;
  }

  /** What it does to the job, as messages say it: {@code load}, {@code check}. */
  public String verb() {
    return verb;
  }

  /** What the progress line and the plan's line call the run under way: {@code Loading}. */
  public String task() {
    return task;
  }

  /** How the plan's line names the target after the task: {@code into}, {@code against}. */
  public String preposition() {
    return preposition;
  }

  /** What became of the rows it handled: {@code written}, {@code checked}. */
  public String rowsDone() {
    return rowsDone;
  }

  /** What its requests to the target do, as metrics tag them: {@code write}, {@code read}. */
  public String requests() {
    return requests;
  }

  /** Whether it compares rather than writes: its counts are then named as a validation's. */
  public boolean validates() {
    return this == VALIDATION;
  }

  /**
   * Whether it writes to the target, so that the cluster is examined first (a migration); a
   * validation reads, and repairs only what it found.
   */
  public boolean writes() {
    return this == MIGRATION;
  }

  /** How the run is named in messages about the job: {@code job x}, or its validation. */
  public String subject(String jobName) {
    return subject + jobName;
  }

  /** The count a person watches for trouble as it runs: rejects, or a validation's differences. */
  public long problems(Counts counts) {
    return validates() ? counts.differences() : counts.rejected();
  }

  /** What {@link #problems} counts, as the progress line says it. */
  public String problemsWord() {
    return problemsWord;
  }

  /** The name of a count in this kind's report, metrics and progress, or null if it has none. */
  public String countName(Count count) {
    return count.reportedIn(validates()) ? count.reportKey(validates()) : null;
  }

  /**
   * Connects the job's target as this kind of run uses it: a validation reads it with scans ({@link
   * io.sluice.core.sink.TargetProvider#connectToCheck}), a migration writes to it.
   */
  public Target connect(JobSpec job) {
    return validates()
        ? Targets.connectToCheck(job.target(), job.baseDir())
        : Targets.connect(job.target(), job.baseDir());
  }

  /** Where a run of this kind keeps its state on one machine. */
  public LocalJobState localState(JobSpec job) {
    return validates() ? LocalJobState.ofValidation(job) : LocalJobState.ofMigration(job);
  }
}
