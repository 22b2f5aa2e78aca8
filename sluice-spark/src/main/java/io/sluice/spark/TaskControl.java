package io.sluice.spark;

import io.sluice.core.run.RunControl;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * The stop signal of one task: its own reason (its split cannot be read, the target is gone), the
 * job's (its error budget is spent: the driver says so through the task's lease, or, without a
 * shared budget, its executor finds it over its own tasks), or Spark killing the task.
 */
final class TaskControl implements RunControl {

  private final ExecutorJob executorJob;
  private final SplitTask task;
  private final BudgetLease lease;
  private final BooleanSupplier killed;
  private final AtomicReference<String> reason = new AtomicReference<>();

  /**
   * @param lease the task's share of the job's budget, or null
   */
  TaskControl(ExecutorJob executorJob, SplitTask task, BudgetLease lease, BooleanSupplier killed) {
    this.executorJob = executorJob;
    this.task = task;
    this.lease = lease;
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
    if (own != null) {
      return own;
    }
    String job = lease == null ? null : lease.stopReason();
    return job != null ? job : executorJob.stopReason();
  }
}
