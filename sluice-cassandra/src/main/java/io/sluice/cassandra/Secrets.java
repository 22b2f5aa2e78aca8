package io.sluice.cassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads a secret (a password) from the environment variable or the file a job names, never from the
 * job file itself. Messages name the setting and the variable or file, never the value.
 */
public final class Secrets {

  private Secrets() {}

  /**
   * The secret, or null when neither source is named.
   *
   * @param setting where the two settings sit, such as {@code target.password}: messages name
   *     {@code setting-env} and {@code setting-file}
   */
  public static String read(
      String setting, String envName, String fileName, Path baseDir, Map<String, String> env) {
    if (envName != null) {
      String value = env.get(envName);
      if (value == null) {
        throw new IllegalArgumentException(
            "The environment variable " + envName + " named by " + setting + "-env is not set.");
      }
      return value;
    }
    if (fileName != null) {
      Path file = baseDir.resolve(fileName);
      try {
        return Files.readAllLines(file).stream().findFirst().orElse("").strip();
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "Cannot read the file " + file + " named by " + setting + "-file.");
      }
    }
    return null;
  }
}
