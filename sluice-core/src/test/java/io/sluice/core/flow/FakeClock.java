package io.sluice.core.flow;

/** A clock tests move by hand; as a sleeper it moves itself, so waiting takes no time. */
final class FakeClock implements NanoClock, FlowController.Sleeper {

  private long now = 1_000_000_000L;
  private long slept;

  @Override
  public synchronized long nanoTime() {
    return now;
  }

  synchronized void advanceMillis(long millis) {
    now += millis * 1_000_000L;
  }

  @Override
  public synchronized void sleep(long nanos) {
    now += nanos;
    slept += nanos;
  }

  synchronized double sleptSeconds() {
    return slept / 1e9;
  }
}
