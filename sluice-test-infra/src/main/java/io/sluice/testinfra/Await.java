package io.sluice.testinfra;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a state by polling, with a generous bound: how long a state takes to arrive depends on
 * how busy the machine is, so tests wait for it instead of sleeping a fixed time and assuming it.
 */
public final class Await {

  private static final Duration POLL_PAUSE = Duration.ofMillis(100);

  private Await() {}

  /**
   * Polls {@code state} until it holds; fails with {@code what} and {@code detail} once {@code
   * bound} has passed without it.
   */
  public static void until(
      String what, Duration bound, BooleanSupplier state, Supplier<String> detail) {
    until(what, bound, POLL_PAUSE, state, detail);
  }

  /**
   * As {@link #until(String, Duration, BooleanSupplier, Supplier)}, polling every {@code pause}: a
   * state that may pass quickly (a file saved again) is polled more often.
   */
  public static void until(
      String what, Duration bound, Duration pause, BooleanSupplier state, Supplier<String> detail) {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!state.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError(
            "Waited " + bound.toSeconds() + " s for " + what + " in vain.\n" + detail.get());
      }
      try {
        Thread.sleep(pause.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted while waiting for " + what, e);
      }
    }
  }

  /** As {@link #until(String, Duration, BooleanSupplier, Supplier)}, with nothing more to say. */
  public static void until(String what, Duration bound, BooleanSupplier state) {
    until(what, bound, state, () -> "");
  }
}
