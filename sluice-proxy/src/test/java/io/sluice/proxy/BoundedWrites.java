package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Writes that a test sends many of, a bounded number at a time: one after the other, each would
 * wait a round trip through the proxy to both clusters.
 */
final class BoundedWrites {

  private static final int IN_FLIGHT = 64;

  private BoundedWrites() {}

  /** Sends {@code count} statements, the {@code i}-th made by {@code statement}, and awaits all. */
  static void send(CqlSession client, int count, IntFunction<Statement<?>> statement)
      throws Exception {
    Semaphore inFlight = new Semaphore(IN_FLIGHT);
    List<CompletionStage<AsyncResultSet>> writes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      if (!inFlight.tryAcquire(60, TimeUnit.SECONDS)) {
        throw new AssertionError("A write through the proxy took over a minute");
      }
      CompletionStage<AsyncResultSet> write = client.executeAsync(statement.apply(i));
      write.whenComplete((done, error) -> inFlight.release());
      writes.add(write);
    }
    for (CompletionStage<AsyncResultSet> write : writes) {
      write.toCompletableFuture().get(60, TimeUnit.SECONDS);
    }
  }
}
