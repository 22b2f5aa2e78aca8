package io.sluice.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Groups the lines of a reject file by stage and reason, for the report: the most frequent reasons
 * with their counts and a few source positions each. A reason's quoted excerpt of a value ({@code
 * (value "...")}) is taken out, so reasons group and no record's value reaches the report; the line
 * number a reason starts with is taken out too. The positions name the file and offset only, never
 * a record's id. Memory and time stay bounded whatever the file's length: past {@link
 * #MAX_DISTINCT} distinct reasons the others are counted together, and past {@link
 * #MAX_GROUPED_LINES} lines the rest are only counted.
 */
public final class RejectReasons {

  /** Reasons the report lists, most frequent first. */
  public static final int SHOWN = 20;

  /** Distinct reasons kept while reading. */
  static final int MAX_DISTINCT = 1000;

  private static final int EXAMPLES = 3;
  private static final int MAX_REASON_LENGTH = 300;
  private static final String OTHER = "other reasons";

  /** Lines grouped; the rest are counted, not read as JSON, so a huge file is read fast. */
  static final int MAX_GROUPED_LINES = 1_000_000;

  /** Where a reason starts quoting a value: everything after it goes, whatever the value holds. */
  private static final String VALUE_EXCERPT = " (value ";

  /** The line a reason of a text file's record starts with: reasons group without it. */
  private static final Pattern LINE_NUMBER = Pattern.compile("^line \\d+: ");

  private static final ObjectMapper JSON = new ObjectMapper();

  private RejectReasons() {}

  /**
   * The reasons of the lines read, from each of {@code files} in turn (a run's rejects, then its
   * findings), most frequent first, at most {@link #SHOWN} plus the rest.
   */
  public static List<ReasonCount> of(BufferedReader... files) throws IOException {
    Map<List<String>, Group> groups = new LinkedHashMap<>();
    Group other = new Group();
    String line;
    long read = 0;
    long notGrouped = 0;
    for (BufferedReader lines : files) {
      while ((line = lines.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        if (++read > MAX_GROUPED_LINES) {
          notGrouped++;
          continue;
        }
        JsonNode node;
        try {
          node = JSON.readTree(line);
        } catch (IOException e) {
          continue;
        }
        List<String> key = List.of(node.path("stage").asText("?"), reasonOf(node));
        Group group = groups.get(key);
        if (group == null && groups.size() < MAX_DISTINCT) {
          group = new Group();
          groups.put(key, group);
        }
        if (group == null) {
          other.count++;
        } else {
          group.add(node);
        }
      }
    }
    List<ReasonCount> sorted = new ArrayList<>();
    groups.forEach(
        (key, group) ->
            sorted.add(new ReasonCount(key.get(0), key.get(1), group.count, group.examples)));
    sorted.sort(Comparator.comparingLong(ReasonCount::count).reversed());
    List<ReasonCount> shown = new ArrayList<>(sorted.subList(0, Math.min(SHOWN, sorted.size())));
    long rest = other.count;
    for (ReasonCount hidden : sorted.subList(shown.size(), sorted.size())) {
      rest += hidden.count();
    }
    if (rest > 0) {
      shown.add(new ReasonCount("", OTHER, rest, List.of()));
    }
    if (notGrouped > 0) {
      shown.add(
          new ReasonCount(
              "",
              String.format("not grouped: the lines after the first %,d", MAX_GROUPED_LINES),
              notGrouped,
              List.of()));
    }
    return shown;
  }

  /**
   * The reason of a line without the value it quotes: the excerpt ({@code (value "...")}) ends a
   * reason's sentence, so everything from it on goes, even a value that holds quotes or brackets.
   */
  static String reasonOf(JsonNode line) {
    String reason = LINE_NUMBER.matcher(line.path("reason").asText("")).replaceFirst("");
    int excerpt = reason.indexOf(VALUE_EXCERPT);
    if (excerpt >= 0) {
      reason = reason.substring(0, excerpt) + (reason.endsWith(".") ? "." : "");
    }
    return reason.length() <= MAX_REASON_LENGTH
        ? reason
        : reason.substring(0, MAX_REASON_LENGTH - 1) + "…";
  }

  private static final class Group {
    long count;
    final List<String> examples = new ArrayList<>(EXAMPLES);

    void add(JsonNode line) {
      count++;
      if (examples.size() < EXAMPLES && line.hasNonNull("resource")) {
        examples.add(line.get("resource").asText() + ":" + line.path("offset").asLong());
      }
    }
  }
}
