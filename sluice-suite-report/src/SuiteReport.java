import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where this build's test time went: the ten slowest test classes of every module (from the
 * Surefire and Failsafe reports written since the build began) and how many times a Cassandra node
 * started (its own log's "Startup complete" lines since then, for the nodes under each module's
 * {@code target/it-work}). Run by the build as a single-file program: {@code java
 * SuiteReport.java <project folder> <build start, ISO-8601>}.
 */
public final class SuiteReport {

  private static final Pattern SUITE =
      Pattern.compile("<testsuite\\b[^>]*?\\bname=\"([^\"]+)\"[^>]*?\\btime=\"([0-9.,]+)\"");
  private static final Pattern SUITE_TIME_FIRST =
      Pattern.compile("<testsuite\\b[^>]*?\\btime=\"([0-9.,]+)\"[^>]*?\\bname=\"([^\"]+)\"");
  private static final Pattern STARTED =
      Pattern.compile("(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d),\\d+ \\S+ - Startup complete");
  private static final DateTimeFormatter LOG_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

  private record Timed(String testClass, double seconds) {}

  public static void main(String[] args) throws IOException {
    Path project = Path.of(args[0]);
    Instant since = Instant.parse(args[1]).minusSeconds(1);
    List<Timed> classes = new ArrayList<>();
    long starts = 0;
    try (Stream<Path> modules = Files.list(project)) {
      for (Path module : modules.filter(Files::isDirectory).toList()) {
        for (String reports : List.of("surefire-reports", "failsafe-reports")) {
          classes.addAll(timesIn(module.resolve("target").resolve(reports), since));
        }
        starts += nodeStartsIn(module.resolve("target").resolve("it-work"), since);
      }
    }
    classes.sort(Comparator.comparingDouble(Timed::seconds).reversed());
    double all = classes.stream().mapToDouble(Timed::seconds).sum();
    System.out.printf(
        Locale.ROOT,
        "Test suite: %d classes, %.0f s in all; Cassandra nodes started: %d%n",
        classes.size(),
        all,
        starts);
    System.out.println("The ten slowest test classes:");
    for (Timed timed : classes.subList(0, Math.min(10, classes.size()))) {
      System.out.printf(Locale.ROOT, "  %7.1f s  %s%n", timed.seconds(), timed.testClass());
    }
  }

  private static List<Timed> timesIn(Path folder, Instant since) throws IOException {
    List<Timed> timed = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return timed;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (!name.startsWith("TEST-")
            || !name.endsWith(".xml")
            || Files.getLastModifiedTime(file).toInstant().isBefore(since)) {
          continue;
        }
        String head = head(file);
        Matcher suite = SUITE.matcher(head);
        Matcher timeFirst = SUITE_TIME_FIRST.matcher(head);
        if (suite.find()) {
          timed.add(new Timed(suite.group(1), seconds(suite.group(2))));
        } else if (timeFirst.find()) {
          timed.add(new Timed(timeFirst.group(2), seconds(timeFirst.group(1))));
        }
      }
    }
    return timed;
  }

  /** The start of a report, where its {@code testsuite} element is. */
  private static String head(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    return new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.UTF_8);
  }

  private static double seconds(String text) {
    return Double.parseDouble(text.replace(",", ""));
  }

  private static long nodeStartsIn(Path workDir, Instant since) throws IOException {
    if (!Files.isDirectory(workDir)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(workDir)) {
      return files
          .filter(file -> file.getFileName().toString().equals("system.log"))
          .mapToLong(log -> startsIn(log, since))
          .sum();
    }
  }

  private static long startsIn(Path log, Instant since) {
    try (Stream<String> lines = Files.lines(log)) {
      return lines
          .map(STARTED::matcher)
          .filter(Matcher::find)
          .filter(
              started ->
                  !LocalDateTime.parse(started.group(1), LOG_TIME)
                      .atZone(ZoneId.systemDefault())
                      .toInstant()
                      .isBefore(since))
          .count();
    } catch (IOException | UncheckedIOException e) {
      return 0;
    }
  }
}
