package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The TTL a copied cell has left, read back after a load. A load gives each write the seconds its
 * source cell has left when it makes the write, and the target counts them from the second the
 * write arrives: on a busy machine that can be seconds later (the write waits in the driver, in the
 * node's queue, for a retry), and the copy outlives its source by that wait. So, read now, a copy's
 * TTL left lies between what its source cell has left now (less 2 s: both sides round to whole
 * seconds) and what the source cell had left when the test began, before the load made any write. A
 * test class that checks TTLs registers this extension, which notes when each test begins.
 */
final class TtlLeft implements BeforeEachCallback {

  private static volatile long testBeganSecond = -1;

  @Override
  public void beforeEach(ExtensionContext context) {
    testBeganSecond = System.currentTimeMillis() / 1000;
  }

  /** {@code ttlLeft}, read just now, is that of a copy of a cell expiring at {@code expiresAt}. */
  static void assertCopyOf(long ttlLeft, long expiresAtSecond, String what) {
    if (testBeganSecond < 0) {
      throw new IllegalStateException("the test class checks TTLs: @ExtendWith(TtlLeft.class)");
    }
    long nowSecond = System.currentTimeMillis() / 1000;
    assertThat(ttlLeft)
        .as(what + " TTL left")
        .isBetween(expiresAtSecond - nowSecond - 2, expiresAtSecond - testBeganSecond + 1);
  }
}
