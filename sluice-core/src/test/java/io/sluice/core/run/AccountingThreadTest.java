package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AccountingThreadTest {

  @Test
  void should_run_each_producers_tasks_once_and_in_order_on_one_thread() throws Exception {
    AccountingThread accounting = new AccountingThread("test-accounting");
    int producers = 3;
    // Seeded: bursts of tasks with gaps long enough for the thread to nap and to sleep between.
    Random random = new Random(41);
    int[] burst = new int[200];
    for (int i = 0; i < burst.length; i++) {
      burst[i] = 1 + random.nextInt(60);
    }
    List<List<Integer>> seen = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      seen.add(new ArrayList<>());
    }
    AtomicLong threads = new AtomicLong();
    Thread[] runOn = new Thread[1];
    List<Thread> started = new ArrayList<>();
    CountDownLatch go = new CountDownLatch(1);
    for (int p = 0; p < producers; p++) {
      int producer = p;
      Thread thread =
          new Thread(
              () -> {
                try {
                  go.await();
                } catch (InterruptedException e) {
                  return;
                }
                int n = 0;
                for (int b = 0; b < burst.length; b++) {
                  for (int i = 0; i < burst[b]; i++) {
                    int number = n++;
                    accounting.execute(
                        () -> {
                          // Only this thread touches the lists: no lock needed, as for answers.
                          if (runOn[0] != Thread.currentThread()) {
                            runOn[0] = Thread.currentThread();
                            threads.incrementAndGet();
                          }
                          seen.get(producer).add(number);
                        });
                  }
                  if (b % 50 == 0) {
                    // Long enough for the thread to run out of naps and sleep until woken.
                    CompletableFuture.runAsync(() -> {}, accounting).join();
                    try {
                      Thread.sleep(AccountingThread.NAP_NANOS * AccountingThread.NAPS / 500_000);
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                }
              });
      thread.start();
      started.add(thread);
    }
    go.countDown();
    for (Thread thread : started) {
      thread.join(TimeUnit.SECONDS.toMillis(30));
    }
    accounting.shutdown();

    assertThat(accounting.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    int total = 0;
    for (int b : burst) {
      total += b;
    }
    for (List<Integer> numbers : seen) {
      assertThat(numbers).hasSize(total);
      for (int i = 0; i < total; i++) {
        assertThat(numbers.get(i)).isEqualTo(i);
      }
    }
    assertThat(threads).hasValue(1);
  }

  @Test
  void should_run_what_was_queued_before_a_shutdown_and_refuse_what_comes_after() throws Exception {
    AccountingThread accounting = new AccountingThread("test-accounting");
    CountDownLatch hold = new CountDownLatch(1);
    AtomicLong ran = new AtomicLong();
    accounting.execute(
        () -> {
          try {
            hold.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          ran.incrementAndGet();
        });
    for (int i = 0; i < 100; i++) {
      accounting.execute(ran::incrementAndGet);
    }
    accounting.shutdown();

    assertThatThrownBy(() -> accounting.execute(ran::incrementAndGet))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(accounting.isShutdown()).isTrue();
    hold.countDown();
    assertThat(accounting.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    assertThat(ran).hasValue(101);
  }

  @Test
  void should_end_at_once_when_shut_down_before_any_task() throws Exception {
    AccountingThread accounting = new AccountingThread("test-accounting");

    accounting.shutdown();

    assertThat(accounting.awaitTermination(0, TimeUnit.SECONDS)).isTrue();
    assertThat(accounting.shutdownNow()).isEmpty();
  }
}
