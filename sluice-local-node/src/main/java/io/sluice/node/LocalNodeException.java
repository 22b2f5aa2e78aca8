package io.sluice.node;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A local node cannot be started, stopped or read. The message is meant for the person at the
 * terminal: a sentence or two saying what is wrong and what to do, never a stack trace.
 */
public class LocalNodeException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path logFile;

  public LocalNodeException(String message) {
    this(message, null, null);
  }

  public LocalNodeException(String message, Throwable cause) {
    this(message, null, cause);
  }

  /** A failure whose details are in {@code logFile}. */
  public LocalNodeException(String message, Path logFile, Throwable cause) {
    super(message, cause);
    this.logFile = logFile;
  }

  /** The log file the message refers to, when the details are in a log. */
  public Optional<Path> logFile() {
    return Optional.ofNullable(logFile);
  }
}
