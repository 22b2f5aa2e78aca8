package io.sluice.core.flow;

/** A monotonic clock in nanoseconds, injected so that flow-control tests never sleep. */
@FunctionalInterface
public interface NanoClock {

  NanoClock SYSTEM = System::nanoTime;

  long nanoTime();
}
