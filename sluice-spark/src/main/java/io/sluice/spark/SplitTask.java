package io.sluice.spark;

import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.source.Split;
import java.io.Serializable;
import java.util.Map;

/**
 * One split of the job as a Spark task carries it: the job to read, which table, source and split,
 * and what the driver planned with, so an executor that reads a different job file refuses to run.
 * A job of several tables is sent whole, as its file's text: the executor finds the task's table's
 * job in it ({@link io.sluice.core.run.JobTables}), so that nothing but a name is sent per table.
 *
 * @param job the job file and flags
 * @param workflow what the run does with the rows
 * @param state where the splits keep their state
 * @param table the split's target table, a key of the job's {@link io.sluice.core.run.JobTables}
 *     (the job's own table, for a job of one)
 * @param sourceIndex the split's source, by its place in its table's job's source list
 * @param resources the content digest of the split's file, by resource, when it is one
 * @param fingerprint the driver's {@link JobFingerprint} of the job (of all its tables), as its
 *     three parts: what the split's checkpoint saves
 * @param tableFingerprint the driver's {@link JobFingerprint} of the table's job, its mapping
 *     resolved, as its three parts: what the executor checks its own reading of the job against
 * @param earlierRejected records rejected by earlier runs of the job, against its error budget
 * @param earlierRead records read by earlier runs of the job
 * @param budgetUrl where the job's flow budget is served, or null when each task adapts by itself
 * @param budgetToken the token the budget asks for
 */
record SplitTask(
    JobArgs job,
    SparkWorkflow workflow,
    StateLocation state,
    String table,
    int sourceIndex,
    String source,
    int index,
    String resource,
    long start,
    long end,
    long work,
    Map<String, String> resources,
    String[] fingerprint,
    String[] tableFingerprint,
    long earlierRejected,
    long earlierRead,
    String budgetUrl,
    String budgetToken)
    implements Serializable {

  static SplitTask of(
      JobArgs job,
      SparkWorkflow workflow,
      StateLocation state,
      String table,
      int sourceIndex,
      Split split,
      Map<String, String> resources,
      JobFingerprint fingerprint,
      JobFingerprint tableFingerprint,
      long earlierRejected,
      long earlierRead) {
    return new SplitTask(
        job,
        workflow,
        state,
        table,
        sourceIndex,
        split.source(),
        split.index(),
        split.resource(),
        split.start(),
        split.end(),
        split.work(),
        Map.copyOf(resources),
        parts(fingerprint),
        parts(tableFingerprint),
        earlierRejected,
        earlierRead,
        null,
        null);
  }

  /** This task, told where the job's flow budget is served. */
  SplitTask withBudget(BudgetCoordinator budget) {
    return new SplitTask(
        job,
        workflow,
        state,
        table,
        sourceIndex,
        source,
        index,
        resource,
        start,
        end,
        work,
        resources,
        fingerprint,
        tableFingerprint,
        earlierRejected,
        earlierRead,
        budget.url(),
        budget.token());
  }

  Split split() {
    return new Split(source, index, resource, start, end, work);
  }

  private static String[] parts(JobFingerprint fingerprint) {
    return new String[] {fingerprint.sources(), fingerprint.target(), fingerprint.mapping()};
  }

  JobFingerprint jobFingerprint() {
    return new JobFingerprint(fingerprint[0], fingerprint[1], fingerprint[2]);
  }

  JobFingerprint tableJobFingerprint() {
    return new JobFingerprint(tableFingerprint[0], tableFingerprint[1], tableFingerprint[2]);
  }

  String id() {
    return split().id();
  }
}
