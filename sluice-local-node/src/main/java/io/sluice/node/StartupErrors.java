package io.sluice.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what went wrong out of Cassandra's log lines, for the one message a failed start shows.
 * Pure: lines in, sentences out.
 */
final class StartupErrors {

  /** The {@code logback.xml} pattern: {@code LEVEL [thread] date time File.java:line - message}. */
  private static final Pattern LOG_LINE =
      Pattern.compile("^(TRACE|DEBUG|INFO|WARN|ERROR)\\s+\\[.*?\\]\\s+\\S+ \\S+ \\S+ - (.*)$");

  /** Errors after which Cassandra exits: its start-up failed, or a disk failure policy fired. */
  private static final Pattern FATAL =
      Pattern.compile("(?i)exception encountered during startup|exiting forcefully");

  /**
   * Errors about damaged data. With {@code disk_failure_policy: die} (Sluice's setting) Cassandra
   * exits on them, but a start that logs one must not wait for the timeout if it does not.
   */
  private static final Pattern CORRUPTION = Pattern.compile("(?i)corrupt");

  /** Log lines, stack frames included, that point at the data files rather than the setup. */
  private static final Pattern DATA_FILE_TROUBLE =
      Pattern.compile(
          "(?i)corrupt|org\\.apache\\.cassandra\\.io\\.sstable|CommitLogReplayException");

  private static final int MAX_QUOTE = 400;

  private StartupErrors() {}

  /**
   * One line per ERROR event in {@code system.log}: its message, the exception it logged, and that
   * exception's root cause, without the stack trace.
   */
  static List<String> errors(List<String> systemLogLines) {
    List<String> errors = new ArrayList<>();
    int i = 0;
    while (i < systemLogLines.size()) {
      Matcher m = LOG_LINE.matcher(systemLogLines.get(i));
      i++;
      if (!m.matches() || !m.group(1).equals("ERROR")) {
        continue;
      }
      String message = m.group(2).trim();
      String exception = null;
      String rootCause = null;
      while (i < systemLogLines.size() && !LOG_LINE.matcher(systemLogLines.get(i)).matches()) {
        String line = systemLogLines.get(i).trim();
        if (line.startsWith("Caused by: ")) {
          rootCause = line.substring("Caused by: ".length());
        } else if (exception == null && !line.isEmpty() && !line.startsWith("at ")) {
          exception = line;
        }
        i++;
      }
      String summary = message;
      if (exception != null && !summary.contains(exception)) {
        summary += ": " + exception;
      }
      if (rootCause != null && !summary.contains(rootCause)) {
        summary += " (caused by " + rootCause + ")";
      }
      errors.add(shorten(summary));
    }
    return errors;
  }

  /**
   * The first error that means the start-up cannot succeed, if any.
   *
   * @param corruptionIsFatal whether the node runs with a disk failure policy that ends it on
   *     corrupt data ({@code die} or {@code stop}), so that any corruption error is fatal
   */
  static Optional<String> fatal(List<String> errors, boolean corruptionIsFatal) {
    return errors.stream()
        .filter(e -> FATAL.matcher(e).find() || (corruptionIsFatal && CORRUPTION.matcher(e).find()))
        .findFirst();
  }

  /** Whether the log blames the data files, stack traces included. */
  static boolean blamesDataFiles(List<String> systemLogLines) {
    return systemLogLines.stream().anyMatch(l -> DATA_FILE_TROUBLE.matcher(l).find());
  }

  /**
   * The last lines the JVM printed itself, such as "Could not reserve enough space for object
   * heap", leaving out the JDK's warnings and stack frames.
   */
  static List<String> jvmErrors(List<String> stdoutLines) {
    List<String> lines =
        stdoutLines.stream()
            .map(String::trim)
            .filter(l -> !l.isEmpty() && !l.startsWith("WARNING:") && !l.startsWith("at "))
            .filter(l -> !l.startsWith("..."))
            .map(StartupErrors::shorten)
            .toList();
    return lines.subList(Math.max(0, lines.size() - 3), lines.size());
  }

  /**
   * The sentence that follows "Cassandra did not start ...": the errors to quote and the log to
   * read. The fatal error comes first, then the last other error; the JVM's own complaints are
   * quoted only when Cassandra logged nothing.
   */
  static String explain(
      List<String> errors, List<String> jvmErrors, Path systemLog, Path stdoutLog) {
    LinkedHashSet<String> quoted = new LinkedHashSet<>();
    fatal(errors, true).ifPresent(quoted::add);
    if (!errors.isEmpty()) {
      quoted.add(errors.get(errors.size() - 1));
    }
    if (!quoted.isEmpty()) {
      return "Cassandra's log says: " + quote(quoted) + " Details are in " + systemLog + ".";
    }
    if (!jvmErrors.isEmpty()) {
      return "Java says: " + quote(jvmErrors) + " Details are in " + stdoutLog + ".";
    }
    return "Details are in " + systemLog + " and " + stdoutLog + ".";
  }

  private static String quote(Iterable<String> lines) {
    List<String> parts = new ArrayList<>();
    lines.forEach(l -> parts.add("\"" + l + "\""));
    String joined = String.join("; ", parts);
    return joined.endsWith(".\"") ? joined : joined + ".";
  }

  private static String shorten(String line) {
    return line.length() <= MAX_QUOTE ? line : line.substring(0, MAX_QUOTE - 3) + "...";
  }
}
