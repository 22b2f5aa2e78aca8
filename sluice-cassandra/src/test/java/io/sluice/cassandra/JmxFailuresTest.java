package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.rmi.ConnectIOException;
import java.util.concurrent.ExecutionException;
import javax.naming.ServiceUnavailableException;
import org.junit.jupiter.api.Test;

class JmxFailuresTest {

  /** What JMXConnectorFactory throws when nothing listens on the port, as seen on Java 17. */
  private static IOException refused() {
    ServiceUnavailableException naming = new ServiceUnavailableException();
    naming.setRootCause(
        new java.rmi.ConnectException(
            "Connection refused to host: 127.0.0.1", new ConnectException("Connection refused")));
    return new IOException("Failed to retrieve RMIServer stub: " + naming, naming);
  }

  @Test
  void should_find_a_refused_connection_however_deep_it_is_wrapped() {
    assertThat(JmxFailures.describe(new ExecutionException(refused())))
        .isEqualTo("was not reachable (connection refused)");
  }

  @Test
  void should_tell_rejected_credentials() {
    assertThat(
            JmxFailures.describe(
                new SecurityException("Authentication failed! Invalid username or password")))
        .isEqualTo("refused the credentials");
  }

  @Test
  void should_tell_a_port_where_something_other_than_jmx_answers() {
    assertThat(
            JmxFailures.describe(
                new IOException(
                    "Failed to retrieve RMIServer stub",
                    new ConnectIOException("error during JRMP connection establishment"))))
        .isEqualTo("is not a JMX port (something else answers there)");
  }

  @Test
  void should_name_an_unknown_cause_by_its_root() {
    assertThat(
            JmxFailures.describe(
                new IOException("outer", new IllegalStateException("the real reason"))))
        .isEqualTo("failed with IllegalStateException: the real reason");
  }
}
