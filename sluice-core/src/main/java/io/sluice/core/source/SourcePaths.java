package io.sluice.core.source;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the paths a job names for its source files into {@link Path}s: a local path, resolved
 * against the job file's folder, or a URI such as {@code hdfs://namenode:8020/dump} or {@code
 * s3a://bucket/dump} when the runtime has installed a file system for remote URIs (the Spark job
 * installs Hadoop's {@code FileSystem}; the CLI reads local files only). File formats read every
 * file through {@code java.nio}, so they read remote files as they read local ones.
 */
public final class SourcePaths {

  private static final Pattern URI_SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*)://.*");

  private static volatile Function<URI, Path> remote;

  private static volatile Map<String, String> hadoopSettings = Map.of();

  private SourcePaths() {}

  /** Installs what opens remote URIs in this JVM; the last installed wins. */
  public static void installRemote(Function<URI, Path> opener) {
    installRemote(opener, Map.of());
  }

  /**
   * Installs what opens remote URIs in this JVM, and the Hadoop settings it was configured with,
   * for a source that reads remote files with a Hadoop of its own; the last installed wins.
   */
  public static void installRemote(Function<URI, Path> opener, Map<String, String> settings) {
    remote = opener;
    hadoopSettings = Map.copyOf(settings);
  }

  /**
   * The Hadoop settings the runtime gave (on Spark, the submission's {@code spark.hadoop.*}
   * settings without their prefix); none on the CLI. They may hold credentials: never show them.
   */
  public static Map<String, String> hadoopSettings() {
    return hadoopSettings;
  }

  /**
   * The URI a job names when it is not a local path ({@code hdfs://namenode:8020/dump}), for a
   * source that reads it with a Hadoop of its own; {@code null} for a local path or a {@code file:}
   * URI.
   *
   * @throws IllegalArgumentException when it is not a valid URI, or names a user or key
   */
  public static URI remoteUri(String given) {
    Matcher scheme = URI_SCHEME.matcher(given);
    if (!scheme.matches()) {
      return null;
    }
    URI uri = uri(given, scheme.group(1).toLowerCase(Locale.ROOT));
    return uri.getScheme().equalsIgnoreCase("file") ? null : uri;
  }

  /** The path a job names, as given: relative local paths stay relative. */
  public static Path of(String given) {
    Matcher scheme = URI_SCHEME.matcher(given);
    if (!scheme.matches()) {
      return Path.of(given);
    }
    String name = scheme.group(1).toLowerCase(Locale.ROOT);
    URI uri = uri(given, name);
    if (name.equals("file")) {
      return Path.of(uri);
    }
    Function<URI, Path> opener = remote;
    if (opener == null) {
      throw new IllegalArgumentException(
          "source path '"
              + given
              + "': "
              + name
              + ":// paths are read through Hadoop's FileSystem, which a Spark run has: submit"
              + " the job with spark-submit (see docs/spark.md), or copy the files to a local"
              + " folder");
    }
    return opener.apply(uri);
  }

  private static URI uri(String given, String scheme) {
    URI uri;
    try {
      uri = new URI(given);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "source path '" + given + "' is not a valid URI: " + e.getReason(), e);
    }
    if (uri.getRawUserInfo() != null) {
      // Never repeat the path: its user part may hold a key.
      throw new IllegalArgumentException(
          "a "
              + scheme
              + ":// source path names a user or key in its host part; give credentials in"
              + " Hadoop's configuration (spark.hadoop.* settings or core-site.xml), not in the"
              + " path");
    }
    return uri;
  }

  /** The path a job names, with a relative local path resolved against {@code baseDir}. */
  public static Path resolve(Path baseDir, String given) {
    return resolve(baseDir, of(given));
  }

  /** {@code given} resolved against {@code baseDir} when both are on the same file system. */
  public static Path resolve(Path baseDir, Path given) {
    return given.getFileSystem() == baseDir.getFileSystem() ? baseDir.resolve(given) : given;
  }
}
