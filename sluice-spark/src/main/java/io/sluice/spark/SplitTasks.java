package io.sluice.spark;

import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;

/** The function every Spark task runs: its split, through the executor's shared run state. */
final class SplitTasks {

  private SplitTasks() {}

  static TaskResult run(String runId, SplitTask task) throws Exception {
    TaskContext context = TaskContext.get();
    String executor = SparkEnv.get() == null ? "driver" : SparkEnv.get().executorId();
    Thread thread = Thread.currentThread();
    String sparkName = thread.getName();
    thread.setName("sluice split " + task.id());
    try {
      ExecutorJob shared = ExecutorJob.acquire(runId, task);
      try {
        return shared.run(task, executor, () -> context != null && context.isInterrupted());
      } finally {
        shared.release();
      }
    } finally {
      thread.setName(sparkName);
    }
  }
}
