package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Requests watched on a real event loop: every request left unanswered times out, exactly once, and
 * no answered or re-sent one does, whatever the mix (drawn from a seed).
 */
class RequestDeadlinesTest {

  private final EventLoop loop = new DefaultEventLoop();
  private final RequestDeadlines deadlines = new RequestDeadlines(Duration.ofMillis(20));

  @AfterEach
  void stop() {
    deadlines.close();
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** A request as the test settles it; counts its time-outs. */
  private static final class Request implements RequestDeadlines.Pending {
    final int id;
    final Set<Integer> timedOut;
    volatile boolean settled;

    Request(int id, Set<Integer> timedOut) {
      this.id = id;
      this.timedOut = timedOut;
    }

    @Override
    public boolean settled() {
      return settled;
    }

    @Override
    public void timedOut() {
      if (!timedOut.add(id)) {
        throw new AssertionError("request " + id + " timed out twice");
      }
    }
  }

  @Test
  void onlyUnansweredRequestsTimeOut() throws InterruptedException {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    Set<Integer> timedOut = ConcurrentHashMap.newKeySet();
    List<Integer> expected = new ArrayList<>();
    CountDownLatch sent = new CountDownLatch(1);
    loop.execute(
        () -> {
          for (int id = 0; id < 500; id++) {
            Request request = new Request(id, timedOut);
            RequestDeadlines.Watch watch = deadlines.watch(loop, request);
            switch (random.nextInt(3)) {
              case 0 -> request.settled = true;
              case 1 -> {
                // Sent again: the first wait is forgotten, the second one times out.
                watch.forget();
                deadlines.watch(loop, request);
                expected.add(id);
              }
              default -> expected.add(id);
            }
          }
          sent.countDown();
        });
    assertThat(sent.await(10, TimeUnit.SECONDS)).isTrue();
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (timedOut.size() < expected.size() && System.nanoTime() < giveUp) {
      Thread.sleep(5);
    }
    assertThat(timedOut).as("seed %d", seed).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void anAnsweredRequestBehindAnUnansweredOneDoesNotTimeOut() throws InterruptedException {
    Set<Integer> timedOut = ConcurrentHashMap.newKeySet();
    Request first = new Request(0, timedOut);
    Request second = new Request(1, timedOut);
    loop.execute(
        () -> {
          deadlines.watch(loop, first);
          deadlines.watch(loop, second);
          second.settled = true;
        });
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (timedOut.isEmpty() && System.nanoTime() < giveUp) {
      Thread.sleep(5);
    }
    assertThat(timedOut).containsExactly(0);
  }
}
