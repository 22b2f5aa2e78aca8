package io.sluice.core.job;

/** A job file that cannot be read or does not make sense; the message is one sentence. */
public class JobFileException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public JobFileException(String message) {
    super(message);
  }
}
