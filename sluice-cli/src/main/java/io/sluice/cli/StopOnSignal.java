package io.sluice.cli;

import io.sluice.core.run.JobRun;
import io.sluice.flags.ExitCodes;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Turns Ctrl-C and SIGTERM during a migration or validation into an orderly stop: stop taking new
 * records, let writes in flight finish for a moment, save progress, print the report, and exit with
 * {@link ExitCodes#INTERRUPTED}. Built on a shutdown hook, the one portable way to see those
 * signals.
 */
final class StopOnSignal implements AutoCloseable {

  /** Longest wait for the run to wind down before the process ends anyway. */
  private static final long WIND_DOWN_SECONDS = 40;

  private final Thread hook;
  private final CountDownLatch reported = new CountDownLatch(1);
  private volatile boolean finished;

  StopOnSignal(JobRun run, PrintWriter out) {
    this.hook =
        new Thread(
            () -> {
              if (finished) {
                return;
              }
              out.println();
              out.println("Stopping: finishing writes in flight and saving progress ...");
              out.flush();
              run.requestStop("interrupted by a signal (Ctrl-C or SIGTERM)");
              try {
                reported.await(WIND_DOWN_SECONDS, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
            },
            "sluice-stop-on-signal");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** The run ended and its report is printed: a signal now just ends the process. */
  @Override
  public void close() {
    finished = true;
    reported.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The hook is running; it sees the report is out and lets the process end.
    }
  }
}
