package io.sluice.spark;

import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.source.Split;
import java.io.Serializable;
import java.util.Map;

/**
 * One split of the job as a Spark task carries it: the job to read, which source and split, and
 * what the driver planned with, so an executor that reads a different job file refuses to run.
 *
 * @param job the job file and flags
 * @param workflow what the run does with the rows
 * @param state where the splits keep their state
 * @param sourceIndex the split's source, by its place in the job's source list
 * @param resources the content digest of the split's file, by resource, when it is one
 * @param fingerprint the driver's {@link JobFingerprint}, as its three parts
 * @param earlierRejected records rejected by earlier runs of the job, against its error budget
 * @param earlierRead records read by earlier runs of the job
 * @param budgetUrl where the job's flow budget is served, or null when each task adapts by itself
 * @param budgetToken the token the budget asks for
 */
record SplitTask(
    JobArgs job,
    SparkWorkflow workflow,
    StateLocation state,
    int sourceIndex,
    String source,
    int index,
    String resource,
    long start,
    long end,
    long work,
    Map<String, String> resources,
    String[] fingerprint,
    long earlierRejected,
    long earlierRead,
    String budgetUrl,
    String budgetToken)
    implements Serializable {

  static SplitTask of(
      JobArgs job,
      SparkWorkflow workflow,
      StateLocation state,
      int sourceIndex,
      Split split,
      Map<String, String> resources,
      JobFingerprint fingerprint,
      long earlierRejected,
      long earlierRead) {
    return new SplitTask(
        job,
        workflow,
        state,
        sourceIndex,
        split.source(),
        split.index(),
        split.resource(),
        split.start(),
        split.end(),
        split.work(),
        Map.copyOf(resources),
        new String[] {fingerprint.sources(), fingerprint.target(), fingerprint.mapping()},
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
        sourceIndex,
        source,
        index,
        resource,
        start,
        end,
        work,
        resources,
        fingerprint,
        earlierRejected,
        earlierRead,
        budget.url(),
        budget.token());
  }

  Split split() {
    return new Split(source, index, resource, start, end, work);
  }

  JobFingerprint jobFingerprint() {
    return new JobFingerprint(fingerprint[0], fingerprint[1], fingerprint[2]);
  }

  String id() {
    return split().id();
  }
}
