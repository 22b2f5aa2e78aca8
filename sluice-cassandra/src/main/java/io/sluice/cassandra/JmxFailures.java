package io.sluice.cassandra;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.rmi.ConnectIOException;
import java.util.concurrent.TimeoutException;
import javax.management.InstanceNotFoundException;

/**
 * Says in a few words why a JMX read failed, as the end of a sentence that starts "JMX at
 * host:port", for the log and for the error when no node can be read. JMX wraps the real cause
 * several levels deep; this looks for the one that tells the user what to fix. Exception messages
 * of the JMX client never hold the password.
 */
final class JmxFailures {

  private JmxFailures() {}

  static String describe(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConnectException) {
        return "was not reachable (connection refused)";
      }
      if (cause instanceof UnknownHostException) {
        return "was not reachable (unknown host)";
      }
      if (cause instanceof SocketTimeoutException || cause instanceof TimeoutException) {
        return "did not answer in time";
      }
      if (cause instanceof SecurityException) {
        return "refused the credentials";
      }
      if (cause instanceof ConnectIOException) {
        return "is not a JMX port (something else answers there)";
      }
      if (cause instanceof InstanceNotFoundException) {
        return "has no Cassandra compaction metrics";
      }
    }
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String message = root.getMessage();
    return "failed with "
        + root.getClass().getSimpleName()
        + (message == null || message.isBlank() ? "" : ": " + message.strip());
  }
}
