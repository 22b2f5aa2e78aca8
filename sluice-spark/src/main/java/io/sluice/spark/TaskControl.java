package io.sluice.spark;

import io.sluice.core.run.RunControl;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * The stop signal of one task: its own reason (its split cannot be read, the target is gone), its
 * executor's (the error budget is spent there), or Spark killing the task.
 */
final class TaskControl implements RunControl {

  private final ExecutorJob executorJob;
  private final SplitTask task;
  private final BooleanSupplier killed;
  private final AtomicReference<String> reason = new AtomicReference<>();

  TaskControl(ExecutorJob executorJob, SplitTask task, BooleanSupplier killed) {
    this.executorJob = executorJob;
    this.task = task;
    this.killed = killed;
  }

  @Override
  public boolean stopped() {
    return reason() != null || killed.getAsBoolean();
  }

  @Override
  public void stop(String why) {
    reason.compareAndSet(null, why);
  }

  @Override
  public void rejected() {
    executorJob.rejected(task);
  }

  /** Why the task stopped before its split's end, or null. */
  String reason() {
    String own = reason.get();
    return own != null ? own : executorJob.stopReason();
  }
}
