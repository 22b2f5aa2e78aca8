package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import io.sluice.core.job.ClusterSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Says in one sentence why no node of a cluster could be reached, where the cause is one a user
 * fixes in the job file: a refused login, a certificate not trusted, TLS on one side only. Neither
 * a password nor the server's own text is repeated. Empty for other causes, which keep the driver's
 * message.
 */
final class ConnectionFailures {

  /** How long the check of an unreachable contact point waits for a TCP connection. */
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

  private ConnectionFailures() {}

  static Optional<IllegalArgumentException> explain(
      ClusterSpec cluster, AllNodesFailedException failure) {
    List<Throwable> errors =
        failure.getAllErrors().values().stream().flatMap(List::stream).toList();
    String where = "The cluster at " + String.join(", ", cluster.contactPoints());
    String prefix = cluster.prefix();
    String sentence = null;
    if (errors.stream().anyMatch(AuthenticationException.class::isInstance)) {
      sentence = loginRefused(cluster, where);
    } else if (cluster.tls() != null && clientCertificateRefused(errors)) {
      sentence =
          where
              + " requires a client certificate it trusts: set "
              + prefix
              + ".tls.keystore to the key store holding yours.";
    } else if (cluster.tls() != null && anyCause(errors, "NotSslRecordException")) {
      sentence = where + " does not speak TLS on that port, but " + prefix + ".tls is set.";
    } else if (cluster.tls() != null && anyCause(errors, SSLHandshakeException.class)) {
      String detail = causeMessage(errors, SSLHandshakeException.class);
      sentence =
          detail.contains("subject alternative") || detail.contains("No name matching")
              ? where
                  + " presented a certificate that does not name the address connected to ("
                  + prefix
                  + ".tls.hostname-verification)."
              : where
                  + " presented a certificate that "
                  + (cluster.tls().truststore() == null
                      ? "the JDK's default authorities do not trust"
                      : "the trust store " + cluster.tls().truststore() + " does not trust")
                  + " ("
                  + prefix
                  + ".tls.truststore).";
    } else {
      sentence = unreachable(cluster);
      if (sentence == null && cluster.tls() == null && closedDuringHandshake(errors)) {
        sentence =
            where
                + " closed the connection before answering; if it requires TLS, set "
                + prefix
                + ".tls.";
      }
    }
    return Optional.ofNullable(sentence).map(text -> new IllegalArgumentException(text, failure));
  }

  /**
   * Says which contact points nothing answers at, by trying a plain TCP connection to each: the
   * driver's own error does not tell a refused connection from one closed after it was made. Null
   * when one of them takes connections (the failure is elsewhere).
   */
  private static String unreachable(ClusterSpec cluster) {
    List<String> refused = new ArrayList<>();
    List<String> silent = new ArrayList<>();
    for (String contactPoint : cluster.contactPoints()) {
      InetSocketAddress address = SessionFactory.parse(contactPoint);
      try (Socket socket = new Socket()) {
        socket.connect(address, (int) PROBE_TIMEOUT.toMillis());
        return null;
      } catch (SocketTimeoutException e) {
        silent.add(contactPoint);
      } catch (IOException e) {
        refused.add(contactPoint);
      }
    }
    String prefix = cluster.prefix();
    String what =
        silent.isEmpty()
            ? "Nothing answers at " + String.join(", ", refused) + " (connection refused)"
            : "No answer from "
                + String.join(", ", cluster.contactPoints())
                + " within "
                + PROBE_TIMEOUT.toSeconds()
                + " s";
    return what
        + ": start the cluster (for the local node: sluice cassandra start), or correct "
        + prefix
        + ".contact-points (an address and its CQL port, 9042 by default).";
  }

  private static String loginRefused(ClusterSpec cluster, String where) {
    String prefix = cluster.prefix();
    if (cluster.username() == null) {
      return where
          + " requires a login: set "
          + prefix
          + ".username and "
          + prefix
          + ".password-env or "
          + prefix
          + ".password-file.";
    }
    return where
        + " refused the login of user '"
        + cluster.username()
        + "': the username or the password is wrong (check "
        + prefix
        + ".username and the password in "
        + (cluster.passwordEnv() != null
            ? "the environment variable " + cluster.passwordEnv()
            : "the file " + cluster.passwordFile())
        + ").";
  }

  /** The node ended the handshake over the client's certificate: none given, or not trusted. */
  private static boolean clientCertificateRefused(List<Throwable> errors) {
    for (Throwable error : errors) {
      for (Throwable t = error; t != null; t = t.getCause()) {
        String message = t.getMessage();
        if (t instanceof SSLException
            && message != null
            && (message.contains("certificate_required") || message.contains("bad_certificate"))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean closedDuringHandshake(List<Throwable> errors) {
    return anyCause(errors, "ClosedConnectionException")
        || anyCause(errors, "StacklessClosedChannelException")
        || anyCause(errors, "ClosedChannelException");
  }

  private static boolean anyCause(List<Throwable> errors, Class<? extends Throwable> type) {
    return errors.stream().anyMatch(e -> find(e, type) != null);
  }

  private static boolean anyCause(List<Throwable> errors, String simpleName) {
    for (Throwable error : errors) {
      for (Throwable t = error; t != null; t = t.getCause()) {
        if (t.getClass().getSimpleName().equals(simpleName)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String causeMessage(List<Throwable> errors, Class<? extends Throwable> type) {
    for (Throwable error : errors) {
      Throwable found = find(error, type);
      if (found != null) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = found; t != null; t = t.getCause()) {
          text.append(t.getMessage()).append(' ');
        }
        return text.toString();
      }
    }
    return "";
  }

  private static Throwable find(Throwable error, Class<? extends Throwable> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
    }
    return null;
  }
}
