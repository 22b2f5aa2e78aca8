package io.sluice.core.run;

import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LocalJobState;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.OptionalLong;

/**
 * The backfill: every mapped row is written to the target. Run locally, its state lives in the
 * job's state folder ({@link LocalJobState#ofMigration}).
 */
public final class Migration implements Workflow {

  private final JobSpec job;
  private final Target target;

  private Migration(JobSpec job, Target target) {
    this.job = job;
    this.target = target;
  }

  /** Plans a migration of the job against a connected target, its state in the job's folder. */
  @Override
  public void beforeRun(PrintWriter out) {
    target.beforeMigration(job, out);
  }

  @Override
  public void afterRun(boolean completed, PrintWriter out) {
    target.afterMigration(job, completed, out);
  }

  public static JobRun prepare(JobSpec job, Target target, Clock clock, boolean fresh) {
    return JobRun.prepare(job, target, clock, fresh, state(job), new Migration(job, target));
  }

  /** Plans a migration with sources already created, as {@link JobRun#prepare} takes them. */
  public static JobRun prepare(
      JobSpec job, Target target, List<Source> sources, Clock clock, boolean fresh) {
    return JobRun.prepare(
        job, target, sources, clock, fresh, state(job), new Migration(job, target));
  }

  /**
   * Plans one migration of a job of several tables ({@link JobTables}), each table's rows written
   * to its own target table, under the job's one flow budget, error budget and checkpoint.
   *
   * @param notCopied what of the source's schema the job leaves out, a sentence each
   */
  public static JobRun prepareTables(
      JobSpec job, List<JobPart> parts, List<String> notCopied, Clock clock, boolean fresh) {
    return JobRun.prepareTables(
        job,
        parts,
        notCopied,
        clock,
        fresh,
        state(job),
        part -> new Migration(part.job(), part.target()));
  }

  /**
   * Plans a migration whose state is kept elsewhere than the job's local folder: the Spark runner
   * plans with the splits' shared checkpoints, then runs each split as a task.
   */
  public static JobRun prepare(
      JobSpec job,
      Target target,
      List<Source> sources,
      Clock clock,
      boolean fresh,
      JobState state) {
    return JobRun.prepare(job, target, sources, clock, fresh, state, new Migration(job, target));
  }

  /** The migration workflow, for a process that runs some of the job's splits (a Spark task). */
  public static Migration of(JobSpec job, Target target) {
    return new Migration(job, target);
  }

  /** Where a migration of the job keeps its state when run locally. */
  public static LocalJobState state(JobSpec job) {
    return WorkflowKind.MIGRATION.localState(job);
  }

  @Override
  public WorkflowKind kind() {
    return WorkflowKind.MIGRATION;
  }

  @Override
  public Sink openSink(Mapper mapper, FlowFeedback feedback, OptionalLong sourceBytes) {
    return target.openSink(job.flow(), feedback, sourceBytes);
  }
}
