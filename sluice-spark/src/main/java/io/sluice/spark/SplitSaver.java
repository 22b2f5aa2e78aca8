package io.sluice.spark;

import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.SplitProgress;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Saves one split's progress to its shared checkpoint while its task runs, and once more at the
 * end. Saves take one lock, so a periodic save cannot land after the final one with older progress.
 */
final class SplitSaver {

  private final CheckpointStore store;
  private final SplitProgress progress;
  private ScheduledFuture<?> periodic;
  private boolean finished;

  private SplitSaver(CheckpointStore store, SplitProgress progress) {
    this.store = store;
    this.progress = progress;
  }

  static SplitSaver start(
      ScheduledExecutorService timers, CheckpointStore store, SplitProgress progress) {
    SplitSaver saver = new SplitSaver(store, progress);
    long every = JobRun.CHECKPOINT_INTERVAL.toMillis();
    saver.periodic =
        timers.scheduleWithFixedDelay(saver::save, every, every, TimeUnit.MILLISECONDS);
    return saver;
  }

  private synchronized void save() {
    if (!finished) {
      store.save(progress.checkpoint());
    }
  }

  /** Stops the periodic saves and saves the split's progress as it ends. */
  synchronized void finish() {
    periodic.cancel(false);
    finished = true;
    store.save(progress.checkpoint());
  }
}
