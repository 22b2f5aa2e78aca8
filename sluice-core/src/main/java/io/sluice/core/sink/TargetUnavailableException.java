package io.sluice.core.sink;

/**
 * The target stopped answering and did not come back within the job's patience. Rows whose write
 * ends this way are neither written nor refused: the run stops with its progress saved, and a
 * resumed run writes them again.
 */
public class TargetUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public TargetUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
