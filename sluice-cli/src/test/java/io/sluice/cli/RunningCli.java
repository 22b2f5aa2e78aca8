package io.sluice.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@code sluice} command line running in-process on a thread of its own, so that a test can act
 * while it runs (stop the node, change compaction) and read what it printed so far.
 */
final class RunningCli {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final CompletableFuture<CliRun> result;

  private RunningCli(String... args) {
    this.result =
        CompletableFuture.supplyAsync(
            () -> {
              int code =
                  SluiceCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
              return new CliRun(code, out.toString(), err.toString());
            });
  }

  static RunningCli start(String... args) {
    return new RunningCli(args);
  }

  boolean isDone() {
    return result.isDone();
  }

  /** Waits for the run to end; fails, showing what it printed, if it outlasts {@code bound}. */
  CliRun await(Duration bound) throws InterruptedException {
    try {
      return result.get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("sluice did not end within " + bound.toSeconds() + " s\n" + this);
    } catch (ExecutionException e) {
      throw new AssertionError("sluice failed\n" + this, e.getCause());
    }
  }

  @Override
  public String toString() {
    return "--- out so far\n" + out + "--- err so far\n" + err;
  }
}
