package io.sluice.core.run;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread that runs the tasks handed to it, in the order they came: the accounting of a run's
 * answers, one task per answer, handed over by the driver's threads. A thread pool's queue takes
 * two locks per task and wakes its thread for nearly every one; here a task is queued without a
 * lock, and the thread, once out of tasks, naps a moment ({@link #NAP_NANOS}) before it looks
 * again, so that the answers of a busy run are accounted a handful per wake-up, and the driver's
 * threads never wake it. Only after {@link #NAPS} empty naps does it sleep until a task wakes it.
 */
final class AccountingThread extends AbstractExecutorService {

  private static final Logger LOG = LoggerFactory.getLogger(AccountingThread.class);

  /**
   * How long the thread naps when out of tasks: short beside a write's round trip (a millisecond or
   * more), which its window places are held for meanwhile.
   */
  static final long NAP_NANOS = 200_000;

  /** How many empty naps in a row before the thread sleeps until woken. */
  static final int NAPS = 50;

  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private final CountDownLatch terminated = new CountDownLatch(1);
  private volatile boolean sleeping;
  private volatile boolean shutdown;
  private volatile boolean stopNow;

  private volatile boolean started;

  /** A thread started with the first task, so that a run that sends nothing leaves none behind. */
  AccountingThread(String name) {
    this.thread = new Thread(this::runTasks, name);
    thread.setDaemon(true);
  }

  @Override
  public void execute(Runnable task) {
    if (shutdown) {
      throw new RejectedExecutionException("the accounting thread is shut down");
    }
    if (!started) {
      start();
    }
    tasks.add(task);
    if (sleeping) {
      LockSupport.unpark(thread);
    }
    if (shutdown && tasks.remove(task)) {
      // Shut down while it was being queued: it may have ended without it.
      throw new RejectedExecutionException("the accounting thread is shut down");
    }
  }

  private synchronized void start() {
    if (!started && !shutdown) {
      thread.start();
      started = true;
    }
  }

  private void runTasks() {
    try {
      int emptyNaps = 0;
      while (!stopNow) {
        Runnable task = tasks.poll();
        if (task != null) {
          emptyNaps = 0;
          run(task);
          continue;
        }
        if (shutdown) {
          // Every task queued before the shutdown was asked is in sight now.
          for (Runnable left; !stopNow && (left = tasks.poll()) != null; ) {
            run(left);
          }
          return;
        }
        if (emptyNaps < NAPS) {
          emptyNaps++;
          LockSupport.parkNanos(this, NAP_NANOS);
          continue;
        }
        // Told before the queue is looked at again, so that a task queued meanwhile wakes it.
        sleeping = true;
        if (tasks.isEmpty() && !shutdown) {
          LockSupport.park(this);
        }
        sleeping = false;
      }
    } finally {
      terminated.countDown();
    }
  }

  private static void run(Runnable task) {
    try {
      task.run();
    } catch (RuntimeException | Error e) {
      // A task's own failure is its own (SplitRunner stops the run itself); the thread goes on.
      LOG.warn("An accounting task failed: {}", e.toString());
    }
  }

  /** Runs the tasks already handed over, takes no more, and ends. */
  @Override
  public void shutdown() {
    synchronized (this) {
      shutdown = true;
      if (!started) {
        terminated.countDown();
      }
    }
    LockSupport.unpark(thread);
  }

  /** Ends after the task running now; returns the tasks left undone. */
  @Override
  public List<Runnable> shutdownNow() {
    stopNow = true;
    shutdown();
    LockSupport.unpark(thread);
    List<Runnable> left = List.copyOf(tasks);
    tasks.clear();
    return left;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return terminated.getCount() == 0;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return terminated.await(timeout, unit);
  }
}
