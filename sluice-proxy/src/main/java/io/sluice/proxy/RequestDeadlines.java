package io.sluice.proxy;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.FastThreadLocal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The timeouts of one cluster's requests, without a timer set and cancelled for each. Every request
 * to a cluster waits the same time, so the requests sent from an event loop fall due in the order
 * they were sent: a queue per loop in that order, checked from its head by one periodic task on the
 * loop while it holds any, does what a scheduled task per request did, without the priority queue's
 * insert and removal on the loop's path of every request. A request is given up on between its
 * deadline and one check period later.
 */
final class RequestDeadlines implements AutoCloseable {

  /** A request awaiting its answer. */
  interface Pending {

    /** Whether it was answered (or failed) already; it is then forgotten. */
    boolean settled();

    /** Called on its loop once its deadline passed unanswered. */
    void timedOut();
  }

  /** One wait for an answer to a request, as sent once. */
  static final class Watch {
    private final Pending request;
    private final long deadline;
    private boolean forgotten;

    private Watch(Pending request, long deadline) {
      this.request = request;
      this.deadline = deadline;
    }

    /** Stops this wait (the request is sent again, and waited for anew); on its loop only. */
    void forget() {
      forgotten = true;
    }
  }

  private static final long LONGEST_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final long SHORTEST_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final long timeoutNanos;
  private final long checkNanos;
  private final FastThreadLocal<Queue> queues = new FastThreadLocal<>();
  private volatile boolean closed;

  RequestDeadlines(Duration timeout) {
    this.timeoutNanos = timeout.toNanos();
    this.checkNanos =
        Math.max(SHORTEST_CHECK_NANOS, Math.min(LONGEST_CHECK_NANOS, timeoutNanos / 10));
  }

  /** Waits for an answer to the request, sent now on {@code loop}; to be called on that loop. */
  Watch watch(EventLoop loop, Pending request) {
    Queue queue = queues.get();
    if (queue == null) {
      queue = new Queue(loop);
      queues.set(queue);
    }
    Watch watch = new Watch(request, System.nanoTime() + timeoutNanos);
    queue.pending.addLast(watch);
    if (!queue.checkScheduled) {
      queue.scheduleCheck();
    }
    return watch;
  }

  /** Stops checking: no request is given up on from now on. */
  @Override
  public void close() {
    closed = true;
  }

  /**
   * One loop's requests, in the order they were sent; only that loop touches it. Checked while it
   * holds any, so that an idle loop is not woken up for it.
   */
  private final class Queue {
    private final ArrayDeque<Watch> pending = new ArrayDeque<>();
    private final EventLoop loop;
    private boolean checkScheduled;

    Queue(EventLoop loop) {
      this.loop = loop;
    }

    void scheduleCheck() {
      checkScheduled = !closed;
      if (checkScheduled) {
        loop.schedule(this::check, checkNanos, TimeUnit.NANOSECONDS);
      }
    }

    void check() {
      long now = System.nanoTime();
      Watch head;
      while ((head = pending.peekFirst()) != null) {
        boolean waiting = !head.forgotten && !head.request.settled();
        if (waiting && head.deadline - now > 0) {
          break;
        }
        pending.pollFirst();
        if (waiting) {
          head.request.timedOut();
        }
      }
      checkScheduled = false;
      if (!pending.isEmpty()) {
        scheduleCheck();
      }
    }
  }
}
