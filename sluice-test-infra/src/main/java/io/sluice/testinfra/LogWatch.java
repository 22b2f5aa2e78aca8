package io.sluice.testinfra;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.LoggerFactory;

/**
 * Collects what is logged (by Sluice and the driver) while an in-process run goes on, so that a
 * test can wait for the event it needs ("Pausing the load", "The target does not answer") instead
 * of guessing when it happened, or check what the logs say.
 */
public final class LogWatch implements AutoCloseable {

  private final Queue<String> messages = new ConcurrentLinkedQueue<>();
  private final Logger logger = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
  private final AppenderBase<ILoggingEvent> appender =
      new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
          messages.add(event.getFormattedMessage());
        }
      };

  private LogWatch() {
    appender.setContext(logger.getLoggerContext());
    appender.start();
    logger.addAppender(appender);
  }

  /** Starts collecting; {@link #close} stops. */
  public static LogWatch start() {
    return new LogWatch();
  }

  /** Whether a message logged since the start contains {@code text}. */
  public boolean saw(String text) {
    return messages.stream().anyMatch(m -> m.contains(text));
  }

  @Override
  public String toString() {
    return "--- logged\n" + String.join("\n", messages) + "\n";
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    appender.stop();
  }
}
