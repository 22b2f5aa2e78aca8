package io.sluice.cassandra;

import io.sluice.core.job.CompactionSpec;
import java.util.Map;
import java.util.Optional;

/**
 * The JMX user and password of {@code flow.compaction}: the user from the job file, the password
 * from the environment variable it names, never from the file itself. {@link #toString()} leaves
 * the password out, so that no message or log line can carry it.
 */
final class JmxCredentials {

  private final String username;
  private final String password;
  private final String passwordEnv;

  private JmxCredentials(String username, String password, String passwordEnv) {
    this.username = username;
    this.password = password;
    this.passwordEnv = passwordEnv;
  }

  /**
   * The credentials {@code spec} names, or empty when it names none.
   *
   * @throws IllegalArgumentException when only one of user and password variable is set, or the
   *     variable is not set in {@code environment}
   */
  static Optional<JmxCredentials> from(CompactionSpec spec, Map<String, String> environment) {
    if (spec.jmxUsername() == null && spec.jmxPasswordEnv() == null) {
      return Optional.empty();
    }
    if (spec.jmxUsername() == null) {
      throw new IllegalArgumentException(
          "flow.compaction.jmx-password-env is set but flow.compaction.jmx-username is not:"
              + " set both, or neither when JMX needs no login.");
    }
    if (spec.jmxPasswordEnv() == null) {
      throw new IllegalArgumentException(
          "flow.compaction.jmx-username is set but flow.compaction.jmx-password-env is not: name"
              + " the environment variable that holds the JMX password.");
    }
    String password = environment.get(spec.jmxPasswordEnv());
    if (password == null) {
      throw new IllegalArgumentException(
          "The environment variable "
              + spec.jmxPasswordEnv()
              + " named by flow.compaction.jmx-password-env is not set.");
    }
    return Optional.of(new JmxCredentials(spec.jmxUsername(), password, spec.jmxPasswordEnv()));
  }

  String username() {
    return username;
  }

  /** The environment variable the password came from, for messages. */
  String passwordEnv() {
    return passwordEnv;
  }

  /** What {@link javax.management.remote.JMXConnector#CREDENTIALS} expects. */
  String[] asJmxCredentials() {
    return new String[] {username, password};
  }

  @Override
  public String toString() {
    return "JMX user " + username + " (password from $" + passwordEnv + ")";
  }
}
