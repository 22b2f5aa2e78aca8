package io.sluice.proxy;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Write timestamps for writes whose client set none: microseconds since the epoch, strictly
 * increasing across the proxy, so two writes of one client in a row never share a timestamp and
 * both clusters order them alike.
 */
final class WriteClock {

  private final AtomicLong last = new AtomicLong();

  long next() {
    long now = System.currentTimeMillis() * 1000;
    return last.updateAndGet(previous -> Math.max(previous + 1, now));
  }
}
